import SwiftUI

@MainActor
final class Membership: ObservableObject {
    static let shared = Membership()
    @Published var member: String?
    @Published var plan = "free"
    @Published var lastSync = ""
    @Published var bio = ""

    // Started only by `JoinScreen`, which `MembershipRoot` shows in the other branch than
    // the member's views: it runs before they are built (it inserts them).
    func join(_ name: String) async {
        try? await Task.sleep(nanoseconds: 1)
        member = name
    }
    // Started only by `JoinScreen`, synchronously.
    func choose(_ new: String) { plan = new }
    // Started by `MemberCard`'s own button: it runs while the card is shown.
    func sync() { lastSync = "now" }
}

struct MembershipRoot: View {
    @ObservedObject private var membership = Membership.shared

    var body: some View {
        if membership.member != nil {
            MemberCard()
            MemberSettings()
        } else {
            JoinScreen()
        }
    }
}

struct JoinScreen: View {
    var body: some View {
        VStack {
            Button("Join") { Task { await Membership.shared.join("ann") } }
            Button("Pro") { Membership.shared.choose("pro") }
        }
    }
}

struct MemberCard: View {
    var body: some View {
        VStack {
            Text(Membership.shared.member ?? "")
            Text(Membership.shared.plan)
            Text(Membership.shared.lastSync) // expect: unobserved_model_in_view
            Button("Sync") { Membership.shared.sync() }
        }
    }
}

@main
struct MembershipApp: App {
    var body: some Scene {
        WindowGroup { MembershipRoot() }
    }
}

struct BioUpdate {
    let text: String
}

final class ProfileClient {
    static let shared = ProfileClient()

    // Started only by `BioEditor`'s own save: the editor hands back what it holds.
    func save(_ update: BioUpdate) async {
        try? await Task.sleep(nanoseconds: 1)
        await MainActor.run { Membership.shared.bio = update.text }
    }
}

struct MemberSettings: View {
    @ObservedObject private var membership = Membership.shared
    @State private var isEditing = false

    var body: some View {
        Button("Edit bio") { isEditing = true }
            .sheet(isPresented: $isEditing) { BioEditor(bio: membership.bio) }
    }
}

struct BioEditor: View {
    @State var bio: String // expect: state_initialized_from_parameter
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        VStack {
            TextField("Bio", text: $bio)
            Button("Save") { Task { await performSave() } }
        }
    }

    private func performSave() async {
        let update = BioUpdate(text: bio)
        await ProfileClient.shared.save(update)
    }
}
