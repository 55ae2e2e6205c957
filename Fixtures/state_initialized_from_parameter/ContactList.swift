import SwiftUI

struct ContactList: View {
    @State private var contacts: [Contact] = []
    @State private var isAdding = false

    var body: some View {
        NavigationStack {
            List($contacts) { $contact in
                NavigationLink(contact.name) { ContactEditor(contact: $contact) }
            }
            ForEach(contacts) { contact in
                // The row copies a field that changes under the same id: stale after an edit.
                ContactRow(isFavorite: contact.isFavorite)
            }
            ContactCount(total: 3)
        }
        .sheet(isPresented: $isAdding) {
            NewContactForm(draft: Contact(id: UUID(), name: "", phone: "", isFavorite: false)) { contacts.append($0) }
        }
    }
}

struct ContactRow: View {
    // The toggle edits it: the caller's value is only where it starts.
    @State var isFavorite: Bool // expect: state_initialized_from_parameter

    var body: some View {
        Toggle("Favorite", isOn: $isFavorite)
    }
}

/// Fed a constant by its only caller.
struct ContactCount: View {
    @State var total: Int // expect: state_initialized_from_parameter

    var body: some View {
        Text("\(total) contacts")
    }
}

/// No caller in the project: nothing shows a changing value.
struct ContactInitials: View {
    @State var monogram: String // expect: state_initialized_from_parameter

    var body: some View {
        Text(monogram)
    }
}
