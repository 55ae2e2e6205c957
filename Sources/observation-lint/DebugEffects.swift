import ArgumentParser
import ObservationLintCore

/// `debug effects PATH… [--type T]`: the effect model of each project type (SPEC §10): its
/// isolation, the containers relaying its changes, and each stored property's writes with
/// where they are, when they can happen, whether the same flow announces them and where
/// they run, so that users can see why a model rule did or did not fire.
struct DebugEffects: ParsableCommand, ExitCodeCommand {
    static let configuration = CommandConfiguration(
        commandName: "effects",
        abstract: "Print each type's stored-property writes: file:line, member, phase, announcement, isolation and its steps."
    )

    @Argument(help: "Files and folders, as for lint (default: .).")
    var paths: [String] = []

    @Option(help: ArgumentHelp("Only this type (its name, or its qualified name).", valueName: "type"))
    var type: String?

    @Option(help: ArgumentHelp("Configuration file (default: nearest .observation-lint.yml upward from the current folder).", valueName: "file"))
    var config: String?

    func execute() throws -> Int32 {
        try Debug.listProjects(paths, config: config) { projects, _ in
            Self.listing(LintEngine.projectIndexes(projects.inputs, layout: projects.layout), type: type)
        }
    }

    /// What the listing says of one type: a heading, then indented lines. Each part of the
    /// effect model adds its lines to the type's section.
    struct Section {
        let title: String
        var lines: [String]
    }

    static func listing(_ indexes: [ProjectIndex], type: String?) -> String {
        var sections: [Section] = []
        for index in indexes {
            for info in index.types.values where type.map({ info.name == $0 || info.name.hasSuffix("." + $0) }) ?? true {
                guard info.kind != nil, info.kind != .protocol else { continue }
                let lines = isolationLines(of: info, in: index) + forwardingLines(of: info, in: index)
                    + writeLines(of: info, in: index) + reRenderLines(of: info, in: index) + stateCopyLines(of: info, in: index)
                    + lossLines(of: info, in: index) + freshModelLines(of: info, in: index)
                guard lines.count > 1 else { continue }
                sections.append(Section(title: "\(info.name) (\(kindDescription(of: info)))", lines: lines))
            }
        }
        sections.sort { $0.title < $1.title }
        return sections.map { section in
            ([section.title] + section.lines.map { "  " + $0 }).joined(separator: "\n") + "\n"
        }.joined()
    }

    private static func kindDescription(of info: TypeInfo) -> String {
        switch (info.isObservable, info.isObservableObject) {
        case (true, true): return "@Observable and ObservableObject"
        case (true, false): return "@Observable"
        case (false, true): return "ObservableObject"
        case (false, false): return info.isView ? "view" : info.kind?.rawValue ?? "type"
        }
    }

    private static func isolationLines(of info: TypeInfo, in index: ProjectIndex) -> [String] {
        ["isolation: \(index.isolation(of: info).reason)"]
    }

    /// The containers that relay the object's changes to their own observers.
    private static func forwardingLines(of info: TypeInfo, in index: ProjectIndex) -> [String] {
        guard info.isClass, info.isObservableObject else { return [] }
        return index.forwardings(of: info).map { forwarding in
            let changes = forwarding.relayed.map { "changes of " + $0.sorted().map { "`\($0)`" }.joined(separator: ", ") } ?? "changes"
            return "\(changes) relayed by `\(forwarding.container).\(forwarding.property)` at \(location(forwarding.site, in: index))"
        }
    }

