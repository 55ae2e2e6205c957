import SwiftData
import SwiftUI

// A form sheet whose save changes what its presenter reads and then dismisses it in the same
// flow rebuilds nothing the user still sees, even though a wizard tab under the sheet saves
// its own form model too and a repository calls `ModelContext.save()`. A form that stays up
// after applying loses its draft.

@main struct ChartApp: App {
    var body: some Scene { WindowGroup { Tabs(patient: Patient(name: "")) } }
}

@Model final class Patient {
    var name: String
    var note: String = ""
    init(name: String) { self.name = name }
}

final class PatientRepository {
    private let context: ModelContext
    init(context: ModelContext) { self.context = context }
    func commit() { try? context.save() }
}

@MainActor final class PatientFormModel: ObservableObject {
    @Published var name = ""
    @Published var saveSuccess = false
    let patient: Patient?
    init(patient: Patient?) {
        self.patient = patient
        name = patient?.name ?? ""
    }
    func save() {
        patient?.name = name
        saveSuccess = true
    }
}

struct PatientForm: View {
    @Environment(\.dismiss) private var dismiss
    @ObservedObject var model: PatientFormModel
    var body: some View {
        TextField("Name", text: $model.name)
        Button("Save") {
            Task {
                model.save()
                if model.saveSuccess { dismiss() }
            }
        }
    }
}

@MainActor final class NoteFormModel: ObservableObject {
    @Published var draft = ""
    let patient: Patient
    init(patient: Patient) { self.patient = patient }
    func apply() { patient.note = draft }
}

struct NoteForm: View {
    @ObservedObject var model: NoteFormModel
    var body: some View {
        TextField("Note", text: $model.draft)
        Button("Apply") { model.apply() }
    }
}

struct Wizard: View {
    @StateObject private var model = PatientFormModel(patient: nil)
    var body: some View {
        TextField("Name", text: $model.name)
        Button("Next") { model.save() }
    }
}

struct PatientDetails: View {
    let patient: Patient
    @State private var isEditing = false
    @State private var isNoting = false
    var body: some View {
        VStack {
            Text(patient.name)
            Text(patient.note)
            Button("Edit") { isEditing = true }
            Button("Note") { isNoting = true }
        }
        .sheet(isPresented: $isEditing) { PatientForm(model: PatientFormModel(patient: patient)) }
        .sheet(isPresented: $isNoting) { NoteForm(model: NoteFormModel(patient: patient)) }  // expect: model_created_in_body
    }
}

struct Tabs: View {
    let patient: Patient
    var body: some View {
        TabView {
            PatientDetails(patient: patient).tabItem { Text("Patient") }
            Wizard().tabItem { Text("New") }
        }
    }
}
