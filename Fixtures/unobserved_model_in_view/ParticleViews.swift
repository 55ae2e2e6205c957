import SwiftUI

/// A frame-stepped simulation read only in an animation timeline, drawn again every frame;
/// one whose count a label outside the timeline shows goes stale.
final class ParticleEngine {
    var lastTime = -1.0
    var particles = 0

    func step(to now: Double) {
        lastTime = now
        particles += 1
    }
}

struct ParticleFountain: View {
    @State private var engine = ParticleEngine()

    var body: some View {
        TimelineView(.animation) { timeline in
            Canvas { context, size in
                advance(now: timeline.date.timeIntervalSinceReferenceDate)
            }
        }
    }

    private func advance(now: Double) {
        if engine.lastTime < 0 { engine.lastTime = now }
        engine.step(to: now)
    }
}

struct ParticleCounter: View {
    @State private var engine = ParticleEngine() // expect: unobserved_model_in_view

    var body: some View {
        VStack {
            TimelineView(.animation(minimumInterval: 0.1, paused: true)) { timeline in
                Canvas { context, size in
                    engine.step(to: timeline.date.timeIntervalSinceReferenceDate)
                }
            }
            Text("\(engine.particles) particles")
        }
    }
}

/// A name only its own text field edits; one a button also sets.
@MainActor
final class SignInForm: ObservableObject {
    @Published var username = ""
    @Published var server = ""
}

struct TokenSignInView: View {
    @State private var form = SignInForm()

    var body: some View {
        TextField("User name", text: $form.username)
    }
}

struct ServerSignInView: View {
    @State private var form = SignInForm() // expect: unobserved_model_in_view

    var body: some View {
        TextField("Server", text: $form.server)
        Button("Default server") { form.server = "cloud.example.com" }
    }
}
