import ObservationLintCore
import ObservationSyntax

public struct EnvironmentObjectCreatedInline: Rule {
    public static let description = RuleDescription(
        id: "environment_object_created_inline",
        name: "Environment object created inline",
        category: .environment,
        summary: "`.environmentObject(T())` or `.environment(T())` creates the injected model inside `body`.",
        rationale: """
            A view's (or an app's) `body` is evaluated again whenever its inputs or observed state \
            change. `.environmentObject(Store())` or `.environment(Model())` written there \
            constructs a new object on every evaluation and injects it in place of the previous \
            one: every view below that reads it starts over with a fresh model, losing its data, \
            and the object's initializer (loading, subscriptions) runs again each time.
            """,
        fix: """
            Create the object once, where it is owned: `@StateObject private var store = Store()` \
            (ObservableObject) or `@State private var model = Model()` (`@Observable`) in the view \
            or the `App`, and inject that: `.environmentObject(store)`, `.environment(model)`.
            """,
        triggeringExamples: [
            """
            final class Store: ObservableObject { @Published var items: [String] = [] }
            @main
            struct ShopApp: App {
                var body: some Scene {
                    WindowGroup {
                        ContentView().environmentObject(↓Store())
                    }
                }
            }
            """,
            """
            @Observable final class Library { var books: [String] = [] }
            struct Root: View {
                var body: some View {
                    NavigationStack {
                        Shelf()
                    }
                    .environment(↓Library())
                }
            }
            """,
            """
            final class Cart: ObservableObject {
                @Published var count = 0
                init(userID: String) {}
            }
            struct CheckoutFlow: View {
                let userID: String
                var body: some View {
                    TabView {
                        ForEach(0..<3) { _ in
                            Step().environmentObject(↓Cart(userID: userID))
                        }
                    }
                }
            }
            """,
            """
            @Observable final class Theme { var accent = "blue" }
            struct Settings: View {
                @State private var isPresented = false
                var body: some View {
                    Button("Edit") { isPresented = true }
                        .sheet(isPresented: $isPresented) {
                            ThemeEditor().environment(↓Theme())
                        }
                }
            }
            """,
            """
            final class Session: ObservableObject { @Published var user: String? }
            struct Shell: View {
                var body: some View { content }
                @ViewBuilder private var content: some View {
                    Home().environmentObject(↓Session.init())
                }
            }
            """,
        ],
        nonTriggeringExamples: [
            """
            final class Store: ObservableObject { @Published var items: [String] = [] }
            @main
            struct ShopApp: App {
                @StateObject private var store = Store()
                var body: some Scene {
                    WindowGroup { ContentView().environmentObject(store) }
                }
            }
            """,
            """
            final class Store: ObservableObject { @Published var items: [String] = [] }
            #Preview {
                ContentView().environmentObject(Store())
            }
            struct ContentView_Previews: PreviewProvider {
                static var previews: some View {
                    ContentView().environmentObject(Store())
                }
            }
            """,
            """
            struct Root: View {
                var body: some View {
                    ContentView().environmentObject(ExternalStore())
                }
            }
            """,
            """
            @Observable final class Library { var books: [String] = [] }
            struct Root: View {
                @State private var library = Library()
                var body: some View {
                    Shelf()
                        .environment(library)
                        .environment(\\.locale, Locale(identifier: "en"))
                }
            }
            """,
            """
            final class Store: ObservableObject { @Published var items: [String] = [] }
            final class SceneDelegate {
                func makeRoot() -> some View {
                    ContentView().environmentObject(Store())
                }
            }
            """,
            """
            final class Store: ObservableObject { @Published var items: [String] = [] }
            struct Root: View {
                var body: some View {
                    Button("Open") {
                        open(ContentView().environmentObject(Store()))
                    }
                }
            }
            """,
        ])

    public init() {}

    public func check(_ context: inout RuleContext) {
        let index = context.index
        let file = context.file
        let injections = index.environmentInjections.filter {
            $0.file == context.fileIndex && $0.constructor != nil && !$0.isInPreview && $0.kind != .delegateAdaptor
        }
        guard !injections.isEmpty else { return }
        for (decl, type) in index.typeDeclarations(in: context.fileIndex)
        where RenderingCode.isRendering(type, includeApps: true) && !RenderingCode.isPreviewCode(type, index: index) {
            var previewOnly: Bool?  // a wrapper view written for previews
            for body in RenderingCode.bodies(in: decl, of: type) {
                let inside = injections.filter { body.range.contains($0.token) }
                guard !inside.isEmpty else { continue }
                let scopes = file.scopes(in: body.range)
                for injection in inside {
                    guard let typeName = injection.providedType, let model = index.types[typeName],
                        RenderingCode.isModel(model), RenderingCode.hasMutableState(model, index: index),
                        ViewCode.renderRole(of: injection.token, scopes: scopes, file: file, index: index) == .content,
                        ViewCode.renderRole(of: injection.expression.lowerBound, scopes: scopes, file: file, index: index) == .content
                    else { continue }
                    if previewOnly == nil { previewOnly = RenderingCode.isUsedOnlyInPreviews(type, index: index) }
                    if previewOnly == true { continue }
                    let modifier = file.text(injection.token)
                    let wrapper = RenderingCode.ownerWrapper(for: model)
                    let owner = type.traits.contains(.app) ? "the app's `body`" : "`body`"
                    let holder = holderName(for: model.name)
                    context.report(
                        "`.\(modifier)(\(file.text(injection.expression)))` creates a new `\(model.name)` every time \(owner) is evaluated: the views below get a fresh object and lose its state",
                        at: injection.expression.lowerBound..<injection.expression.lowerBound + 1,
                        help: "keep it in `\(wrapper) private var \(holder) = \(file.text(injection.expression))` and inject `.\(modifier)(\(holder))`")
                }
            }
        }
    }

    /// `AppStore` → `appStore`; `Outer.Store` → `store`.
    private func holderName(for typeName: String) -> String {
        let simple = typeName.split(separator: ".").last.map(String.init) ?? typeName
        guard let first = simple.first else { return "model" }
        return first.lowercased() + simple.dropFirst()
    }
}
