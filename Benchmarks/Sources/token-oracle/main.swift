// token-oracle: compares ObservationSyntax's tokenizer with swift-syntax on every Swift
// file of the given folders (or files), and prints, per folder, the files, tokens and
// mismatches, with each mismatch (capped) and the construct it is about.
//
//   token-oracle [--max N] [--jobs N] PATH...
//   token-oracle --throughput [--repeat N] [--no-parse] PATH...
//   token-oracle --prefixes PATH...
//
// `--prefixes` tokenizes every prefix of every file (quadratic: the exhaustive version
// of the debug-mode robustness test) and checks the output invariants.
//
// `--throughput` measures instead, on one thread: the tokenizer's MB/s over all the files
// (best of N runs) and swift-syntax's `Parser.parse` MB/s (one run).
//
// Exit status: 0 without mismatches, 1 with mismatches, 2 on a usage error.

import Dispatch
import Foundation
import ObservationSyntax
import SwiftParser
import TokenOracle

var maxPrinted = 40
var measureThroughput = false
var repetitions = 5
var measureParse = true
var checkPrefixes = false
var jobs = ProcessInfo.processInfo.activeProcessorCount
var paths: [String] = []
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--max":
        guard let value = arguments.popFirst().flatMap(Int.init) else {
            FileHandle.standardError.write(Data("--max needs a number\n".utf8))
            exit(2)
        }
        maxPrinted = value
    case "--jobs":
        guard let value = arguments.popFirst().flatMap(Int.init), value > 0 else {
            FileHandle.standardError.write(Data("--jobs needs a positive number\n".utf8))
            exit(2)
        }
        jobs = value
    case "--throughput":
        measureThroughput = true
    case "--prefixes":
        checkPrefixes = true
    case "--no-parse":
        measureParse = false
    case "--repeat":
        guard let value = arguments.popFirst().flatMap(Int.init), value > 0 else {
            FileHandle.standardError.write(Data("--repeat needs a positive number\n".utf8))
            exit(2)
        }
        repetitions = value
    case "-h", "--help":
        print("usage: token-oracle [--max N] [--jobs N] PATH...\n       token-oracle --throughput [--repeat N] PATH...")
        exit(0)
    default:
        paths.append(argument)
    }
}
guard !paths.isEmpty else {
    FileHandle.standardError.write(Data("usage: token-oracle [--max N] [--jobs N] PATH...\n".utf8))
    exit(2)
}

/// CPU time of this thread, in seconds: throughput is measured in CPU time, so that
/// other processes on a busy machine do not skew it.
func threadCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

if measureThroughput {
    var sources: [[UInt8]] = []
    for path in paths {
        for file in TokenOracle.swiftFiles(under: path) {
            if let data = FileManager.default.contents(atPath: file) { sources.append([UInt8](data)) }
        }
    }
    let bytes = sources.reduce(0) { $0 + $1.count }
    let megabytes = Double(bytes) / 1_000_000
    var best = Double.infinity
    var tokens = 0
    for _ in 0..<repetitions {
        let start = threadCPUSeconds()
        tokens = 0
        for source in sources { tokens += Tokenizer.tokenize(source).tokens.count }
        best = min(best, threadCPUSeconds() - start)
    }
    let parseStart = threadCPUSeconds()
    var nodes = 0
    for source in sources where measureParse {
        let tree = source.withUnsafeBufferPointer { Parser.parse(source: $0) }
        nodes += tree.statements.count
    }
    let parseSeconds = threadCPUSeconds() - parseStart
    var line =
        "\(sources.count) files, \(bytes) bytes, \(tokens) tokens: tokenizer "
        + "\(String(format: "%.1f", megabytes / best)) MB/s (best of \(repetitions), CPU time)"
    if measureParse {
        line +=
            ", swift-syntax Parser.parse \(String(format: "%.1f", megabytes / parseSeconds)) MB/s, "
            + "ratio \(String(format: "%.1f", parseSeconds / best))x"
    }
    print(line)
    exit(0)
}

if checkPrefixes {
    var files = 0
    var prefixes = 0
    var violations = 0
    let start = Date()
    for path in paths {
        for file in TokenOracle.swiftFiles(under: path) {
            guard let data = FileManager.default.contents(atPath: file) else { continue }
            let bytes = [UInt8](data)
            files += 1
            for cut in 0...bytes.count {
                prefixes += 1
                if let problem = TokenOracle.invariantViolation(in: Array(bytes[0..<cut])) {
                    violations += 1
                    if violations <= maxPrinted { print("  \(file), prefix of \(cut) bytes: \(problem)") }
                }
            }
        }
    }
    print(
        "\(files) files, \(prefixes) prefixes, \(violations) invariant violations "
            + "(\(String(format: "%.1f", Date().timeIntervalSince(start))) s)")
    exit(violations == 0 ? 0 : 1)
}

final class Collector: @unchecked Sendable {
    let lock = NSLock()
    var reports: [TokenOracleReport?]
    init(count: Int) { reports = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ report: TokenOracleReport) {
        lock.lock()
        reports[index] = report
        lock.unlock()
    }
}

var totalMismatches = 0
for path in paths {
    let files = TokenOracle.swiftFiles(under: path)
    let collector = Collector(count: files.count)
    let start = Date()
    let queue = DispatchQueue(label: "token-oracle", attributes: .concurrent)
    let group = DispatchGroup()
    let semaphore = DispatchSemaphore(value: jobs)
    var bytes = 0
    let cap = maxPrinted
    for (index, file) in files.enumerated() {
        guard let data = FileManager.default.contents(atPath: file) else { continue }
        bytes += data.count
        semaphore.wait()
        queue.async(group: group) {
            let report = TokenOracle.compare(bytes: [UInt8](data), path: file, maxRecorded: cap)
            collector.set(index, report)
            semaphore.signal()
        }
    }
    group.wait()
    let reports = collector.reports.compactMap { $0 }
    let tokens = reports.reduce(0) { $0 + $1.tokenCount }
    let comments = reports.reduce(0) { $0 + $1.commentCount }
    let mismatches = reports.reduce(0) { $0 + $1.mismatchCount }
    totalMismatches += mismatches
    let seconds = Date().timeIntervalSince(start)
    print(
        "\(path): \(reports.count) files, \(bytes) bytes, \(tokens) tokens, \(comments) comments, "
            + "\(mismatches) mismatches (\(String(format: "%.1f", seconds)) s)")
    var printed = 0
    var constructs: [String: Int] = [:]
    for report in reports {
        for (construct, count) in report.constructCounts { constructs[construct, default: 0] += count }
        for mismatch in report.mismatches {
            if printed < maxPrinted {
                print("  \(mismatch)")
                printed += 1
            }
        }
    }
    if mismatches > printed {
        print("  ... \(mismatches - printed) more")
    }
    for (construct, count) in constructs.sorted(by: { $0.value > $1.value }) {
        print("  by construct: \(construct): \(count)")
    }
}
exit(totalMismatches == 0 ? 0 : 1)
