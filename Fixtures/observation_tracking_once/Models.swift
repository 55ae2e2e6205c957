import Foundation
import Observation

@MainActor
@Observable
final class Cart {
    var items: [String] = []
    var total = 0.0
}

@MainActor
@Observable
final class ThemeSettings {
    var accent = "blue"
    var usesDarkMode = false
}

@MainActor
@Observable
final class Document {
    var text = ""
    var title = "Untitled"
}
