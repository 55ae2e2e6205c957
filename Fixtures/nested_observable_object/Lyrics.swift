import Combine
import Foundation

/// Lyrics sources refine ObservableObject, so conforming classes are ObservableObjects.
@MainActor
protocol LyricsProviding: ObservableObject {
    var currentLine: String { get }
    func seek(to time: TimeInterval)
}

@MainActor
final class LyricsLoader: LyricsProviding {
    @Published private(set) var currentLine = ""
    @Published private(set) var lines: [(time: TimeInterval, text: String)] = []

    init(lrc: String) {
        lines = lrc
            .split(separator: "\n")
            .compactMap { line in
                // "[01:02.50] text"
                guard line.hasPrefix("["), let close = line.firstIndex(of: "]") else { return nil }
                let stamp = line[line.index(after: line.startIndex)..<close].split(separator: ":")
                guard stamp.count == 2, let minutes = Double(stamp[0]), let seconds = Double(stamp[1]) else {
                    return nil
                }
                return (minutes * 60 + seconds, String(line[line.index(after: close)...]).trimmingCharacters(in: .whitespaces))
            }
    }

    func seek(to time: TimeInterval) {
        currentLine = lines.last { $0.time <= time }?.text ?? ""
    }
}
