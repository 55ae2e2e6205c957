import ComposableArchitecture
import SwiftUI

/// The Composable Architecture's stores: their observation is derived from the feature's
/// state, so no wrapper is judged on them.
extension Store where State == TimerFeature.State {
    var isRunning: Bool { state.isRunning }
}

@Reducer
struct TimerFeature {
    @ObservableState
    struct State: Equatable {
        var isRunning = false
    }
}

struct TimerFeatureView: View {
    @Bindable var store: StoreOf<TimerFeature>
    @ObservedObject var viewStore: ViewStoreOf<TimerFeature>
    let root: Store<TimerFeature.State, Never>

    var body: some View {
        Text(store.isRunning ? "Running" : "Stopped")
    }
}
