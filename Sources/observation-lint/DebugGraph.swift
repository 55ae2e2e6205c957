import ArgumentParser
import ObservationLintCore

/// `debug graph PATH… [--type T]`: every construction site of each project view (SPEC §9,
/// "The view graph"), with its context, each argument's origin and what ties the view's
/// identity to a value, so that users can see why an ownership rule did or did not fire.
struct DebugGraph: ParsableCommand, ExitCodeCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Print each view's construction sites: file:line, context, each argument's origin, identity ties."
    )

    @Argument(help: "Files and folders, as for lint (default: .).")
    var paths: [String] = []

    @Option(help: ArgumentHelp("Only this view (its name, or its qualified name).", valueName: "type"))
    var type: String?

    @Option(
        name: .customLong("readers-of"),
        help: ArgumentHelp("Instead, the views that read this model from the environment, the views that reach them, and whether each injection of it reaches one.", valueName: "model"))
    var readersOf: String?

    @Option(help: ArgumentHelp("Configuration file (default: nearest .observation-lint.yml upward from the current folder).", valueName: "file"))
    var config: String?

    func execute() throws -> Int32 {
        try Debug.listProjects(paths, config: config) { projects, _ in
            let indexes = LintEngine.projectIndexes(projects.inputs, layout: projects.layout)
            if let readersOf { return indexes.map { $0.environmentReaderListing(model: readersOf) }.joined() }
            return Self.listing(indexes, type: type)
        }
    }

    /// Views by name, each site by file and line, then its details indented.
    static func listing(_ indexes: [ProjectIndex], type: String?) -> String {
        var sitesByView: [String: [(site: String, line: Int, details: [String])]] = [:]
        var containersByView: [String: String] = [:]
        for index in indexes {
            for construction in index.viewGraph.constructions {
                let name = construction.viewName
                if let type, name != type, !name.hasSuffix("." + type) { continue }
                sitesByView[name, default: []].append(construction.describe(in: index))
                if containersByView[name] == nil { containersByView[name] = index.showingContainers(of: construction.view) }
            }
        }
        var lines: [String] = []
        for view in sitesByView.keys.sorted() {
            let sites = sitesByView[view]!.sorted { ($0.site.split(separator: ":")[0], $0.line) < ($1.site.split(separator: ":")[0], $1.line) }
            lines.append("\(view): \(sites.count) construction site\(sites.count == 1 ? "" : "s")")
            if let containers = containersByView[view], !containers.isEmpty { lines.append("  shown only within: \(containers)") }
            for site in sites {
                lines.append("  \(site.site) \(site.details[0])")
                lines += site.details.dropFirst().map { "    \($0)" }
            }
        }
        return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }
}
