import SwiftUI

/// Public: the apps that use this package see it.
@MainActor
public final class ThemeStore: ObservableObject {
    @Published public var accent: Color = .blue
    public init() {}

    public func reset() {
        accent = .blue
    }
}

/// Internal to the package: the apps' own `Store` types are unrelated to it.
@MainActor
final class Store: ObservableObject {
    @Published var loads = 0

    func load() {
        loads += 1
    }
}

public struct ThemeSwatch: View {
    @ObservedObject var store = Store() // expect: observed_object_created_inline
    public init() {}

    public var body: some View {
        Text("\(store.loads)")
    }
}

/// Runs its body again whenever the selection changes, re-creating `ThemeSwatch`.
struct ThemeGallery: View {
    @State private var selected = 0

    var body: some View {
        Stepper("Swatch \(selected)", value: $selected)
        ThemeSwatch()
    }
}
