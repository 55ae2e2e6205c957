import Foundation
import Observation

/// Step-by-step cooking: where the cook is, and which steps are done.
@MainActor
@Observable
final class CookingSession {
    let recipe: Recipe
    var stepIndex = 0
    var completedSteps: Set<Int> = []

    init(recipe: Recipe) {
        self.recipe = recipe
    }

    var isFinished: Bool { completedSteps.count == recipe.steps.count }

    func completeStep() {
        completedSteps.insert(stepIndex)
        stepIndex = min(stepIndex + 1, max(recipe.steps.count - 1, 0))
    }
}
