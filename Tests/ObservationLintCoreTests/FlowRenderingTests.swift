import ObservationLintCore
import ObservationSyntax
import XCTest

final class FlowRenderingTests: XCTestCase {
    private func index(_ source: String) -> ProjectIndex {
        ProjectIndex(files: [ParsedFile(path: "App.swift", bytes: Array(source.utf8))], defaultIsolationIsMainActor: false)
    }

    /// For each write of `field` of `model`: where it is made, and the view-state write in
    /// its flow that renders `view` again ("-" when none).
    private func renderingWrites(of field: String, in model: String, view: String, _ source: String) -> [String] {
        let index = index(source)
        guard let info = index.types[model], let reader = index.types[view] else {
            XCTFail("no type \(model) or \(view)")
            return []
        }
        let file = index.files[0]
        return index.changes(of: info).writes(of: field).map { write in
            let state = index.viewStateWrite(inFlowOf: write.site, renderedBy: reader)
            return "\(write.member): " + (state.map { file.text($0.token) } ?? "-")
        }
    }

    func testAFlowWritingTheViewsOwnStateRendersItAgain() {
        let source = """
            final class Router: ObservableObject { @Published var opened = "" }
            struct Menu: View {
                @State private var selection = ""
                @State private var count = 0
                let router: Router
                var body: some View {
                    Text(selection)
                    Text(router.opened)
                    Button("Open") {
                        selection = "a"
                        router.opened = "a"
                    }
                    Button("Later") {
                        selection = "b"
                        Task { @MainActor in router.opened = "b" }
                    }
                    Button("Count") {
                        count += 1
                        router.opened = "c"
                    }
                    Button("Maybe") {
                        router.opened = "d"
                        if count > 1 { selection = "d" }
                    }
                }
            }
            """
        // The `Task` is another flow; `count` is state the body does not read; a write only
        // one branch makes does not run whenever the model's write does.
        XCTAssertEqual(
            renderingWrites(of: "opened", in: "Router", view: "Menu", source),
            ["a closure in `Menu.body`: selection", "a closure in `Menu.body`: -", "a closure in `Menu.body`: -", "a closure in `Menu.body`: -"])
    }

    /// A `@State` the body hands on as `$name` renders it again too (the binding carries the
    /// value the body saw); so does, in the view's own code, a tracked property of an
    /// `@Observable` object the body reads, or any `@Published` one of an object it observes.
    /// A tracked property the body does not read, or an unobserved object's, renders nothing.
    func testABoundStateOrAnAnnouncedPropertyTheViewReadsRendersItAgain() {
        let source = """
            final class Scan { var text = "" }
            @Observable final class Camera {
                var photo = ""
                var flash = false
            }
            final class Feed: ObservableObject { @Published var page = 0 }
            struct ScanView: View {
                @Bindable var camera: Camera
                @ObservedObject var feed: Feed
                @State private var unobserved = Feed()
                @State private var confirming = false
                let scan: Scan
                var body: some View {
                    Text(camera.photo)
                    Text(scan.text)
                    Button("Alert") {
                        scan.text = "a"
                        confirming = true
                    }
                    .alert("Done", isPresented: $confirming) {}
                    Button("Photo") {
                        scan.text = "b"
                        camera.photo = ""
                    }
                    Button("Flash") {
                        scan.text = "c"
                        camera.flash = true
                    }
                    Button("Page") {
                        scan.text = "d"
                        feed.page += 1
                    }
                    Button("Unobserved") {
                        scan.text = "e"
                        unobserved.page += 1
                    }
                }
            }
            """
        XCTAssertEqual(
            renderingWrites(of: "text", in: "Scan", view: "ScanView", source),
            [
                "a closure in `ScanView.body`: confirming", "a closure in `ScanView.body`: photo", "a closure in `ScanView.body`: -",
                "a closure in `ScanView.body`: page", "a closure in `ScanView.body`: -",
            ])
    }

