import SwiftUI

/// Focus state is state SwiftUI keeps for the view: assigning it while `body` is evaluated
/// changes state during the update; assigning it in an action does not.
struct ChatComposer: View {
    @Binding var text: String
    let error: String?
    @AccessibilityFocusState private var errorFocused: Bool
    @FocusState private var fieldFocused: Bool

    var body: some View {
        errorFocused = error != nil // expect: state_mutation_in_body
        return VStack {
            TextField("Message", text: $text).focused($fieldFocused)
            if let error {
                Text(error).accessibilityFocused($errorFocused)
            }
        }
        .onAppear { fieldFocused = true }
        .onChange(of: error) { _, new in errorFocused = new != nil }
    }
}
