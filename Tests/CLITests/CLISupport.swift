import Foundation
import Testing

/// What one run of the executable did.
struct RunResult {
    var status: Int32
    var stdout: String
    var stderr: String

    var stdoutLines: [String] { stdout.split(separator: "\n").map(String.init) }
    var stderrLines: [String] { stderr.split(separator: "\n").map(String.init) }

    func json() throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any])
    }
}

enum CLI {
    /// The built `observation-lint`: next to the test bundle in the products folder (that
    /// covers `swift build` paths, `--build-path` and configurations), else `.build/debug`.
    static let executable: String = {
        var candidates: [URL] = []
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            candidates.append(bundle.bundleURL.deletingLastPathComponent())
        }
        candidates.append(Bundle.main.bundleURL)
        if let executableURL = Bundle.main.executableURL {
            var folder = executableURL.resolvingSymlinksInPath().deletingLastPathComponent()
            for _ in 0..<4 {
                candidates.append(folder)
                folder = folder.deletingLastPathComponent()
            }
        }
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        candidates.append(packageRoot.appendingPathComponent(".build/debug"))
        for folder in candidates {
            let path = folder.appendingPathComponent("observation-lint").path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return packageRoot.appendingPathComponent(".build/debug/observation-lint").path
    }()

    /// Runs a shell command line with `/bin/sh -c` in `directory`, with the built executable's
    /// folder first on the `PATH` (so `observation-lint …` is this build), as a user's CI
    /// script or build phase would. `environment` adds variables.
    static func shell(
        _ script: String, in directory: String, environment: [String: String] = [:], stdin: String? = nil
    ) throws -> RunResult {
        var variables = ProcessInfo.processInfo.environment
        let folder = (executable as NSString).deletingLastPathComponent
        variables["PATH"] = folder + ":" + (variables["PATH"] ?? "/usr/bin:/bin")
        variables.merge(environment) { $1 }
        return try run(
            ["-c", script], in: directory, stdin: stdin, executablePath: "/bin/sh", environment: variables)
    }

    /// A run still going after this many seconds hangs: it is killed, so that a hang fails
    /// its test rather than the whole suite. It is not a time limit: a run takes well under a
    /// second, and no load on the machine stretches that to ten minutes.
    static let hangSeconds: Double = 600

    /// Runs the executable in `directory`; output goes through files (no pipe can fill up),
    /// and a run that hangs (`hangSeconds`) is killed.
    static func run(
        _ arguments: [String], in directory: String, stdin: String? = nil,
        executablePath: String? = nil, environment: [String: String]? = nil
    ) throws -> RunResult {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("cli-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("stdout")
        let errURL = scratch.appendingPathComponent("stderr")
        let inURL = scratch.appendingPathComponent("stdin")
        try Data().write(to: outURL)
        try Data().write(to: errURL)
        try Data((stdin ?? "").utf8).write(to: inURL)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: executablePath ?? executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var environment = environment ?? ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "NO_COLOR")
        process.environment = environment
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        let input = try FileHandle(forReadingFrom: inURL)
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        let deadline = Date().addingTimeInterval(hangSeconds)
        while process.isRunning {
            if Date() > deadline {
                process.terminate()
                Issue.record("observation-lint \(arguments) hangs: still running after \(hangSeconds) s")
                break
            }
            Thread.sleep(forTimeInterval: 0.01)
        }
        process.waitUntilExit()
        try out.close()
        try err.close()
        try input.close()
        let stdout = String(decoding: try Data(contentsOf: outURL), as: UTF8.self)
        let stderr = String(decoding: try Data(contentsOf: errURL), as: UTF8.self)
        // A crash is a signal, never one of the documented exit codes.
        let status = process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        return RunResult(status: status, stdout: stdout, stderr: stderr)
    }
}

/// A temporary project folder.
struct Project {
    let path: String

    init(_ files: [String: String] = [:]) throws {
        let base = URL(fileURLWithPath: NSTemporaryDirectory()).resolvingSymlinksInPath()
        path = base.appendingPathComponent("observation-lint-cli-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        for (name, contents) in files { try write(name, contents) }
    }

    func url(_ relative: String) -> String { (path as NSString).appendingPathComponent(relative) }

    func write(_ relative: String, _ contents: String) throws {
        try write(relative, bytes: Array(contents.utf8))
    }

    func write(_ relative: String, bytes: [UInt8]) throws {
        let full = url(relative)
        try FileManager.default.createDirectory(
            atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: full))
    }

    func run(_ arguments: String..., stdin: String? = nil) throws -> RunResult {
        try CLI.run(arguments, in: path, stdin: stdin)
    }

    func run(arguments: [String], stdin: String? = nil) throws -> RunResult {
        try CLI.run(arguments, in: path, stdin: stdin)
    }

    func shell(_ script: String, environment: [String: String] = [:], stdin: String? = nil) throws -> RunResult {
        try CLI.shell(script, in: path, environment: environment, stdin: stdin)
    }

    func read(_ relative: String) throws -> String {
        String(decoding: try Data(contentsOf: URL(fileURLWithPath: url(relative))), as: UTF8.self)
    }

    func remove() {
        if let enumerator = FileManager.default.enumerator(atPath: path) {
            for case let relative as String in enumerator { chmod(url(relative), 0o755) }
        }
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// Minimal sources that obviously trigger the first rules (SPEC §7).
enum Samples {
    /// `state_initialized_from_outside` on line 6: no initial value, no init.
    static let stateFromOutside = """
        import SwiftUI

        struct Item { var name = "" }

        struct ItemView: View {
            @State var item: Item
            var body: some View { Text(item.name) }
        }

        struct ItemScreen: View {
            @State private var current = Item()
            var body: some View { ItemView(item: current).onTapGesture { current = Item() } }
        }

        """

    /// `missing_published` on line 4: mutated, read by a view through a computed property.
    static let missingPublished = """
        import Combine

        final class Counter: ObservableObject {
            var count = 0
            var label: String { "\\(count)" }
            func increment() { count += 1 }
        }

        struct CounterLabel: View {
            @ObservedObject var counter: Counter
            var body: some View { Text(counter.label) }
        }

        """

    /// `nested_observable_object` on line 8: a view reads the child through the parent's
    /// computed property.
    static let nestedObservable = """
        import Combine

        final class Child: ObservableObject {
            @Published var value = 0
        }

        final class Parent: ObservableObject {
            @Published var child = Child()
            var summary: Int { child.value }
        }

        struct SummaryLabel: View {
            @ObservedObject var parent: Parent
            var body: some View { Text("\\(parent.summary)") }
        }

        extension Child {
            func increment() { value += 1 }
        }

        """

    static let clean = """
        import SwiftUI

        struct Plain: View {
            @State private var count = 0
            var body: some View { Text("\\(count)") }
        }

        """
}
