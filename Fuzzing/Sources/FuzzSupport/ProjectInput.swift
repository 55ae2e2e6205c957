import Foundation

/// The project target's input: a configuration file and a few files of a project, in one
/// text. What comes before the first marker line is `.observation-lint.yml`; each line
/// `//--- PATH` starts a file at PATH, relative to the project folder (any `Package.swift`,
/// `project.pbxproj` or `.swift` file). `Fuzzing/seed-corpus.sh` writes the seeds this way.
public struct ProjectInput {
    public var configuration: [UInt8]
    public var files: [(path: String, bytes: [UInt8])]

    public static let marker = Array("//--- ".utf8)
    /// More files only slow the target down.
    public static let maximumFiles = 24

    public init(splitting bytes: [UInt8]) {
        // The marker lines: where each starts, and where its path ends.
        var markers: [(start: Int, pathEnd: Int)] = []
        var lineStart = 0
        while lineStart < bytes.count {
            let lineEnd = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            if bytes[lineStart..<lineEnd].starts(with: Self.marker) { markers.append((lineStart, lineEnd)) }
            lineStart = lineEnd + 1
        }
        /// The bytes from `start` to the next marker (the line break before it excluded).
        func content(from start: Int, before next: Int) -> [UInt8] {
            let end = next < markers.count ? max(start, markers[next].start - 1) : bytes.count
            return start < end ? Array(bytes[start..<end]) : []
        }
        configuration = content(from: 0, before: 0)
        files = markers.indices.prefix(Self.maximumFiles).map { index in
            let marker = markers[index]
            return (
                Self.safePath(bytes[(marker.start + Self.marker.count)..<marker.pathEnd], number: index),
                content(from: marker.pathEnd + 1, before: index + 1)
            )
        }
    }

    /// A relative path made only of plain name characters, at most six folders deep, with
    /// no `.` or `..` component; a numbered `.swift` file when nothing usable is left.
    static func safePath(_ text: ArraySlice<UInt8>, number: Int) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-+".utf8)
        let components = text.split(separator: UInt8(ascii: "/")).map { component in
            String(decoding: component.filter { allowed.contains($0) }.prefix(40), as: UTF8.self)
        }.filter { !$0.isEmpty && $0 != "." && $0 != ".." }.prefix(6)
        return components.isEmpty ? "File\(number).swift" : components.joined(separator: "/")
    }

    /// Writes the configuration and the files into `folder`, emptied first. A file whose
    /// path another file's folder already takes (or the reverse) is left out.
    public func write(to folder: String) {
        let manager = FileManager.default
        try? manager.removeItem(atPath: folder)
        do {
            try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Data(configuration).write(to: URL(fileURLWithPath: folder + "/.observation-lint.yml"))
        } catch {
            violated("cannot write the project into \(folder): \(error)")
        }
        for file in files {
            let url = URL(fileURLWithPath: folder + "/" + file.path)
            try? manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? Data(file.bytes).write(to: url)
        }
    }
}
