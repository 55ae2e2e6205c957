import CarouselKit
import SwiftUI

/// SwiftUI controls' callbacks run later, whatever the closure's position; their labels and
/// content run while `body` is evaluated.
struct SetLogger: View {
    @ObservedObject var session: WorkoutSession
    @State private var note = ""
    @State private var weight = 20.0
    @State private var sets = 3
    @State private var commits = 0
    @State private var labelWidth: CGFloat = 0

    var body: some View {
        Form {
            Text("\(session.totalReps) reps")
            TextField("Note", text: $note) { commits += 1 }
            SecureField("Coach code", text: $note) { note = "" }
            Stepper("Sets", value: $sets) { editing in
                if !editing { commits += 1 }
            }
            Slider(value: $weight, in: 0...200, onEditingChanged: { _ in weight = weight.rounded() })
            Menu("Preset") {
                Text("Strength")
            } primaryAction: {
                sets = 5
            }
            Toggle(isOn: .constant(true)) {
                GeometryReader { proxy in
                    let _ = labelWidth = proxy.size.width // expect: state_mutation_in_body
                    Text("Warm-up")
                }
            }
            Stepper(value: $sets) {
                let _ = commits = sets // expect: state_mutation_in_body
                Text("\(sets) sets")
            }
        }
        .alert("Finish?", isPresented: .constant(false)) {
            Button("Finish") { session.totalReps += sets }
        }
    }
}

/// A closure of another module's initializer: when it runs is unknown, so nothing is claimed.
struct WeightCarousel: View {
    @State private var highlighted = 0
    let weights: [Double]

    var body: some View {
        Carousel(weights) {
            let _ = highlighted = weights.count
        }
    }
}

/// A project view whose callback's type is a type alias: the trailing closure binds to the
/// callback, which runs when the user scrolls.
struct OffsetTracker<Content: View>: View {
    typealias ScrollAction = (CGPoint) -> Void
    private let action: ScrollAction
    private let content: () -> Content

    init(onScroll: ScrollAction? = nil, @ViewBuilder content: @escaping () -> Content) {
        self.action = onScroll ?? { _ in }
        self.content = content
    }

    var body: some View {
        ScrollView { content() }
    }
}

struct SetHistory: View {
    @State private var isScrolled = false

    var body: some View {
        OffsetTracker { offset in
            isScrolled = offset.y < 0
        } content: {
            Text(isScrolled ? "History" : "Sets")
        }
    }
}
