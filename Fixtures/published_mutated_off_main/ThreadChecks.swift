import SwiftUI

/// Synchronous code called from a nonisolated `async` function runs off the main thread,
/// but not once it checked `Thread.isMainThread`.
final class SignInModel: ObservableObject { // expect: observable_object_main_actor
    @Published var signedIn = false
    @Published var greeting = ""
    @Published var attempts = 0

    func signIn() async {
        await Task.yield()
        finish(name: "Ada")
    }

    private func finish(name: String) {
        if Thread.isMainThread {
            signedIn = true
        } else {
            DispatchQueue.main.async { self.signedIn = true }
        }
        greet(name)
        attempts += 1 // expect: published_mutated_off_main
    }

    private func greet(_ name: String) {
        guard Thread.current.isMainThread else {
            DispatchQueue.main.async { self.greet(name) }
            return
        }
        greeting = "Hello, \(name)"
    }
}

struct SignInView: View {
    @StateObject private var model = SignInModel()

    var body: some View {
        VStack {
            Text(model.signedIn ? model.greeting : "Signed out")
            Text("\(model.attempts) attempts")
        }
        .task { await model.signIn() }
    }
}
