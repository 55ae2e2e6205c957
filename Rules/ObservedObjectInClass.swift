import ObservationLintCore
import ObservationSyntax

/// The opt-in half of `view_wrapper_outside_view`: an `@ObservedObject` in a class that no
/// view relies on.
public struct ObservedObjectInClass: Rule {
    public static let description = RuleDescription(
        id: "observed_object_in_class",
        name: "ObservedObject in a class",
        category: .ownership,
        group: .pedantic,
        summary: "An `@ObservedObject` on a property of a class, where no view reads the object's state through the class.",
        rationale: """
            `@ObservedObject` subscribes a view to an object's `objectWillChange` only when \
            SwiftUI installs it on a view. In a class nothing installs it: it stores the object \
            and observes nothing. While the class only keeps the object, hands it on, or \
            subscribes to it itself through Combine, nothing goes wrong; but the wrapper suggests \
            that it makes the class (or views reading through it) follow the object's changes, \
            which it does not: a view that later reads the object's state through the class \
            will not update. \
            (`view_wrapper_outside_view` reports the case where a view already does.)
            """,
        fix: """
            Declare a plain `let`/`var`. To react to the object's changes, subscribe to its \
            publishers (`object.objectWillChange.sink { … }`), or adopt `@Observable`.
            """,
        triggeringExamples: [
            """
            final class TaskRunner {
                @ObservedObject var ↓settings: Settings
                init(settings: Settings) { self.settings = settings }
                func run() { print(settings.shell) }
            }
            """,
            """
            final class Coordinator: ObservableObject {
                @ObservedObject var ↓session: Session
                private var cancellables: Set<AnyCancellable> = []
                init(session: Session) {
                    self.session = session
                    session.objectWillChange.sink { [weak self] _ in self?.objectWillChange.send() }
                        .store(in: &cancellables)
                }
            }
            """,
            """
            final class EditorTextView: NSTextView {
                @ObservedObject var ↓recorder = AudioRecorder()
                func showRecorder() -> some View { RecorderView(recorder: recorder) }
            }
            """,
            """
            @Observable final class Library {
                @ObservationIgnored @SwiftUI.ObservedObject var ↓player: Player
                init(player: Player) { self.player = player }
            }
            """,
        ],
        nonTriggeringExamples: [
            """
            final class TaskRunner {
                let settings: Settings
                init(settings: Settings) { self.settings = settings }
            }
            """,
            """
            struct SettingsView: View {
                @ObservedObject var settings: Settings
                var body: some View { Text(settings.shell) }
            }
            """,
            """
            final class Settings: ObservableObject { @Published var shell = "zsh" }
            final class Terminal {
                @ObservedObject var settings = Settings()
            }
            struct TerminalTitle: View {
                let terminal: Terminal
                var body: some View { Text(terminal.settings.shell) }
            }
            """,
            """
            @propertyWrapper struct ObservedObject<Value> { var wrappedValue: Value }
            final class Machine {
                @ObservedObject var engine = Engine()
            }
            """,
            """
            final class Session: ObservableObject {
                @Published var user = ""
                @StateObject var cache = Cache()
            }
            """,
        ])

    public init() {}

    public func check(_ context: inout RuleContext) {
        for (property, type, attribute) in ViewWrapperOutsideView.wrappedProperties(in: context)
        where attribute.simpleName == "ObservedObject"
            && ViewWrapperOutsideView.unrelayedRead(
                through: property, in: type, file: context.file, index: context.index, counting: { _ in true }) == nil
        {
            context.report(
                "`@ObservedObject` on `\(property.name)` in the class `\(type.name)` does nothing: SwiftUI installs it only on views, so in a class it subscribes nothing to the object's changes; declare a plain `\(property.isLet ? "let" : "var")`",
                at: property.nameToken..<property.nameToken + 1,
                help: "to react to the object's changes in the class, subscribe to `\(property.name).objectWillChange` (or its `@Published` publishers), or adopt `@Observable`")
        }
    }
}
