import Combine
import Foundation
import Observation
import SwiftUI

/// Reader preferences: `@State` in a class is never installed, so `fontSize` stays 16 and
/// no view hears about changes.
@MainActor
final class ReaderSettings: ObservableObject {
    @State var fontSize = 16.0 // expect: view_wrapper_outside_view
    @Published var theme = "sepia"
    @AppStorage("lineSpacing") var lineSpacing = 1.2

    func enlarge() {
        fontSize += 1
    }

    func useNightTheme() {
        theme = "night"
    }
}

/// Environment values are only filled in for views: here they are always the defaults.
@MainActor
@Observable
final class ReaderSession {
    @ObservationIgnored @Environment(\.locale) private var locale // expect: view_wrapper_outside_view
    @ObservationIgnored @EnvironmentObject var settings: ReaderSettings // expect: view_wrapper_outside_view
    var page = 0

    var pageLabel: String {
        "\(page) (\(locale.identifier), \(settings.theme))"
    }
}

/// A controller with several view-only wrappers.
@MainActor
final class ReaderController {
    @ObservedObject var settings: ReaderSettings // expect: observed_object_in_class
    @FocusState var isSearchFocused: Bool // expect: view_wrapper_outside_view
    @GestureState var pinchScale = 1.0 // expect: view_wrapper_outside_view
    @SceneStorage("chapter") var chapter = 0 // expect: view_wrapper_outside_view
    @StateObject var session = ReaderSettings() // expect: view_wrapper_outside_view
    @Namespace var pageTransition // expect: view_wrapper_outside_view
    @Binding var isPresented: Bool

    init(settings: ReaderSettings) {
        self.settings = settings
        _isPresented = .constant(false)
    }

    var status: String {
        "\(settings.theme) \(isSearchFocused) \(pinchScale) \(chapter) \(session.theme) \(isPresented) \(pageTransition)"
    }
}

/// Environment actions read outside a view are the defaults, bound to no window or
/// presentation: opening or dismissing through them does nothing useful.
@MainActor
final class ReaderWindowOpener {
    @Environment(\.openWindow) private var openWindow // expect: view_wrapper_outside_view
    @Environment(\EnvironmentValues.openURL) private var openURL // expect: view_wrapper_outside_view

    func openNotes(for book: String) {
        openWindow(id: "notes-\(book)")
    }

    func openStore(_ url: URL) {
        openURL(url)
    }
}

/// Leftovers nothing reads: no stale value ever reaches anyone.
@MainActor
final class ReaderLegacyState {
    @State var legacyBookmarkCount = 0
    @Environment(\.dismissWindow) private var legacyDismissWindow
    @FocusState var legacyFocus: Bool

    func reset() {
        legacyBookmarkCount = 0
    }
}

/// The toolbar reads the settings through this holder while rendering; the wrapper observes
/// nothing and the holder forwards nothing, so the toolbar keeps the first theme.
@MainActor
final class ReaderToolbarModel {
    @ObservedObject var settings: ReaderSettings // expect: view_wrapper_outside_view

    init(settings: ReaderSettings) {
        self.settings = settings
    }

    var themeLabel: String {
        settings.theme.capitalized
    }
}

/// Forwards the settings' changes itself: a view observing it updates, and the wrapper is
/// only misleading (the opt-in half).
@MainActor
final class ReaderFooterModel: ObservableObject {
    @ObservedObject var settings: ReaderSettings // expect: observed_object_in_class
    private var forwarding: AnyCancellable?

    init(settings: ReaderSettings) {
        self.settings = settings
        forwarding = settings.objectWillChange.sink { [weak self] _ in self?.objectWillChange.send() }
    }
}

/// An ObservableObject that its view observes, holding the settings without forwarding
/// them: `nested_observable_object` reports it, this rule does not (one root cause).
@MainActor
final class ReaderHeaderModel: ObservableObject {
    @ObservedObject var settings: ReaderSettings // expect: nested_observable_object

    init(settings: ReaderSettings) {
        self.settings = settings
    }
}
