import SwiftUI

struct RadioView: View {
    @State private var store = StationStore()
    @State private var player = PlayerModel()
    let analytics: Analytics

    var body: some View {
        List(store.stations, id: \.self) { station in
            Button(station) {
                store.play(station)
                analytics.track()
            }
        }
        .overlay {
            if store.isLoading { ProgressView() }
        }
        .navigationTitle(store.nowPlaying)
        .safeAreaInset(edge: .bottom) {
            Text(store.error ?? "")
            Slider(value: $player.volume)
        }
        .task { await store.refresh() }
    }
}
