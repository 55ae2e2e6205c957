import ObservationSyntax

// Whether anything runs a type's function: code that nothing in the project calls or names,
// and that nothing outside the project can call, makes no change (SPEC §10.1).

extension ProjectIndex {
    /// Whether code outside the project may call `function` of `type`: it is `public` or
    /// `open`, an `override`, `@objc`/`@IBAction` (or its class is `@objcMembers`), or it may
    /// witness a protocol requirement (`possiblyWitnesses`).
    public func isCallableFromOutside(_ function: FunctionDecl, of type: TypeInfo) -> Bool {
        if let level = accessLevel(of: function, in: type), level >= .public { return true }
        if function.modifiers.contains("override") || function.modifiers.contains("dynamic") { return true }
        if function.attributes.contains(where: { Self.runtimeCalledAttributes.contains(String($0.simpleName)) }) { return true }
        if type.declarations.contains(where: { $0.decl.attributes.contains(named: "objcMembers") }) { return true }
        return possiblyWitnesses(function.name, in: type)
    }

    /// A member's access level: its own, or that of the extension declaring it
    /// (`public extension Model { func load() }`).
    func accessLevel(of function: FunctionDecl, in type: TypeInfo) -> AccessLevel? {
        if let level = function.modifiers.accessLevel { return level }
        let declaring = type.declarations.first { declaration in
            declaration.decl.functions.contains { $0.nameToken == function.nameToken && $0.body == function.body }
        }
        guard let decl = declaring?.decl, decl.kind == .extension else { return nil }
        return decl.modifiers.accessLevel
    }

    /// Whether nothing runs `function` of `type`: the project is a whole program
    /// (`isWholeProgram`), nothing outside it can call the function (`isCallableFromOutside`),
    /// and no code of the project names it other than its own declaration (a call,
    /// `#selector(name)`, `handler: name`; a name shared with another function counts as a use).
    public func neverRuns(_ function: FunctionDecl, of type: TypeInfo) -> Bool {
        guard isWholeProgram, function.kind == .function, !function.modifiers.contains("static"), !function.modifiers.contains("class")
        else { return false }
        return !namedFunctions.contains(function.name) && !isCallableFromOutside(function, of: type)
    }

    /// Whether the project is a whole program, so that its own code is all the code that
    /// can call its internal functions: it declares its entry point (an `App`, a `@main`,
    /// `@UIApplicationMain` or `@NSApplicationMain` type, a `main.swift`). A library or a
    /// snippet has callers it does not show (its clients, its tests).
    public var isWholeProgram: Bool {
        wholeProgram.value {
            types.values.contains { info in
                info.traits.contains(.app)
                    || info.declarations.contains { $0.decl.attributes.contains { Self.entryPointAttributes.contains(String($0.simpleName)) } }
            } || ownFiles.contains { files[$0].path.hasSuffix("/main.swift") || files[$0].path == "main.swift" }
        }
    }

    private static let entryPointAttributes: Set<String> = ["main", "UIApplicationMain", "NSApplicationMain"]

    /// Whether a function named `name` of `type` may be the witness of a protocol
    /// requirement: the type (an ancestor, an extension) conforms to a project protocol that
    /// declares the name, or to a protocol the project does not declare whose requirements
    /// are not known to leave the name out.
    func possiblyWitnesses(_ name: String, in type: TypeInfo) -> Bool {
        for owner in typeAndAncestors(of: type) {
            for inherited in owner.inherited where inherited != owner.name {
                if let declared = types[inherited], declared.kind != nil {
                    if declared.kind == .protocol, declared.functions.contains(where: { $0.function.name == name }) { return true }
                    if declared.kind == .protocol, possiblyWitnesses(name, in: declared) { return true }
                } else if let known = Self.knownRequirements[String(inherited.simpleTypeName)] {
                    if known.contains(name) { return true }
                } else {
                    return true
                }
            }
        }
        return false
    }

    private static let arrow = Array("->".utf8)
    private static let escaping = Array("@escaping".utf8)

    private static let runtimeCalledAttributes: Set<String> = ["objc", "IBAction", "IBSegueAction", "NSManaged", "_dynamicReplacement"]

    /// The method requirements of protocols (and a base class) the SDK declares whose other
    /// members are no methods: a function of another name witnesses none of them.
    private static let knownRequirements: [String: Set<String>] = [
        "ObservableObject": [], "Observable": [], "Identifiable": [], "Sendable": [], "Equatable": ["=="],
        "Hashable": ["hash", "=="], "Comparable": ["<", "<=", ">", ">="], "Codable": ["encode"], "Encodable": ["encode"],
        "Decodable": [], "CustomStringConvertible": [], "CustomDebugStringConvertible": [], "Error": [],
        "LocalizedError": [], "View": [], "SwiftUI.View": [], "App": [], "Scene": [], "DynamicProperty": ["update"],
        "AnyObject": [], "CaseIterable": [], "RawRepresentable": [], "Combine.ObservableObject": [],
    ]

    /// The names of the project types' functions that some code of the project names
    /// outside their declarations, found in one pass over every file.
    var namedFunctions: Set<String> {
        namedFunctionNames.value {
            let names = NameTable(types.values.lazy.flatMap(\.functions).filter { $0.function.kind == .function }.map(\.function.name))
            var named = [Bool](repeating: false, count: names.names.count)
            for fileIndex in files.indices {
                let file = files[fileIndex]
                file.source.bytes.withUnsafeBufferPointer { bytes in
                    for token in file.tokens.indices where file.kind(token) == .identifier {
                        guard let name = names.position(of: file.tokens[token], in: bytes), !named[name], !file.at(token - 1, "func") else { continue }
                        named[name] = true
                    }
                }
            }
            return Set(names.names.indices.filter { named[$0] }.map { names.names[$0] })
        }
    }

    /// Whether every project function named `name` takes closures only as non-escaping
    /// parameters (`func withPinned(_ body: (inout [Tab]) -> Void)`): Swift runs such a
    /// closure while the call runs (or not at all), in the caller's flow.
    func runsClosuresWhileCalled(_ name: String) -> Bool {
        nonEscapingCallees.value {
            var result: [String: Bool] = [:]
            func add(_ function: FunctionDecl) {
                guard function.kind == .function else { return }
                // Searched on the UTF-8 bytes: Foundation's `contains` cost about 5,000
                // instructions a parameter.
                var takesClosure = false
                var nonEscaping = true
                for parameter in function.parameters {
                    guard let text = parameter.type?.text, text.utf8.holds(Self.arrow) else { continue }
                    takesClosure = true
                    // An optional function type is escaping.
                    if text.utf8.holds(Self.escaping) || text.hasSuffix("?") || text.hasSuffix("!") {
                        nonEscaping = false
                        break
                    }
                }
                if takesClosure && nonEscaping {
                    if result[function.name] == nil { result[function.name] = true }
                } else {
                    result[function.name] = false
                }
            }
            for info in types.values { for (_, function) in info.functions { add(function) } }
            for file in files { for function in file.functions { add(function) } }
            return result
        }[name] ?? false
    }
}

extension String.UTF8View {
    /// Whether the bytes hold `needle` somewhere.
    fileprivate func holds(_ needle: [UInt8]) -> Bool {
        guard let first = needle.first else { return true }
        var start = startIndex
        while let found = self[start...].firstIndex(of: first) {
            if self[found...].starts(with: needle) { return true }
            start = index(after: found)
        }
        return false
    }
}
