import SwiftUI

struct StatsPanel: View {
    @ObservedObject private var model: StatsModel

    init(model: StatsModel) {
        _model = ObservedObject(wrappedValue: model)
    }

    var body: some View {
        Stepper("Last \(model.range) days: \(model.total)", value: $model.range, in: 1...30)
    }
}

struct ChartView: View {
    let model: ChartModel

    var body: some View {
        HStack(alignment: .bottom) {
            ForEach(model.points.indices, id: \.self) { index in
                Rectangle()
                    .frame(width: 8, height: CGFloat(model.points[index]) * 4)
                    .opacity(model.highlighted == index ? 1 : 0.5)
                    .onTapGesture { model.highlighted = index }
            }
        }
    }
}

struct StatsBadge: View {
    @ObservedObject var formatter: BadgeFormatter
    let count: Int

    var body: some View {
        Text(formatter.format(count))
    }
}

// A change of `store.habits` builds the models for the new habits, as intended; `compact`
// changes nothing they are built from, and the same habits get new models.
struct StatsScreen: View {
    @EnvironmentObject private var store: HabitStore
    @State private var compact = false

    var body: some View {
        ScrollView {
            Toggle("Compact", isOn: $compact)
            summary
            let chart = ChartModel(points: store.habits.map(\.completions.count)) // expect: model_created_in_body
            ChartView(model: chart)
            StatsBadge(formatter: BadgeFormatter(), count: store.habits.count)
        }
        .font(compact ? .caption : .body)
    }

    @ViewBuilder
    private var summary: some View {
        if !store.habits.isEmpty {
            StatsPanel(model: StatsModel(habits: store.habits)) // expect: model_created_in_body
        }
    }
}

/// Only the previews use this host.
struct StatsPreviewHost: View {
    var body: some View {
        StatsPanel(model: StatsModel(habits: [.sample]))
    }
}

#Preview {
    StatsPreviewHost()
}
