import SwiftUI

struct RootView: View {
    @EnvironmentObject private var entries: EntryStore
    @EnvironmentObject private var appModel: AppModel
    @Environment(ThemeSettings.self) private var theme
    @State private var isAdding = false

    var body: some View {
        NavigationStack {
            List(entries.entries) { entry in
                Text(entry.text)
            }
            .safeAreaInset(edge: .top) { EntryCountView() }
            .sheet(isPresented: $isAdding) { EntryEditorSheet() }
            .tint(Color(theme.accent))
            .toolbar {
                if let account = appModel.account {
                    AccountBadge()
                        .environmentObject(account)
                }
                PushTokenLabel()
            }
            .safeAreaInset(edge: .bottom) {
                DraftBar()
                SyncFooter()
                WeatherHeader()
                EntrySidebar()
                ConversationPane()
            }
            .modifier(WordCountModifier())
        }
    }
}

struct AccountBadge: View {
    @EnvironmentObject private var account: Account

    var body: some View {
        Text(account.name)
    }
}

struct PushTokenLabel: View {
    @EnvironmentObject private var appDelegate: AppDelegate

    var body: some View {
        Text(appDelegate.pushToken ?? "No push token")
    }
}

/// Reads the preferences that the app injects through `appModel.preferences`.
struct WordCountModifier: ViewModifier {
    @EnvironmentObject private var preferences: Preferences
    @EnvironmentObject private var entries: EntryStore

    func body(content: Content) -> some View {
        content.overlay(alignment: .topTrailing) {
            if preferences.showsWordCount {
                Text("\(entries.entries.count) entries")
            }
        }
    }
}