    func testACoordinatorWritingABindingTheViewBindsToItsOwnState() {
        let source = """
            final class Router: ObservableObject { @Published var openedDay: Date? }
            struct DayPicker: UIViewRepresentable {
                @Binding var day: Date?
                let router: Router
                func makeUIView(context: Context) -> UIDatePicker { UIDatePicker() }
                func updateUIView(_ view: UIDatePicker, context: Context) {}
                func makeCoordinator() -> Coordinator { Coordinator(self) }
                final class Coordinator: NSObject {
                    var parent: DayPicker
                    init(_ parent: DayPicker) { self.parent = parent }
                    func picked(_ date: Date) {
                        parent.day = date
                        parent.router.openedDay = date
                    }
                    func cleared() async {
                        parent.day = nil
                        await Task.yield()
                        parent.router.openedDay = nil
                    }
                }
            }
            struct Agenda: View {
                @Binding var day: Date?
                let router: Router
                var body: some View {
                    Text(day?.description ?? "")
                    DayPicker(day: $day, router: router)
                    Text(router.openedDay?.description ?? "")
                }
            }
            struct Overview: View {
                let router: Router
                @State private var day: Date?
                var body: some View {
                    DayPicker(day: .constant(nil), router: router)
                    Text(router.openedDay?.description ?? "")
                }
            }
            """
        // An `await` between the two ends the flow.
        XCTAssertEqual(
            renderingWrites(of: "openedDay", in: "Router", view: "Agenda", source),
            ["`Coordinator.picked()`: day", "`Coordinator.cleared()`: -"])
        // `Overview` binds the picker to no state of its own.
        XCTAssertEqual(
            renderingWrites(of: "openedDay", in: "Router", view: "Overview", source),
            ["`Coordinator.picked()`: -", "`Coordinator.cleared()`: -"])
    }
    func testAModelMethodWritingTheFieldEveryCallerBindsTheView() {
        let source = """
            final class Router: ObservableObject {
                @Published var selectedDay = 0
                @Published var openedDay: Int?
                @Published var other = 0
                func open(_ day: Int) {
                    selectedDay = day
                    openedDay = day
                }
                func peek(_ day: Int) {
                    other = day
                    openedDay = day
                }
            }
            struct Agenda: View {
                @Binding var day: Int
                let router: Router
                var body: some View {
                    Text("\\(day)")
                    Text("\\(router.openedDay ?? 0)")
                }
            }
            struct Screen: View {
                @EnvironmentObject var router: Router
                var body: some View { Agenda(day: $router.selectedDay, router: router) }
            }
            """
        // `Screen` binds `day` to `selectedDay`; nothing binds the view to `other`.
        XCTAssertEqual(
            renderingWrites(of: "openedDay", in: "Router", view: "Agenda", source),
            ["`open()`: selectedDay", "`peek()`: -"])
    }

    /// A write in the view's own action that the same flow follows by the view dismissing
    /// itself; not one with an `await` between, one in another closure, nor another view's.
    func testAFlowThatDismissesTheViewAfterTheWrite() {
        let source = """
            @Observable final class Recipe { var amounts: [String: Double] = [:] }
            struct ScaleSheet: View {
                @Environment(\\.dismiss) private var dismiss
                @Environment(\\.presentationMode) private var presentationMode
                let recipe: Recipe
                var body: some View {
                    Button("Save") {
                        recipe.amounts = [:]
                        dismiss()
                    }
                    Button("Done") {
                        recipe.amounts = [:]
                        presentationMode.wrappedValue.dismiss()
                    }
                    Button("Sync") {
                        Task {
                            recipe.amounts = [:]
                            await save()
                            dismiss()
                        }
                    }
                    Button("Apply") {
                        recipe.amounts = [:]
                        Task { dismiss() }
                    }
                }
                func save() async {}
            }
            struct RecipeScreen: View {
                let recipe: Recipe
                @Environment(\\.dismiss) private var dismiss
                var body: some View {
                    Button("Clear") {
                        recipe.amounts = [:]
                        dismiss()
                    }
                }
            }
            """
        let index = index(source)
        let writes = index.changes(of: index.types["Recipe"]!).writes(of: "amounts")
        let sheet = index.types["ScaleSheet"]!
        XCTAssertEqual(writes.map { index.dismissesItself(sheet, inFlowAfter: $0.site) }, [true, true, false, false, false])
    }
}
