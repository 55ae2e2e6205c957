import SwiftUI

struct TimersView: View {
    @Environment(KitchenTimers.self) private var timers
    @State private var newLabel = ""
    @State private var minutes = 10

    var body: some View {
        NavigationStack {
            List {
                Section("New Timer") {
                    TextField("Label", text: $newLabel)
                    Stepper("\(minutes) min", value: $minutes, in: 1...180)
                    Button("Start") {
                        timers.start(newLabel.isEmpty ? "Timer" : newLabel, minutes: minutes)
                        newLabel = ""
                    }
                }
                Section("Running (\(timers.finishedCount) done)") {
                    Button("Clear") { timers.clearFinishedCount() }
                    ForEach(timers.timers) { timer in
                        TimerRow(timer: timer) {
                            timers.stop(timer)
                        }
                    }
                }
                TimerSettingsSection(timers: timers)
            }
            .navigationTitle("Timers")
        }
    }
}

struct TimerRow: View {
    let timer: KitchenTimers.KitchenTimer
    let onStop: () -> Void

    var body: some View {
        HStack {
            VStack(alignment: .leading) {
                Text(timer.label)
                Text(timer.remaining.formatted(.time(pattern: .minuteSecond)))
                    .font(.title3.monospacedDigit())
                    .foregroundStyle(timer.isRunning ? Color.primary : Color.red)
            }
            Spacer()
            Button("Stop", role: .destructive, action: onStop)
        }
    }
}

struct TimerSettingsSection: View {
    @Bindable var timers: KitchenTimers

    var body: some View {
        Section("Settings") {
            Toggle("Play sound", isOn: $timers.soundEnabled)
        }
    }
}

#Preview {
    TimersView()
        .environment(KitchenTimers())
}
