import SwiftUI

/// One step at a time, large type, for the kitchen counter.
struct CookingModeView: View {
    let session: CookingSession

    var body: some View {
        VStack(spacing: 24) {
            if session.recipe.steps.isEmpty {
                ContentUnavailableView("No steps", systemImage: "list.bullet")
            } else {
                Text("Step \(session.stepIndex + 1) of \(session.recipe.steps.count)")
                    .font(.headline)
                Text(session.recipe.steps[session.stepIndex])
                    .font(.title)
                Button(session.isFinished ? "Done" : "Next Step") {
                    session.completeStep()
                }
                .disabled(session.completedSteps.contains(session.stepIndex) && session.isFinished)
            }
        }
        .padding()
        .navigationTitle(session.recipe.title)
    }
}
