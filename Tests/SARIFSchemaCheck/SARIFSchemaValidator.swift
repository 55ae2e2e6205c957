import Foundation
import Testing

/// Validates SARIF documents against the official SARIF 2.1.0 JSON schema (this target's
/// resource, see NOTICE) with Python's `jsonschema` (the schema's own draft, with format
/// checking). Outside CI, a machine without python3 or jsonschema skips the check and prints
/// why; under CI (`CI=true`) the check is mandatory and a missing piece fails the test.
public enum SARIFSchemaValidator {
    public struct SetupError: Error, CustomStringConvertible {
        public var description: String
    }

    /// Why the check is skipped on this machine, or nil when it runs. Never set under CI,
    /// where `validate` throws a `SetupError` instead.
    public static let skipReason: String? = {
        if ProcessInfo.processInfo.environment["CI"] == "true" { return nil }
        guard let python else { return "python3 is not installed" }
        guard (try? run(python, ["-c", "import jsonschema"]).status) == 0 else {
            return "the Python package 'jsonschema' is not installed (pip install jsonschema)"
        }
        return nil
    }()

    /// For a test that checks nothing but the schema: skipped, with the reason, when the check is.
    public static var isAvailable: ConditionTrait {
        .enabled(if: skipReason == nil, Comment(rawValue: skipReason ?? ""))
    }

    static let script = """
        import json, sys
        try:
            import jsonschema
        except ImportError:
            print("the Python package 'jsonschema' is not installed (pip install jsonschema)")
            sys.exit(3)
        with open(sys.argv[1], encoding="utf-8") as f:
            schema = json.load(f)
        try:
            with open(sys.argv[2], encoding="utf-8") as f:
                document = json.load(f)
        except ValueError as error:
            print("not JSON: %s" % error)
            sys.exit(1)
        cls = jsonschema.validators.validator_for(schema)
        cls.check_schema(schema)
        checker = getattr(cls, "FORMAT_CHECKER", None) or jsonschema.FormatChecker()
        errors = sorted(cls(schema, format_checker=checker).iter_errors(document), key=lambda e: list(map(str, e.absolute_path)))
        for error in errors:
            print("/" + "/".join(map(str, error.absolute_path)) + ": " + error.message)
        sys.exit(1 if errors else 0)
        """

    /// The schema violations of `document` (empty when it is valid).
    public static func validate(_ document: String) throws -> [String] {
        guard let schema = Bundle.module.url(forResource: "sarif-schema-2.1.0", withExtension: "json") else {
            throw SetupError(description: "the SARIF schema is missing from the test resources")
        }
        guard let python else {
            throw SetupError(description: "python3 is not installed; the SARIF schema check needs python3 with jsonschema")
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("sarif-check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let scriptURL = scratch.appendingPathComponent("validate.py")
        let documentURL = scratch.appendingPathComponent("document.sarif")
        try Data(script.utf8).write(to: scriptURL)
        try Data(document.utf8).write(to: documentURL)

        let (status, text) = try run(python, [scriptURL.path, schema.path, documentURL.path])
        switch status {
        case 0: return []
        case 1: return text.split(separator: "\n").map(String.init)
        case 3: throw SetupError(description: text.trimmingCharacters(in: .whitespacesAndNewlines))
        default: throw SetupError(description: "the SARIF schema check could not run (exit \(status)): \(text)")
        }
    }

    static let python: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let candidates = path.split(separator: ":").map { "\($0)/python3" }
            + ["/usr/bin/python3", "/usr/local/bin/python3", "/opt/homebrew/bin/python3"]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// Runs `executable` and returns its exit status and its standard output and error.
    static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let outputURL = FileManager.default.temporaryDirectory.appendingPathComponent("sarif-check-\(UUID().uuidString).out")
        try Data().write(to: outputURL)
        defer { try? FileManager.default.removeItem(at: outputURL) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = try FileHandle(forWritingTo: outputURL)
        process.standardOutput = output
        process.standardError = output
        try process.run()
        process.waitUntilExit()
        try output.close()
        return (process.terminationStatus, String(decoding: try Data(contentsOf: outputURL), as: UTF8.self))
    }
}

/// Fails the current test with the schema's complaints when `document` is not valid SARIF.
/// Where the check is skipped (see `SARIFSchemaValidator.skipReason`), prints why instead.
public func expectValid(_ document: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    if let reason = SARIFSchemaValidator.skipReason {
        print("SARIF schema check skipped at \(sourceLocation): \(reason); CI=true makes it mandatory")
        return
    }
    let errors = try SARIFSchemaValidator.validate(document)
    #expect(errors.isEmpty, "not valid SARIF 2.1.0:\n\(errors.joined(separator: "\n"))", sourceLocation: sourceLocation)
}
