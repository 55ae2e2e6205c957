import Foundation
import Observation

/// Re-registers from `onChange`: keeps following the settings.
@MainActor
final class ThemeSync {
    private let settings: ThemeSettings
    private(set) var applied = ""

    init(settings: ThemeSettings) {
        self.settings = settings
        observe()
    }

    private func observe() {
        withObservationTracking {
            applied = settings.accent
        } onChange: { [weak self] in
            Task { @MainActor in self?.observe() }
        }
    }
}

/// Re-registers through a helper that calls back into the setup function.
@MainActor
final class DocumentAutosaver {
    private let document: Document

    init(document: Document) {
        self.document = document
        startObserving()
    }

    func startObserving() {
        withObservationTracking {
            _ = document.text
        } onChange: { [weak self] in
            DispatchQueue.main.async { self?.documentDidChange() }
        }
    }

    private func documentDidChange() {
        save()
        startObserving()
    }

    private func save() {}
}