    /// Each stored `var`, then its writes indented: `Feed.swift:40 in `refresh()`: after
    /// hand-out, unannounced, runs off the main thread`, then the steps of its context.
    private static func writeLines(of info: TypeInfo, in index: ProjectIndex) -> [String] {
        let changes = index.changes(of: info)
        var lines: [String] = []
        for (_, property) in changes.properties {
            let writes = changes.writes(of: property.name)
            let announces = changes.announcing.contains(property.name) ? " (announces its changes)" : ""
            guard !writes.isEmpty else {
                lines.append("\(property.name)\(announces): no writes")
                continue
            }
            lines.append("\(property.name)\(announces)")
            for write in writes {
                let through = write.throughReference ? " (through a reference)" : ""
                lines.append(
                    "  \(location(write.site, in: index)) in \(write.member)\(through): \(phase(write.phase)), "
                        + "\(announcement(write, in: index)), runs \(isolation(write.context(in: index).isolation))")
                let steps = write.context(in: index).describe(in: index)
                if !steps.isEmpty { lines += steps.split(separator: "\n").map { "    " + $0 } }
                if let starting = index.startingViews(of: write.site) { lines.append("    started by views: \(starting)") }
            }
        }
        return lines
    }

    /// What runs a rendering body again (SPEC §10.3): one line per trigger.
    private static func reRenderLines(of info: TypeInfo, in index: ProjectIndex) -> [String] {
        guard ViewCode.isRenderingContainer(info) else { return [] }
        let triggers = index.reRenderTriggerLines(of: info)
        guard !triggers.isEmpty else { return ["body runs again: on no trigger the analysis knows"] }
        return ["body runs again when:"] + triggers.map { "  " + $0 }
    }

    /// The `@State` copies of model fields taken at a moment, and what copies them again.
    private static func stateCopyLines(of info: TypeInfo, in index: ProjectIndex) -> [String] {
        let copies = index.stateCopyLines(of: info)
        return copies.isEmpty ? [] : ["state copies:"] + copies.map { "  " + $0 }
    }

    /// What building a model again loses (SPEC §10.5): the state written after its
    /// initializer. The initializer's effects depend on the call, so they are a rule's notes.
    private static func lossLines(of info: TypeInfo, in index: ProjectIndex) -> [String] {
        guard info.isClass, !ViewCode.isRenderingContainer(info) else { return [] }
        let changed = index.changedState(of: info)
        guard !changed.isEmpty else { return ["a rebuilt object loses: no state written after its initializer"] }
        return ["a rebuilt object loses:"]
            + changed.map { "  `\($0.field)`, written \($0.context) at \(location($0.location, in: index))" }
    }

    /// The methods that return a newly built model on every call (a factory a body may call):
    /// `makeModel(): a new `Model`, built at Factory.swift:12`.
    private static func freshModelLines(of info: TypeInfo, in index: ProjectIndex) -> [String] {
        let lines = info.functions.compactMap { declared -> String? in
            guard let fresh = index.freshModel(returnedBy: declared.function, in: declared.file, owner: info.name) else { return nil }
            let sites = fresh.constructions.map { location(TokenLocation(file: $0.file, token: $0.call.name), in: index) }
            return "`\(declared.function.name)()`: a new `\(fresh.type)`, built at \(sites.joined(separator: ", "))"
        }
        return lines.isEmpty ? [] : ["returns a newly built model on every call:"] + lines.map { "  " + $0 }
    }

    private static func location(_ site: TokenLocation, in index: ProjectIndex) -> String {
        let file = index.files[site.file]
        return "\(file.path):\(file.source.location(of: file.tokens[site.token].range.lowerBound).line)"
    }

    private static func phase(_ phase: WritePhase) -> String {
        switch phase {
        case .initializer: "in the initializer"
        case .setup: "during setup, before the hand-out"
        case .afterHandout: "after the hand-out"
        }
    }

    private static func announcement(_ write: PropertyWrite, in index: ProjectIndex) -> String {
        guard case .announced(let name, let site) = write.announcement else {
            // The views observing the callers whose flows announce render again with it.
            guard let callers = index.announcingCallers(of: write) else { return "unannounced" }
            return "unannounced, every call in an announcing flow of " + callers.sorted().map { "`\($0.simpleTypeName)`" }.joined(separator: ", ")
        }
        let flows = write.flows.count > 1 ? " (and in each of its \(write.flows.count) calling flows)" : ""
        return "announced by `\(name)` at \(location(site, in: index))\(flows)"
    }

    private static func isolation(_ isolation: Isolation) -> String {
        switch isolation {
        case .mainActor: "on the main actor"
        case .offMain: "off the main thread"
        case .unknown: "where not known"
        }
    }
}
