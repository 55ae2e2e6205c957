import ObservationLintCore
import ObservationSyntax
import XCTest

/// `ProjectIndex.setterNeverRuns`: a computed property's setter runs only where code
/// assigns, changes, binds or key-paths the property; the change model leaves out the
/// writes of a setter nothing calls.
final class SetterUseTests: XCTestCase {
    private func index(_ source: String) -> ProjectIndex {
        ProjectIndex(files: [ParsedFile(path: "App.swift", bytes: Array(source.utf8))], defaultIsolationIsMainActor: false)
    }

    private func setterNeverRuns(_ name: String, of type: String, in index: ProjectIndex, file: StaticString = #filePath, line: UInt = #line) -> Bool {
        guard let info = index.types[type], let property = info.properties.first(where: { $0.property.name == name })?.property else {
            XCTFail("no \(type).\(name)", file: file, line: line)
            return false
        }
        return index.setterNeverRuns(property, of: info)
    }

    private let app = """
        @main struct ProfileApp: App {
            var body: some Scene { WindowGroup { ProfileView() } }
        }
        struct User { var name = ""; var bio = "" }

        """

    /// The model's setters of `name` and `bio` write its stored `user`.
    private let model = """
        @Observable final class ProfileModel {
            private var user = User()
            var name: String {
                get { user.name }
                set { user.name = newValue }
            }
            var bio: String {
                get { user.bio }
                set { user.bio = newValue }
            }
            var isLoading = false
        }

        """

    func testASetterNobodyCallsWritesNothing() {
        let source = app + model + """
            struct ProfileView: View {
                @State private var model = ProfileModel()
                var body: some View {
                    Text(model.name)
                    Text(model.bio)
                }
            }
            """
        let index = index(source)
        XCTAssertTrue(setterNeverRuns("name", of: "ProfileModel", in: index))
        XCTAssertTrue(setterNeverRuns("bio", of: "ProfileModel", in: index))
        // The writes in the setters are no changes of `user`.
        XCTAssertEqual(index.changes(of: index.types["ProfileModel"]!).writes(of: "user").count, 0)
    }

    func testAnAssignmentOrABindingRunsTheSetter() {
        let source = app + model + """
            struct ProfileView: View {
                @State private var model = ProfileModel()
                var body: some View {
                    @Bindable var model = model
                    TextField("Bio", text: $model.bio)
                    Button(model.name) { model.name = "" }
                }
            }
            """
        let index = index(source)
        XCTAssertFalse(setterNeverRuns("name", of: "ProfileModel", in: index))
        XCTAssertFalse(setterNeverRuns("bio", of: "ProfileModel", in: index))
        XCTAssertEqual(index.changes(of: index.types["ProfileModel"]!).writes(of: "user").count, 2)
    }

    func testABindingThroughAPropertyOfTheView() {
        let source = app + model + """
            struct ProfileView: View {
                @Bindable var model: ProfileModel
                var body: some View { TextField("Name", text: $model.name) }
            }
            """
        XCTAssertFalse(setterNeverRuns("name", of: "ProfileModel", in: index(source)))
        XCTAssertTrue(setterNeverRuns("bio", of: "ProfileModel", in: index(source)))
    }

    func testTheTypesOwnCodeAndAKeyPathRunTheSetter() {
        let source = app + model + """
            extension ProfileModel {
                func clear() { name = "" }
            }
            struct ProfileView: View {
                @State private var model = ProfileModel()
                var body: some View { Text(model.name).onAppear { set(\\.bio, on: model) } }
            }
            """
        let index = index(source)
        XCTAssertFalse(setterNeverRuns("name", of: "ProfileModel", in: index))
        XCTAssertFalse(setterNeverRuns("bio", of: "ProfileModel", in: index))
    }

    func testAWriteOfAnotherTypesMemberOfTheSameNameIsNoCall() {
        let source = app + model + """
            struct ProfileView: View {
                @State private var model = ProfileModel()
                @State private var draft = User()
                var body: some View {
                    TextField("Name", text: $draft.name)
                    Button("Clear") { draft.bio = "" }
                    ForEach(items.sorted { $0.name < $1.name }) { Text($0.name) }
                }
            }
            """
        let index = index(source)
        XCTAssertTrue(setterNeverRuns("name", of: "ProfileModel", in: index))
        XCTAssertTrue(setterNeverRuns("bio", of: "ProfileModel", in: index))
    }

    func testCodeOutsideTheProjectMaySetAPublicOrProtocolProperty() {
        let library = model.replacingOccurrences(of: "    var name: String {", with: "    public var name: String {")
            .replacingOccurrences(of: "final class ProfileModel", with: "public final class ProfileModel")
            + """
            protocol Describing: AnyObject { var bio: String { get set } }
            extension ProfileModel: Describing {}
            struct ProfileView: View {
                @State private var model = ProfileModel()
                var body: some View { Text(model.name) }
            }
            """
        let index = index(app + library)
        XCTAssertFalse(setterNeverRuns("name", of: "ProfileModel", in: index))
        XCTAssertFalse(setterNeverRuns("bio", of: "ProfileModel", in: index))
        // Without an entry point, the project's clients may set it.
        let noApp = self.index(model + "struct User { var name = \"\"; var bio = \"\" }")
        XCTAssertFalse(setterNeverRuns("name", of: "ProfileModel", in: noApp))
    }
}
