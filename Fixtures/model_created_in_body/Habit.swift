import Foundation

struct Habit: Identifiable, Hashable {
    let id: UUID
    var title: String
    var completions: [Date]

    init(id: UUID = UUID(), title: String, completions: [Date] = []) {
        self.id = id
        self.title = title
        self.completions = completions
    }

    static let blank = Habit(title: "")
    static let sample = Habit(title: "Read 20 pages", completions: [.now])
}
