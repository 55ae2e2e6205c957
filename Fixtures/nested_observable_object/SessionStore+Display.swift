import Foundation

// Display helpers for SessionStore, in their own file. The computed property reads the
// child's state through the parent.
extension SessionStore {
    var currentLyricLine: String {
        lyrics?.currentLine ?? ""
    }

    var greeting: String {
        isSignedIn ? "Welcome back" : "Signed out"
    }
}
