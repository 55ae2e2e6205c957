import Combine
import Foundation

/// Forwards the mixer's changes: views that read `studio.mixer.masterLevel` update.
@MainActor
final class StudioSession: ObservableObject {
    let mixer: MixerModel
    @Published var isRecording = false
    private var cancellables = Set<AnyCancellable>()

    init(mixer: MixerModel? = nil) {
        let mixer = mixer ?? MixerModel()
        self.mixer = mixer
        mixer.objectWillChange
            .sink { [weak self] _ in self?.objectWillChange.send() }
            .store(in: &cancellables)
    }

    var levelDescription: String {
        mixer.isClipping ? "Clipping!" : "\(Int(mixer.masterLevel * 100)) %"
    }
}

/// Same, with the subscription kept in a single stored cancellable.
@MainActor
final class MonitorSession: ObservableObject {
    let mixer: MixerModel
    private var mixerForwarding: AnyCancellable?

    init(mixer: MixerModel) {
        self.mixer = mixer
        mixerForwarding = mixer.objectWillChange
            .receive(on: RunLoop.main)
            .sink { [weak self] _ in
                self?.objectWillChange.send()
            }
    }
}
