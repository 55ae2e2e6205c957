import SwiftUI

@main
struct RecipeBoxApp: App {
    @StateObject private var library = RecipeLibrary()
    @StateObject private var cart = CartStore()
    @StateObject private var session = UserSession()
    @State private var timers = KitchenTimers()

    var body: some Scene {
        WindowGroup {
            RootView()
                .environmentObject(library)
                .environmentObject(cart)
                .environmentObject(session)
                .environment(timers)
        }
        #if os(macOS)
        Settings {
            ProfileView(session: session)
                .environmentObject(session)
                .frame(width: 420)
        }
        #endif
    }
}
