import SwiftUI

@MainActor
final class CourseCatalog: ObservableObject {
    @Published var courses: [String] = []
    func course(id: Int) -> String { courses.indices.contains(id) ? courses[id] : "" }
    func reload() { courses = ["Swift", "Go"] }
}

@MainActor
final class EnrollmentLog: ObservableObject {
    @Published var enrollments: [String] = []
    func enroll(_ course: String) { enrollments.append(course) }
}

@MainActor
final class CourseGroupModel: ObservableObject {
    @Published var group = ""
    init(course: String) {}
    func join() { group = "A" }
}

struct CourseGroupView: View {
    @ObservedObject var model: CourseGroupModel
    var body: some View { Button(model.group) { model.join() } }
}

// A course switch and a reload of the catalog change what the model is built from: the new
// model belongs to the new course.
struct CourseSwitcher: View {
    @ObservedObject var catalog: CourseCatalog
    @State private var selectedCourse = 0
    var body: some View {
        Picker("Course", selection: $selectedCourse) { Text("Swift").tag(0) }
        Button("Reload") { catalog.reload() }
        CourseGroupView(model: CourseGroupModel(course: catalog.course(id: selectedCourse)))
    }
}

// Enrolling changes nothing the model is built from: the same course gets a new model.
struct EnrollingCourseSwitcher: View {
    @ObservedObject var catalog: CourseCatalog
    @ObservedObject var log: EnrollmentLog
    @State private var selectedCourse = 0
    var body: some View {
        Picker("Course", selection: $selectedCourse) { Text("Swift").tag(0) }
        Button("Enroll \(log.enrollments.count)") { log.enroll("Go") }
        CourseGroupView(model: CourseGroupModel(course: catalog.course(id: selectedCourse))) // expect: model_created_in_body
    }
}
