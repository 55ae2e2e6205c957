import SwiftUI

final class Section {
    var title = ""
    var paragraphs: [String] = []

    func add(_ paragraph: String) { paragraphs.append(paragraph) }
    func copy() -> Section {
        let section = Section()
        section.title = title
        section.paragraphs = paragraphs
        return section
    }
}

/// Fills each section it builds, and hands out only copies: no view holds an object the
/// parser writes.
enum OutlineParser {
    static func parse(_ lines: [String]) -> [Section] {
        var sections: [Section] = []
        var current: Section?
        for line in lines {
            if line.hasPrefix("#") {
                if let done = current { sections.append(done.copy()) }
                current = Section()
                current?.title = line
            } else {
                current?.add(line)
            }
        }
        if let done = current { sections.append(done.copy()) }
        return sections
    }
}

struct SectionView: View {
    let section: Section

    var body: some View {
        Text("\(section.title): \(section.paragraphs.count) paragraphs")
    }
}

final class ScanResult { var text = "" }

/// Clears the unobserved result in the same action as `isConfirming`, whose binding the
/// alert holds: the body runs again and reads the cleared text.
struct ScanScreen: View {
    @State private var result = ScanResult()
    @State private var isConfirming = false

    var body: some View {
        Text(result.text)
        Button("Clear") {
            result.text = ""
            isConfirming = true
        }
        .alert("Cleared", isPresented: $isConfirming) {}
    }
}

struct OutlineScreen: View {
    let lines: [String]

    var body: some View {
        List(OutlineParser.parse(lines), id: \.title) { SectionView(section: $0) }
        ScanScreen()
    }
}
