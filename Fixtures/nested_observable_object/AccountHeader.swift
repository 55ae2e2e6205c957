import SwiftUI

/// Account block at the top of the settings screen. `body` is in AccountHeader+View.swift.
struct AccountHeader {
    @ObservedObject var session: SessionStore
}
