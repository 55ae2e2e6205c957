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
    @StateObject var model: StreakModel
    var body: some View { Text("\(model.days)") }
}

struct StreakScreen: View {
    let factory: StreakMaking
    @State private var refreshes = 0

    var body: some View {
        VStack {
            Button("Refresh \(refreshes)") { refreshes += 1 }
            StreakBadge(model: factory.makeStreakModel(start: refreshes)) // expect: model_created_in_body
            StreakBadge(model: factory.sharedStreakModel())
        }
    }
}
