import ArgumentParser
import ObservationLintCore
import ObservationSyntax

/// `debug declarations FILE`: the declaration skeleton the parser sees, one item a line
/// with its position, nested items indented.
struct DebugDeclarations: ParsableCommand, ExitCodeCommand {
    static let configuration = CommandConfiguration(
        commandName: "declarations",
        abstract: "Print a file's declarations, one a line with line:col (nested ones indented)."
    )

    @Argument(help: "A Swift file.")
    var file: String

    func execute() throws -> Int32 {
        let input = try Debug.readSource(file)
        Output.write(Self.listing(ParsedFile(path: input.path, bytes: input.bytes)))
        return ExitStatus.success
    }

    static func listing(_ file: ParsedFile) -> String {
        var lines: [String] = []
        func position(_ token: Int) -> String {
            guard token < file.tokens.count else { return "?" }
            let location = file.source.location(of: Int(file.tokens[token].start))
            return "\(location.line):\(location.column)"
        }
        func lineSpan(_ range: Range<Int>) -> String {
            guard !range.isEmpty else { return "empty" }
            let start = file.source.location(of: Int(file.tokens[range.lowerBound].start)).line
            let end = file.source.location(of: Int(file.tokens[range.upperBound - 1].end)).line
            return "lines \(start)-\(end)"
        }
        func prefix(_ attributes: [Attribute], _ modifiers: [Modifier]) -> String {
            let attributeText = attributes.map { attribute in
                "@" + attribute.name + (attribute.arguments.map { "(" + file.text($0) + ")" } ?? "")
            }
            let modifierText = modifiers.map { $0.name + ($0.detail.map { "(\($0))" } ?? "") }
            return (attributeText + modifierText).map { $0 + " " }.joined()
        }
        func property(_ property: Property, indent: String) {
            var line = "\(indent)\(position(property.nameToken)) \(prefix(property.attributes, property.modifiers))"
            line += (property.isLet ? "let " : "var ") + property.name
            if let type = property.type { line += ": " + type.text }
            if let initializer = property.initializer { line += " = " + file.text(initializer) }
            if !property.accessors.isEmpty {
                let kinds = property.accessors.map { $0.isImplicitGetter ? "get(implicit)" : $0.kind.rawValue }
                line += " { " + kinds.joined(separator: " ") + " }"
            }
            lines.append(line)
        }
        func function(_ function: FunctionDecl, indent: String) {
            let parameters = function.parameters.map { parameter in
                (parameter.label ?? "_") + (parameter.label == parameter.name ? "" : " " + parameter.name) + ": "
                    + (parameter.type?.text ?? "?") + (parameter.isAutoclosure ? " (autoclosure)" : "")
            }
            var line = "\(indent)\(position(function.nameToken)) \(prefix(function.attributes, function.modifiers))"
            line += "\(function.kind.rawValue) \(function.name)(\(parameters.joined(separator: ", ")))"
            if let returnType = function.returnType { line += " -> " + returnType.text }
            if let body = function.body { line += " body \(lineSpan(body))" }
            lines.append(line)
        }
        func typeLines(_ type: TypeDecl, indent: String) {
            var line = "\(indent)\(position(type.nameToken)) \(prefix(type.attributes, type.modifiers))"
            line += "\(type.kind.rawValue) \(type.qualifiedName)"
            if !type.inheritance.isEmpty { line += ": " + type.inheritance.map(\.text).joined(separator: ", ") }
            lines.append(line + " members \(lineSpan(type.members))")
            for alias in type.typeAliases {
                lines.append("\(indent)  \(position(alias.nameToken)) typealias \(alias.name) = \(alias.target?.text ?? "?")")
            }
            for item in type.properties { property(item, indent: indent + "  ") }
            for item in type.functions { function(item, indent: indent + "  ") }
            for nested in type.nestedTypes { typeLines(nested, indent: indent + "  ") }
        }
        for item in file.imports { lines.append("\(position(item.token)) import \(item.module)") }
        for alias in file.typeAliases {
            lines.append("\(position(alias.nameToken)) typealias \(alias.name) = \(alias.target?.text ?? "?")")
        }
        for item in file.types { typeLines(item, indent: "") }
        for item in file.properties { property(item, indent: "") }
        for item in file.functions { function(item, indent: "") }
        for preview in file.previews { lines.append("\(position(preview.poundToken)) #Preview body \(lineSpan(preview.body))") }
        return lines.map { $0 + "\n" }.joined()
    }
}
