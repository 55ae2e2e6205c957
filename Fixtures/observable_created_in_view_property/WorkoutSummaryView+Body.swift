import SwiftUI

extension WorkoutSummaryView: View {
    var body: some View {
        VStack {
            Text(formatter.format(summarySession.elapsed))
            Text("\(summarySession.laps.count) laps")
            Button("Export") { writer.append("done") }
            Button("Lap") { summarySession.lap() }
        }
    }
}
