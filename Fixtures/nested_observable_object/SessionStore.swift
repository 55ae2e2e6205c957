import Combine
import Foundation

/// Session storage refines ObservableObject; SessionStore is one through it.
@MainActor
protocol SessionStoring: ObservableObject {
    var isSignedIn: Bool { get }
    func signOut()
}

@MainActor
final class SessionStore: SessionStoring {
    @Published var account: AccountModel // expect: nested_observable_object

    /// Replaced whenever a new song starts. Not `@Published`, but it holds an
    /// ObservableObject: this is a nesting problem, not a missing `@Published`.
    var lyrics: LyricsLoader? // expect: nested_observable_object

    @Published private(set) var isSignedIn = true

    init(account: AccountModel) {
        self.account = account
    }

    func loadLyrics(_ lrc: String) {
        lyrics = LyricsLoader(lrc: lrc)
    }

    func signOut() {
        lyrics = nil
        isSignedIn = false
    }
}
