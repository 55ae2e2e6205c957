import SwiftUI

@MainActor
final class StreakModel: ObservableObject {
    @Published var days = 0
    private var timer: Timer?
    init(start: Int) {
        days = start
        timer = Timer.scheduledTimer(withTimeInterval: 86_400, repeats: true) { _ in }
    }
}

protocol StreakMaking {
    func makeStreakModel(start: Int) -> StreakModel
    func sharedStreakModel() -> StreakModel
}

final class StreakFactory: StreakMaking {
    private let shared = StreakModel(start: 0)

    func makeStreakModel(start: Int) -> StreakModel {
        StreakModel(start: start)
    }

    func sharedStreakModel() -> StreakModel {
        shared
    }
}

struct StreakBadge: View {
    @StateObject var model: StreakModel // expect: state_object_initialized_from_outside
    init(model: StreakModel) { _model = StateObject(wrappedValue: model) }
    var body: some View { Text("\(model.days)") }
}

/// Builds the badge view itself: around a new model on each call, or around the one it keeps.
final class StreakBadges {
    private let kept = StreakModel(start: 0)

    func badge(start: Int) -> some View {
        StreakBadge(model: StreakModel(start: start))
    }

    func keptBadge() -> some View {
        StreakBadge(model: kept)
    }
}

struct StreakScreen: View {
    let factory: StreakMaking
    let badges: StreakBadges
    @State private var refreshes = 0

    var body: some View {
        VStack {
            Button("Refresh \(refreshes)") { refreshes += 1 }
            StreakBadge(model: factory.makeStreakModel(start: refreshes)) // expect: model_created_in_body
            StreakBadge(model: factory.sharedStreakModel())
            badges.badge(start: refreshes) // expect: model_created_in_body
            badges.keptBadge()
        }
    }
}
