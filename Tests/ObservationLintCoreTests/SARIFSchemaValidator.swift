import Foundation
import Testing

/// Validates SARIF documents against the official SARIF 2.1.0 JSON schema with Python's
/// `jsonschema` (the schema's own draft, with format checking). The schema is read from
/// `../shared/schemas/sarif-schema-2.1.0.json` relative to the package root, never copied.
/// If the schema, python3 or jsonschema is missing, `validate` throws a `SetupError` that says
/// so: the test fails loudly instead of passing without a check.
/// CLITests uses this same file through a symbolic link (test targets cannot share sources).
enum SARIFSchemaValidator {
    struct SetupError: Error, CustomStringConvertible {
        var description: String
    }

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static var schemaPath: String {
        packageRoot.appendingPathComponent("../shared/schemas/sarif-schema-2.1.0.json").standardizedFileURL.path
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
    static func validate(_ document: String) throws -> [String] {
        guard FileManager.default.fileExists(atPath: schemaPath) else {
            throw SetupError(description: "the SARIF schema is missing at \(schemaPath)")
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("sarif-check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let scriptURL = scratch.appendingPathComponent("validate.py")
        let documentURL = scratch.appendingPathComponent("document.sarif")
        let outputURL = scratch.appendingPathComponent("output")
        try Data(script.utf8).write(to: scriptURL)
        try Data(document.utf8).write(to: documentURL)
        try Data().write(to: outputURL)

        guard let python = findInPath("python3") ?? ["/usr/bin/python3", "/usr/local/bin/python3", "/opt/homebrew/bin/python3"].first(where: {
            FileManager.default.isExecutableFile(atPath: $0)
        }) else {
            throw SetupError(description: "python3 is not installed; the SARIF schema check needs python3 with jsonschema")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [scriptURL.path, schemaPath, documentURL.path]
        let output = try FileHandle(forWritingTo: outputURL)
        process.standardOutput = output
        process.standardError = output
        try process.run()
        process.waitUntilExit()
        try output.close()
        let text = String(decoding: try Data(contentsOf: outputURL), as: UTF8.self)
        switch process.terminationStatus {
        case 0: return []
        case 1: return text.split(separator: "\n").map(String.init)
        case 3: throw SetupError(description: text.trimmingCharacters(in: .whitespacesAndNewlines))
        default: throw SetupError(description: "the SARIF schema check could not run (exit \(process.terminationStatus)): \(text)")
        }
    }

    static func findInPath(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}

/// Fails the current test with the schema's complaints when `document` is not valid SARIF.
func expectValid(_ document: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let errors = try SARIFSchemaValidator.validate(document)
    #expect(errors.isEmpty, "not valid SARIF 2.1.0:\n\(errors.joined(separator: "\n"))", sourceLocation: sourceLocation)
}
