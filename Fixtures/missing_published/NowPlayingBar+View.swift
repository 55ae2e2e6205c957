import SwiftUI

extension NowPlayingBar: View {
    var body: some View {
        HStack(spacing: 12) {
            VStack(alignment: .leading, spacing: 2) {
                Text(player.currentEpisode?.title ?? "Nothing playing")
                    .font(.subheadline.weight(.semibold))
                    .lineLimit(1)
                Text("\(player.elapsed.clockString) · -\(player.remaining.clockString)")
                    .font(.caption.monospacedDigit())
                    .foregroundStyle(.secondary)
            }
            Spacer()
            Button(player.rateLabel) {
                player.cycleRate()
            }
            .buttonStyle(.bordered)
            Button {
                player.sleepTimerMinutes += 15
            } label: {
                Label(
                    player.sleepTimerMinutes == 0 ? "Sleep" : "\(player.sleepTimerMinutes) min",
                    systemImage: "moon.zzz"
                )
            }
            Button {
                player.isPlaying ? player.pause() : player.resume()
            } label: {
                Image(systemName: player.isPlaying ? "pause.fill" : "play.fill")
            }
        }
        .padding(.horizontal)
        .contentShape(Rectangle())
        .onTapGesture(perform: onExpand)
    }
}
