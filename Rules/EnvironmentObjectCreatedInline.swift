import ObservationLintCore
import ObservationSyntax

public struct EnvironmentObjectCreatedInline: Rule {
    public static let description = RuleDescription(
        id: "environment_object_created_inline",
        name: "Environment object created inline",
        category: .environment,
        group: .suspicious,
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
                @AppStorage("signedIn") private var signedIn = false
                var body: some Scene {
                    WindowGroup {
                        ContentView(signedIn: signedIn).environmentObject(↓Store())
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
                var body: some Scene {
                    WindowGroup { ContentView().environmentObject(Store()) }
                }
            }
            """,
            """
            final class Store: ObservableObject { @Published var items: [String] = [] }
            struct RootView: View {
                var body: some View { ContentView().environmentObject(Store()) }
            }
            final class SceneDelegate {
                func makeController() -> UIViewController { UIHostingController(rootView: RootView()) }
            }
            """,
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
            """
            final class Formatters: ObservableObject {
                let currency = NumberFormatter()
                let dates = DateFormatter()
            }
            struct Shop: View {
                var body: some View {
                    ProductList().environmentObject(Formatters())
                }
            }
            """,
        ],
        autoFix: AutoFix(
            .unsafe,
            reason: "The model then lives as long as the view, created once instead of on every evaluation of `body`: the point, but it changes when its initializer runs and which state the views below start from.",
            corrections: [
                RuleCorrection(
                    """
                    final class Cart: ObservableObject { @Published var items: [String] = [] }
                    struct ShopRoot: View {
                        var body: some View {
                            Text("Shop").environmentObject(↓Cart())
                        }
                    }
                    """,
                    """
                    final class Cart: ObservableObject { @Published var items: [String] = [] }
                    struct ShopRoot: View {
                        @StateObject private var cart = Cart()

                        var body: some View {
                            Text("Shop").environmentObject(cart)
                        }
                    }
                    """),
                RuleCorrection(
                    """
                    @Observable final class Theme { var accent = "blue" }
                    struct ThemedRoot: View {
                        let title: String
                        var body: some View {
                            Text(title).environment(↓Theme())
                        }
                    }
                    """,
                    """
                    @Observable final class Theme { var accent = "blue" }
                    struct ThemedRoot: View {
                        let title: String
                        @State private var theme = Theme()

                        var body: some View {
                            Text(title).environment(theme)
                        }
                    }
                    """),
            ]))

    public init() {}

    public func check(_ context: inout RuleContext) {
        let index = context.index
        let file = context.file
        let injections = index.environmentInjections(inFile: context.fileIndex).filter {
            $0.constructor != nil && !$0.isInPreview && $0.kind != .delegateAdaptor
        }
        guard !injections.isEmpty else { return }
        for (decl, type) in index.typeDeclarations(in: context.fileIndex)
        where RenderingCode.isRendering(type) && !RenderingCode.isPreviewCode(type, index: index) {
            var previewOnly: Bool?  // a wrapper view written for previews
            var bodyRunsOnce: Bool?
            for body in RenderingCode.bodies(in: decl, file: context.fileIndex, of: type) {
                let inside = injections.filter { body.range.contains($0.token) }
                guard !inside.isEmpty else { continue }
                var roles = RenderRoles(body: body.range, file: file, index: index)
                for injection in inside {
                    guard let typeName = injection.providedType, let model = index.types[typeName],
                        RenderingCode.isModel(model), index.holdsMutableState(model),
                        roles.role(of: injection.token) == .content,
                        roles.role(of: injection.expression.lowerBound) == .content
                    else { continue }
                    if previewOnly == nil { previewOnly = RenderingCode.isUsedOnlyInPreviews(type, index: index) }
                    if previewOnly == true { continue }
                    // A body evaluated once (a constant root view, an app holding no state).
                    if bodyRunsOnce == nil { bodyRunsOnce = index.evaluatesBodyOnce(type) }
                    if bodyRunsOnce == true { continue }
                    let modifier = file.text(injection.token)
                    let wrapper = RenderingCode.ownerWrapper(for: model)
                    let owner = type.traits.contains(.app) ? "the app's `body`" : "`body`"
                    let holder = holderName(for: model.name)
                    let constructor = file.text(injection.expression)
                    let takesArguments = injection.constructor?.arguments.map { $0.count > 2 } ?? false
                        || injection.constructor?.trailingClosures.isEmpty == false
                    let help = takesArguments
                        ? "create it once, in a `\(wrapper) private var` of the view that owns it (built from that view's inputs), and inject the stored object"
                        : "keep it in `\(wrapper) private var \(holder) = \(constructor)` and inject `.\(modifier)(\(holder))`"
                    var fixes: [Fix] = []
                    if !takesArguments,
                        let edits = storedPropertyEdits(
                            for: injection, holder: holder, wrapper: wrapper, in: decl, type: type, body: body.range,
                            constructed: inside.filter { $0.providedType == typeName }.count, context: context)
                    {
                        fixes.append(Fix(title: "Keep the `\(model.name.simpleTypeName)` in `\(wrapper) private var \(holder)`", edits: edits))
                    }
                    context.report(
                        "`.\(modifier)(\(file.text(injection.expression)))` creates a new `\(model.name)` every time \(owner) is evaluated: the views below get a fresh object and lose its state",
                        at: injection.expression.lowerBound..<injection.expression.lowerBound + 1,
                        notes: ViewProperty.renderingSiteNotes(of: type, context: context),
                        help: help, fixes: fixes)
                }
            }
        }
    }

    /// `@StateObject private var store = Store()` inserted above `var body` (on a line of
    /// its own, with the same indentation), and the injection of `store`. Only where the
    /// rewrite is certain to compile: an argument-less constructor, in `body` of the type's
    /// own declaration (stored properties cannot go in an extension) outside any `#if`, the
    /// only inline `T()` there, and a name nothing in the type uses yet.
    private func storedPropertyEdits(
        for injection: EnvironmentInjection, holder: String, wrapper: String, in decl: TypeDecl, type: TypeInfo,
        body: Range<Int>, constructed: Int, context: RuleContext
    ) -> [TextEdit]? {
        let file = context.file
        guard constructed == 1, decl.kind == .struct,
            let property = decl.properties.first(where: { $0.name == "body" && $0.accessors.contains { $0.body == body } }),
            !isConditionallyCompiled(injection.expression.lowerBound, in: body, file: file)
        else { return nil }
        for declaration in type.declarations {
            let declFile = context.index.files[declaration.file]
            if declaration.decl.members.contains(where: { declFile.kind($0) == .identifier && declFile.spells($0, holder) }) {
                return nil
            }
        }
        // The body's declaration must start its line: its indentation is the new line's.
        let start = Int(file.tokens[property.declaration.lowerBound].start)
        var lineStart = start
        while lineStart > 0, file.source.bytes[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
        let indentation = file.source.bytes[lineStart..<start]
        guard indentation.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) else { return nil }
        let indent = String(decoding: indentation, as: UTF8.self)
        let constructor = file.text(injection.expression)
        return [
            context.edit(insertingBefore: property.declaration.lowerBound, "\(wrapper) private var \(holder) = \(constructor)\n\n\(indent)"),
            context.edit(replacing: injection.expression, with: holder),
        ]
    }

    /// Inside an `#if` of the body: a stored property declared for it would be compiled on
    /// every platform, the type it creates perhaps not.
    private func isConditionallyCompiled(_ token: Int, in body: Range<Int>, file: ParsedFile) -> Bool {
        var depth = 0
        for index in body.lowerBound..<token {
            switch file.kind(index) {
            case .poundIf: depth += 1
            case .poundEndif: depth -= 1
            default: break
            }
        }
        return depth > 0
    }

    /// `AppStore` → `appStore`; `Outer.Store` → `store`.
    private func holderName(for typeName: String) -> String {
        let simple = String(typeName.simpleTypeName)
        guard let first = simple.first else { return "model" }
        return first.lowercased() + simple.dropFirst()
    }
}
