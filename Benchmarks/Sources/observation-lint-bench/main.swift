// observation-lint-bench: observation-lint's whole pipeline against swift-syntax's parser,
// in one run, on the same corpus.
//
//   observation-lint-bench [--runs N] [--jobs N] FOLDER...
//   observation-lint-bench --phase PHASE [--jobs N] FOLDER...     (one measurement, in process:
//                                                                  for profilers)
//
// Phases, each on every `*.swift` file under the folders (found as the tool finds them:
// hidden folders, `.build`, `.git`, ... skipped):
//   floor         read every file and count its newlines: the least any tool must do;
//   swift-syntax  read every file and parse it with SwiftParser's `Parser.parse`;
//   pipeline      observation-lint's whole pipeline: find and read the files, tokenize, parse
//                 declarations, build the project index, run every rule (opt-in ones
//                 included), sort, format the JSON report (written to /dev/null).
// Each runs on one thread and on all cores (`--jobs`, default: all), in a child process of
// its own, so that each has its own peak resident memory (`getrusage`'s ru_maxrss); the
// phases are interleaved run by run, so that a change in the machine's load touches all of
// them alike. The table gives medians over the runs of wall-clock time and of CPU time
// (user + system, all threads: on a loaded machine the steadier of the two).

import Dispatch
import Foundation
import ObservationLintCore
import ObservationLintRules
import ObservationSyntax
import SwiftParser

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Arguments

enum Phase: String, CaseIterable {
    case floor, swiftSyntax = "swift-syntax", pipeline
    /// Not in the table (`--phase parse` only): the pipeline's first two stages, every file
    /// tokenized and parsed into declarations and kept, to see their share of time and memory.
    case parse

    static let measured: [Phase] = [.floor, .swiftSyntax, .pipeline]
}

struct Arguments {
    var runs = 5
    var jobs = ProcessInfo.processInfo.activeProcessorCount
    var phase: Phase?
    /// With `--phase pipeline`: where to write the JSON report (to compare runs).
    var output: String?
    var folders: [String] = []

    static let usage = """
        usage: observation-lint-bench [--runs N] [--jobs N] FOLDER...
               observation-lint-bench --phase floor|swift-syntax|pipeline [--jobs N] [--output FILE] FOLDER...
        """

    static func parse(_ list: [String]) -> Arguments {
        var result = Arguments()
        var rest = list[...]
        func number(_ option: String) -> Int {
            guard let value = rest.popFirst().flatMap(Int.init), value > 0 else { fail("\(option) needs a positive number") }
            return value
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--runs": result.runs = number(argument)
            case "--jobs": result.jobs = number(argument)
            case "--phase":
                guard let phase = rest.popFirst().flatMap(Phase.init(rawValue:)) else {
                    fail("--phase needs floor, swift-syntax, pipeline or parse")
                }
                result.phase = phase
            case "--output":
                guard let path = rest.popFirst() else { fail("--output needs a file") }
                result.output = path
            case "-h", "--help":
                print(usage)
                exit(0)
            default:
                if argument.hasPrefix("-") { fail("unknown option \(argument)") }
                result.folders.append(argument)
            }
        }
        if result.folders.isEmpty { fail("no corpus folder given") }
        return result
    }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("observation-lint-bench: \(message)\n\(Arguments.usage)\n".utf8))
    exit(2)
}

// MARK: - Clocks and memory

#if canImport(Glibc)
let rusageSelf = RUSAGE_SELF.rawValue
#else
let rusageSelf = RUSAGE_SELF
#endif

func wallSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// User + system CPU time of the whole process (all threads), in seconds.
func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(rusageSelf, &usage)
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
}

/// Peak resident memory of this process so far, in bytes. On Linux, `VmHWM` of
/// /proc/self/status: `ru_maxrss` also counts the parent's resident memory at the time it
/// spawned this process (Linux carries it over the exec), which would inflate small peaks.
func peakResidentBytes() -> Int {
    #if os(Linux)
    if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
        let kilobytes = line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first.flatMap({ Int($0) })
    {
        return kilobytes * 1024
    }
    #endif
    var usage = rusage()
    getrusage(rusageSelf, &usage)
    #if canImport(Darwin)
    return Int(usage.ru_maxrss)  // bytes on Darwin
    #else
    return Int(usage.ru_maxrss) * 1024  // kilobytes on Linux
    #endif
}

