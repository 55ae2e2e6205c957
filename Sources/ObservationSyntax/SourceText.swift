#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file's bytes and its line table. Positions are byte offsets; lines and columns are
/// computed on demand, 1-based, columns counting UTF-8 bytes as swiftc does.
public struct SourceText: Sendable {
    public let bytes: [UInt8]
    private let lines: LineTable

    /// Byte offset at which each line starts; `lineStartOffsets[0] == 0`. Four bytes a
    /// line (files are below 4 GB, as token offsets are). Built on first use: only
    /// diagnostics and suppression comments need lines, so most files never build it.
    public var lineStartOffsets: [UInt32] { lines.offsets(of: bytes) }

    /// Byte offset at which a 1-based line starts.
    public func lineStart(_ line: Int) -> Int { Int(lineStartOffsets[line - 1]) }

    public init(bytes: [UInt8]) {
        self.bytes = bytes
        self.lines = LineTable()
    }

    public init(_ string: String) {
        self.init(bytes: Array(string.utf8))
    }

    public var lineCount: Int { lineStartOffsets.count }

    /// 1-based line and column (in UTF-8 bytes) of a byte offset.
    public func location(of offset: Int) -> (line: Int, column: Int) {
        let lineStartOffsets = lineStartOffsets
        var low = 0
        var high = lineStartOffsets.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if Int(lineStartOffsets[mid]) <= offset { low = mid } else { high = mid - 1 }
        }
        return (low + 1, offset - Int(lineStartOffsets[low]) + 1)
    }

    /// The text of a byte range (invalid UTF-8 is repaired, never trapped on).
    public func text(_ range: Range<Int>) -> String {
        let clamped = range.clamped(to: 0..<bytes.count)
        return String(decoding: bytes[clamped], as: UTF8.self)
    }

    public func text(of token: Token) -> String { text(token.range) }

    /// Whether a token's text equals an ASCII string, without building a `String`. Always
    /// inlined: the parser, the body helpers and the index ask it for nearly every token,
    /// and as a call it cost about forty instructions, most of them the call's.
    @inlinable @inline(__always)
    public func token(_ token: Token, is string: StaticString) -> Bool {
        let length = Int(token.end &- token.start)
        guard length == string.utf8CodeUnitCount else { return false }
        let start = Int(token.start)
        return bytes.withUnsafeBufferPointer { actual in
            guard start + length <= actual.count else { return false }
            return string.withUTF8Buffer { expected in
                var index = 0
                while index < length {
                    if actual[start &+ index] != expected[index] { return false }
                    index &+= 1
                }
                return true
            }
        }
    }

    /// Whether a token's text equals `string`, without building a `String` for the token.
    @inlinable
    public func token(_ token: Token, is string: String) -> Bool {
        let length = Int(token.end - token.start)
        guard length == string.utf8.count else { return false }
        let start = Int(token.start)
        return string.utf8.elementsEqual(bytes[start..<start + length])
    }

    /// Whether the bytes of `range` contain `needle` (non-empty).
    public func range(_ range: Range<Int>, contains needle: [UInt8]) -> Bool {
        needle.withUnsafeBufferPointer { occurs($0, in: range) }
    }

    /// Whether `needle` occurs anywhere in the file (code, comments or strings): a test
    /// that rules a file out before a pass over its tokens.
    public func contains(_ needle: StaticString) -> Bool {
        occurs(UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount), in: 0..<bytes.count)
    }

    private func occurs(_ needle: UnsafeBufferPointer<UInt8>, in range: Range<Int>) -> Bool {
        let range = range.clamped(to: 0..<bytes.count)
        guard let needleStart = needle.baseAddress, needle.count > 0, range.count >= needle.count else { return false }
        return bytes.withUnsafeBufferPointer { haystack in
            // `memchr` finds each candidate first byte; `memcmp` checks the rest.
            var start = haystack.baseAddress! + range.lowerBound
            let lastStart = haystack.baseAddress! + range.upperBound - needle.count
            while start <= lastStart {
                guard let found = memchr(start, Int32(needleStart.pointee), lastStart - start + 1) else { return false }
                let candidate = UnsafePointer(found.assumingMemoryBound(to: UInt8.self))
                if memcmp(candidate, needleStart, needle.count) == 0 { return true }
                start = candidate + 1
            }
            return false
        }
    }

    /// 1-based line number's text without its line break.
    public func lineText(_ line: Int) -> String {
        let lineStartOffsets = lineStartOffsets
        guard line >= 1, line <= lineStartOffsets.count else { return "" }
        let start = Int(lineStartOffsets[line - 1])
        var end = line < lineStartOffsets.count ? Int(lineStartOffsets[line]) : bytes.count
        while end > start, bytes[end - 1] == UInt8(ascii: "\n") || bytes[end - 1] == UInt8(ascii: "\r") {
            end -= 1
        }
        return text(start..<end)
    }
}

/// A file's line starts, computed once, on first use, whichever thread asks first.
private final class LineTable: @unchecked Sendable {
    /// One lock for every file: a table is built once and then read under it briefly.
    nonisolated(unsafe) private static let mutex: UnsafeMutablePointer<pthread_mutex_t> = {
        let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        return mutex
    }()

    private var computed: [UInt32]?

    func offsets(of bytes: [UInt8]) -> [UInt32] {
        pthread_mutex_lock(Self.mutex)
        defer { pthread_mutex_unlock(Self.mutex) }
        if let computed { return computed }
        let offsets = Self.lineStarts(bytes)
        computed = offsets
        return offsets
    }

    private static func lineStarts(_ bytes: [UInt8]) -> [UInt32] {
        var starts: [UInt32] = [0]
        starts.reserveCapacity(bytes.count / 32 + 1)
        bytes.withUnsafeBufferPointer { buffer in
            var index = lineBreak(in: buffer, from: 0)
            while index < buffer.count {
                index += 1
                if buffer[index - 1] == UInt8(ascii: "\r"), index < buffer.count, buffer[index] == UInt8(ascii: "\n") { index += 1 }
                starts.append(UInt32(truncatingIfNeeded: index))
                index = lineBreak(in: buffer, from: index)
            }
        }
        return starts
    }
}

/// The offset of the first `\n` or `\r` at or after `start`, or the end of the bytes
/// (the line table and the tokenizer's line comments).
@inline(__always)
func lineBreak(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    guard let base = bytes.baseAddress else { return start }
    var index = start
    // Eight bytes at a time while none is a line break.
    while index + 8 <= bytes.count {
        let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
        if word.hasByte(UInt8(ascii: "\n")) || word.hasByte(UInt8(ascii: "\r")) { break }
        index += 8
    }
    while index < bytes.count, base[index] != UInt8(ascii: "\n"), base[index] != UInt8(ascii: "\r") {
        index += 1
    }
    return index
}

extension UInt64 {
    /// Whether one of the eight bytes is `byte`: `self ^ byte…` then has a zero byte,
    /// which `(v - 0x01…) & ~v & 0x80…` detects exactly.
    @inline(__always)
    func hasByte(_ byte: UInt8) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let masked = self ^ (ones &* UInt64(byte))
        return (masked &- ones) & ~masked & (ones &* 0x80) != 0
    }
}
