import Foundation
import SwiftData

/// SwiftData models belong to their model context, not to the main actor.
@Model
final class WorkoutEntry {
    var name: String
    var minutes: Int

    init(name: String, minutes: Int) {
        self.name = name
        self.minutes = minutes
    }
}