// MARK: - The corpus

/// The files the tool would lint under the folders, in its order.
func corpusFiles(_ folders: [String]) -> [DiscoveredFile] {
    let directory = FileManager.default.currentDirectoryPath
    let discovery = FileDiscovery(configuration: Configuration(rootDirectory: directory), currentDirectory: directory)
    do {
        return try discovery.findFiles(folders).files
    } catch {
        fail("\(error)")
    }
}

/// A file's bytes: open, fstat, one read into an array of the file's size (what any tool
/// must do at least).
func readFile(_ path: String) -> [UInt8] {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { fail("cannot read \(path)") }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { fail("cannot read \(path)") }
    let size = Int(info.st_size)
    return [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
        var done = 0
        while done < size {
            let got = read(descriptor, buffer.baseAddress! + done, size - done)
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { break }
            done += got
        }
        count = done
    }
}

func newlineCount(_ bytes: [UInt8]) -> Int {
    bytes.withUnsafeBufferPointer { buffer in
        var count = 0
        for byte in buffer where byte == 10 { count += 1 }
        return count
    }
}

/// `body` on every index in 0..<count, on `jobs` threads taking the next index as they go;
/// the results summed.
func parallelSum(_ count: Int, jobs: Int, _ body: (Int) -> Int) -> Int {
    guard jobs > 1 else { return (0..<count).reduce(0) { $0 + body($1) } }
    let lock = NSLock()
    nonisolated(unsafe) var next = 0
    nonisolated(unsafe) var total = 0
    withoutActuallyEscaping(body) { body in
        nonisolated(unsafe) let work = body
        DispatchQueue.concurrentPerform(iterations: jobs) { _ in
            var sum = 0
            while true {
                lock.lock()
                let index = next
                next += 1
                lock.unlock()
                guard index < count else { break }
                sum += work(index)
            }
            lock.lock()
            total += sum
            lock.unlock()
        }
    }
    return total
}

// MARK: - One measurement (a child process)

struct Measurement {
    var wall: Double
    var cpu: Double
    var peakBytes: Int
    var baselineBytes: Int
    /// A check value: newlines, top-level statements, or diagnostics.
    var result: Int
    var detail: String

    var line: String { "\(wall) \(cpu) \(peakBytes) \(baselineBytes) \(result) \(detail)" }

    init(wall: Double, cpu: Double, peakBytes: Int, baselineBytes: Int, result: Int, detail: String) {
        (self.wall, self.cpu, self.peakBytes, self.baselineBytes, self.result, self.detail) =
            (wall, cpu, peakBytes, baselineBytes, result, detail)
    }

    init?(line: String) {
        let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: false)
        guard fields.count >= 5, let wall = Double(fields[0]), let cpu = Double(fields[1]),
            let peak = Int(fields[2]), let baseline = Int(fields[3]), let result = Int(fields[4])
        else { return nil }
        self.init(
            wall: wall, cpu: cpu, peakBytes: peak, baselineBytes: baseline, result: result,
            detail: fields.count > 5 ? String(fields[5]) : "")
    }
}

