import Foundation

struct Track: Identifiable, Hashable, Codable {
    let id: UUID
    var title: String
    var artist: String
    var duration: TimeInterval
}

/// Plain value type: reading it through a parent is fine, the parent publishes it.
struct AudioSettings: Equatable {
    var crossfadeSeconds: Double = 0
    var normalizesVolume = true
    var streamingQuality: Quality = .high

    enum Quality: String, CaseIterable {
        case low, normal, high, lossless
    }
}
