import SwiftUI
import Observation

/// Migrated from ObservableObject: the `@Published` attributes were left behind.
@MainActor
@Observable
final class ReaderPreferences {
    @Published var fontSize = 17.0 // expect: property_wrapper_in_observable
    @Published // expect: property_wrapper_in_observable
    private(set) var theme = "sepia"

    @AppStorage("reader.lineSpacing") var lineSpacing = 1.2 // expect: property_wrapper_in_observable

    /// Ignored and wrapped: compiles; tracking is `untracked_observable_read`'s concern.
    @ObservationIgnored @AppStorage("reader.justify") var justify = false

    /// Attributes that are not property wrappers.
    @MainActor var pageCount = 0
    @available(iOS 17, macOS 14, *) var hyphenation = true
    nonisolated(unsafe) var debugLabel = ""

    static let shared = ReaderPreferences()
}
