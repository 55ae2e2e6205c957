import SwiftUI
import UIKit

@main
struct JournalApp: App {
    @UIApplicationDelegateAdaptor(AppDelegate.self) private var appDelegate
    @StateObject private var entries = EntryStore()
    @StateObject private var drafts = DraftStore()
    @StateObject private var appModel = AppModel()
    @State private var theme = ThemeSettings()

    var body: some Scene {
        WindowGroup {
            RootView()
                .environmentObject(entries)
                .environmentObject(drafts)
                .environmentObject(appModel)
                .environmentObject(appModel.preferences)
                .environment(theme)
        }
    }
}
