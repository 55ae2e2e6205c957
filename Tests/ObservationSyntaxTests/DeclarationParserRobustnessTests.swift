import XCTest

@testable import ObservationSyntax

/// The declaration parser and the body helpers on the same truncated, mutated and
/// pathological input as the tokenizer: no crash, no hang, every range within the file,
/// and no more declarations than tokens.
final class DeclarationParserRobustnessTests: XCTestCase {
    /// Parses, walks every declaration and runs the body helpers on every body; returns a
    /// description of the first violated invariant.
    static func violation(in bytes: [UInt8]) -> String? {
        let file = ParsedFile(path: "Input.swift", bytes: bytes)
        let count = file.tokens.count
        var declarations = 0
        func check(_ range: Range<Int>?, _ what: String) -> String? {
            guard let range else { return nil }
            return range.lowerBound >= 0 && range.upperBound <= count ? nil : "\(what) \(range) outside \(count) tokens"
        }
        func exercise(_ body: Range<Int>?) {
            guard let body else { return }
            let scopes = file.scopes(in: body)
            for chain in file.memberChains(in: body) { _ = scopes.enclosing(chain.root) }
            _ = file.assignments(in: body)
            _ = file.localNames(in: body)
        }
        func visit(properties: [Property], functions: [FunctionDecl]) -> String? {
            for property in properties {
                declarations += 1
                if let problem = check(property.declaration, "property") ?? check(property.initializer, "initial value") {
                    return problem
                }
                for accessor in property.accessors {
                    if let problem = check(accessor.body, "accessor") { return problem }
                    exercise(accessor.body)
                }
            }
            for function in functions {
                declarations += 1
                if let problem = check(function.declaration, "function") ?? check(function.body, "body") { return problem }
                exercise(function.body)
            }
            return nil
        }
        func visit(_ types: [TypeDecl], parent: Range<Int>?) -> String? {
            for type in types {
                declarations += 1
                if let problem = check(type.members, "members") { return problem }
                if let parent, !(parent.lowerBound <= type.declaration.lowerBound && type.declaration.upperBound <= parent.upperBound) {
                    return "nested type \(type.declaration) outside its parent \(parent)"
                }
                if let problem = visit(properties: type.properties, functions: type.functions)
                    ?? visit(type.nestedTypes, parent: type.members)
                {
                    return problem
                }
            }
            return nil
        }
        if let problem = visit(file.types, parent: nil) ?? visit(properties: file.properties, functions: file.functions) {
            return problem
        }
        for preview in file.previews {
            if let problem = check(preview.body, "preview") { return problem }
            exercise(preview.body)
        }
        return declarations <= count + 1 ? nil : "\(declarations) declarations for \(count) tokens"
    }

    func testPrefixesOfRepositoryFiles() {
        let files = TokenizerRobustnessTests.repositorySwiftFiles()
        XCTAssertGreaterThan(files.count, 10)
        var checked = 0
        for (path, bytes) in files {
            // Whole prefixes at evenly spaced cuts, and every cut of the first lines.
            var cuts = Set((0...16).map { bytes.count * $0 / 16 })
            for cut in 0...min(256, bytes.count) { cuts.insert(cut) }
            for cut in cuts.sorted() {
                if let problem = Self.violation(in: Array(bytes[0..<cut])) {
                    XCTFail("\(path), prefix of \(cut) bytes: \(problem)")
                    return
                }
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 1000)
    }

    func testRandomMutations() {
        let files = TokenizerRobustnessTests.repositorySwiftFiles().filter { !$0.bytes.isEmpty }
        var generator = TokenizerRobustnessTests.Generator(state: 0xDEC1_A8A7_10B5_0001)
        let interesting = TokenizerRobustnessTests.interestingBytes + Array("@:;,{}".utf8)
        for iteration in 0..<2000 {
            let file = files[generator.below(files.count)].bytes
            let length = min(file.count, 128 + generator.below(1920))
            let start = generator.below(file.count - length + 1)
            var bytes = Array(file[start..<(start + length)])
            for _ in 0..<(1 + generator.below(8)) {
                let position = generator.below(bytes.count + 1)
                let byte = interesting[generator.below(interesting.count)]
                switch generator.below(3) {
                case 0: bytes.insert(byte, at: position)
                case 1: if position < bytes.count { bytes.remove(at: position) }
                default: if position < bytes.count { bytes[position] = byte } else { bytes.append(byte) }
                }
            }
            if let problem = Self.violation(in: bytes) {
                XCTFail("mutation \(iteration): \(problem)\n\(String(decoding: bytes, as: UTF8.self))")
                return
            }
        }
    }

    func testPathologicalInput() {
        let cases: [(String, String)] = [
            ("nested types", String(repeating: "struct A { ", count: 5_000)),
            ("nested closures", "var body: some View { " + String(repeating: "VStack { ", count: 10_000)),
            ("closing braces", String(repeating: "} ) ] ", count: 10_000)),
            ("modifiers without declaration", String(repeating: "public static final ", count: 10_000)),
            ("attributes without declaration", String(repeating: "@State @Published(x) ", count: 10_000)),
            ("unterminated accessors", "var x: Int { get { " + String(repeating: "set { ", count: 10_000)),
            ("many bindings", "var " + String(repeating: "a = 1, ", count: 10_000)),
            ("labelled trailing closures", "func f() { g " + String(repeating: "{ } label: ", count: 2_000) + "{ } }"),
        ]
        for (name, code) in cases {
            XCTAssertNil(Self.violation(in: Array(code.utf8)), name)
        }
    }
}