func measure(_ phase: Phase, folders: [String], jobs: Int, output: String? = nil) -> Measurement {
    let rules = RuleRegistry.all
    var files: [DiscoveredFile] = []
    if phase != .pipeline { files = corpusFiles(folders) }
    var parsed: [ParsedFile?] = []
    let baseline = peakResidentBytes()
    let wallStart = wallSeconds()
    let cpuStart = cpuSeconds()
    var result = 0
    var detail = ""
    switch phase {
    case .floor:
        result = parallelSum(files.count, jobs: jobs) { newlineCount(readFile(files[$0].absolutePath)) }
    case .swiftSyntax:
        result = parallelSum(files.count, jobs: jobs) { index in
            let bytes = readFile(files[index].absolutePath)
            let tree = bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
            return tree.statements.count
        }
    case .parse:
        parsed = [ParsedFile?](repeating: nil, count: files.count)
        parsed.withUnsafeMutableBufferPointer { slots in
            nonisolated(unsafe) let slots = slots
            result = parallelSum(files.count, jobs: jobs) { index in
                let file = ParsedFile(path: files[index].path, bytes: readFile(files[index].absolutePath))
                slots[index] = file
                return file.tokens.count
            }
        }
        let types = parsed.reduce(0) { $0 + ($1?.types.count ?? 0) }
        detail = "tokens=\(result) top-level-types=\(types)"
    case .pipeline:
        // What `observation-lint --format json` does, with every rule of the catalog.
        let directory = FileManager.default.currentDirectoryPath
        let discovery = FileDiscovery(configuration: Configuration(rootDirectory: directory), currentDirectory: directory)
        let found: FileDiscovery.Result
        do { found = try discovery.discover(folders, jobs: jobs) } catch { fail("\(error)") }
        let projects = ProjectInputs.complete(found.inputs, discovery: discovery, jobs: jobs)
        // The command line leaves its teardown to the process's exit, as this phase's
        // process does after measuring.
        let options = LintOptions(
            rules: rules, jobs: jobs, reportedPaths: projects.reportedPaths, layout: projects.layout, leavesTeardownToExit: true)
        let report = LintEngine.lint(projects.inputs, options: options)
        let input = ReportInput(
            diagnostics: report.diagnostics, errors: found.errors, fileCount: report.fileCount,
            rules: rules.map(\.description), currentDirectory: directory)
        var json = JSONReporter().report(input)
        let destination = open(output ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        json.withUTF8 { _ = write(destination, $0.baseAddress, $0.count) }
        close(destination)
        result = report.diagnostics.count
        var perRule: [String: Int] = [:]
        for diagnostic in report.diagnostics { perRule[diagnostic.ruleID, default: 0] += 1 }
        detail = "json=\(json.utf8.count) " + perRule.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
    }
    let cpu = cpuSeconds() - cpuStart
    let wall = wallSeconds() - wallStart
    return Measurement(wall: wall, cpu: cpu, peakBytes: peakResidentBytes(), baselineBytes: baseline, result: result, detail: detail)
}

// MARK: - The whole benchmark (the parent process)

func runChild(_ phase: Phase, jobs: Int, folders: [String]) -> Measurement {
    let process = Process()
    process.executableURL = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments = ["--phase", phase.rawValue, "--jobs", String(jobs)] + folders
    let output = Pipe()
    process.standardOutput = output
    do { try process.run() } catch { fail("cannot run \(process.executableURL!.path): \(error)") }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0,
        let line = String(data: data, encoding: .utf8)?.split(separator: "\n").last,
        let measurement = Measurement(line: String(line))
    else { fail("the \(phase.rawValue) measurement failed (status \(process.terminationStatus))") }
    return measurement
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

func format(_ value: Double, _ decimals: Int = 1) -> String { String(format: "%.\(decimals)f", value) }

func groupedInteger(_ value: Double) -> String {
    let digits = String(Int(value.rounded()))
    var result = ""
    for (offset, character) in digits.enumerated() {
        if offset > 0, (digits.count - offset) % 3 == 0 { result += "," }
        result.append(character)
    }
    return result
}

func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
    let padding = String(repeating: " ", count: max(0, width - text.count))
    return left ? text + padding : padding + text
}

let arguments = Arguments.parse(Array(CommandLine.arguments.dropFirst()))

if let phase = arguments.phase {
    print(measure(phase, folders: arguments.folders, jobs: arguments.jobs, output: arguments.output).line)
    exit(0)
}

let files = corpusFiles(arguments.folders)
var corpusBytes = 0
var corpusLines = 0
for file in files {
    let bytes = readFile(file.absolutePath)
    corpusBytes += bytes.count
    corpusLines += newlineCount(bytes)
}
let megabytes = Double(corpusBytes) / 1_000_000
let cores = ProcessInfo.processInfo.activeProcessorCount
print(
    "corpus: \(arguments.folders.joined(separator: " ")): \(files.count) files, \(format(megabytes, 1)) MB "
        + "(\(corpusBytes) bytes), \(groupedInteger(Double(corpusLines))) lines; \(cores) cores; "
        + "\(arguments.runs) runs, medians")

struct Setup {
    var phase: Phase
    var jobs: Int
    var label: String { "\(phase.rawValue), \(jobs == 1 ? "1 thread" : "\(jobs) threads")" }
}

let allJobs = arguments.jobs
var measured: [(Setup, [Measurement])] = []
for phase in Phase.measured {
    for jobs in allJobs > 1 ? [1, allJobs] : [1] { measured.append((Setup(phase: phase, jobs: jobs), [])) }
}
for run in 1...arguments.runs {
    for index in measured.indices {
        let measurement = runChild(measured[index].0.phase, jobs: measured[index].0.jobs, folders: arguments.folders)
        measured[index].1.append(measurement)
    }
    FileHandle.standardError.write(Data("run \(run)/\(arguments.runs) done\n".utf8))
}

func medians(_ phase: Phase, _ jobs: Int) -> (wall: Double, cpu: Double, peak: Double) {
    let runs = results.first { $0.0.phase == phase && $0.0.jobs == jobs }!.1
    return (median(runs.map(\.wall)), median(runs.map(\.cpu)), median(runs.map { Double($0.peakBytes) }))
}

let results = measured
print("")
print(
    "| \(pad("phase", 26, left: true)) | \(pad("wall s", 7)) | \(pad("MB/s", 7)) | \(pad("lines/s", 11)) "
        + "| \(pad("CPU s", 7)) | \(pad("MB/CPU-s", 8)) | \(pad("peak RSS MB", 11)) | \(pad("× corpus", 8)) |")
print("|\(String(repeating: "-", count: 28))|--------:|--------:|------------:|--------:|---------:|------------:|---------:|")
for (configuration, runs) in measured {
    let wall = median(runs.map(\.wall))
    let cpu = median(runs.map(\.cpu))
    let peak = median(runs.map { Double($0.peakBytes) })
    print(
        "| \(pad(configuration.label, 26, left: true)) | \(pad(format(wall, 3), 7)) | \(pad(format(megabytes / wall), 7)) "
            + "| \(pad(groupedInteger(Double(corpusLines) / wall), 11)) | \(pad(format(cpu, 3), 7)) "
            + "| \(pad(format(megabytes / cpu), 8)) | \(pad(format(peak / 1_000_000), 11)) "
            + "| \(pad(format(peak / Double(corpusBytes), 2), 8)) |")
}

print("")
for jobs in allJobs > 1 ? [1, allJobs] : [1] {
    let pipeline = medians(.pipeline, jobs)
    let parse = medians(.swiftSyntax, jobs)
    let floor = medians(.floor, jobs)
    let threads = jobs == 1 ? "1 thread" : "\(jobs) threads"
    print(
        "pipeline vs swift-syntax Parser.parse (\(threads)): \(format(parse.wall / pipeline.wall))× "
            + "(CPU time: \(format(parse.cpu / pipeline.cpu))×)")
    print(
        "pipeline vs the floor (\(threads)): \(format(floor.wall / pipeline.wall, 2))× "
            + "(CPU time: \(format(floor.cpu / pipeline.cpu, 2))×)")
}
if allJobs > 1 {
    let one = medians(.pipeline, 1)
    let all = medians(.pipeline, allJobs)
    let parseOne = medians(.swiftSyntax, 1)
    print(
        "pipeline scaling, 1 → \(allJobs) threads: \(format(one.wall / all.wall, 2))×; "
            + "pipeline (\(allJobs) threads) vs swift-syntax (1 thread): \(format(parseOne.wall / all.wall))×")
}
let pipelineRuns = measured.first { $0.0.phase == .pipeline && $0.0.jobs == 1 }!.1
let pipelinePeak = medians(.pipeline, allJobs).peak
let pipelineBaseline = median(pipelineRuns.map { Double($0.baselineBytes) })
print(
    "pipeline peak RSS (\(allJobs == 1 ? "1 thread" : "\(allJobs) threads")): \(format(pipelinePeak / 1_000_000)) MB = "
        + "\(format(pipelinePeak / Double(corpusBytes), 2))× the corpus (goal ≤ 4×); the process before any work: "
        + "\(format(pipelineBaseline / 1_000_000)) MB")
if let first = pipelineRuns.first {
    print("pipeline output: \(first.result) diagnostics; \(first.detail)")
}
