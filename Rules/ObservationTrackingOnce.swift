import ObservationLintCore
import ObservationSyntax

public struct ObservationTrackingOnce: Rule {
    public static let description = RuleDescription(
        id: "observation_tracking_once",
        name: "withObservationTracking fires once",
        category: .observation,
        group: .suspicious,
        summary: "`withObservationTracking`'s `onChange` does not register again, so it fires for the first change only.",
        rationale: """
            `withObservationTracking(_:onChange:)` tracks the properties its first closure reads \
            and calls `onChange` once, for the next change of any of them; then the tracking \
            ends. Code that means to follow a model has to call `withObservationTracking` again \
            from `onChange` (usually by calling the function that set it up); otherwise every \
            later change goes unnoticed. `onChange` also runs before the change is applied \
            (in `willSet`): reading the tracked property there still gives the old value.
            """,
        fix: """
            Re-register in `onChange`: call the function that sets up the tracking again, \
            usually on the next turn (`Task { @MainActor in self.observe() }`), and read the new \
            values in the tracking closure of that next round. On iOS 26/macOS 26, \
            `Observations { … }` gives an async sequence of values instead. (A call in a view's \
            `body` or a view builder it calls registers again on every render.)
            """,
        triggeringExamples: [
            """
            final class BadgeUpdater {
                let inbox: Inbox
                init(inbox: Inbox) { self.inbox = inbox }
                func observe() {
                    ↓withObservationTracking {
                        _ = inbox.unreadCount
                    } onChange: {
                        print("unread count changed")
                    }
                }
            }
            """,
            """
            func logChanges(of settings: Settings) {
                ↓withObservationTracking {
                    _ = settings.theme
                } onChange: {
                    print("theme is now", settings.theme)
                }
            }
            """,
            """
            final class Renderer {
                var model: Canvas
                init(model: Canvas) { self.model = model }
                func start() {
                    ↓withObservationTracking({ render(model.shapes) }, onChange: { [weak self] in
                        Task { @MainActor in self?.setNeedsDisplay() }
                    })
                }
                func render(_ shapes: [Shape]) {}
                func setNeedsDisplay() {}
            }
            """,
            """
            @MainActor final class TitleSync {
                let document: Document
                init(document: Document) {
                    self.document = document
                    Observation.↓withObservationTracking {
                        _ = document.title
                    } onChange: {
                        DispatchQueue.main.async { NSApp.mainWindow?.title = "…" }
                    }
                }
            }
            """,
            """
            struct StatusBadge: View {
                let status: Status
                var body: some View {
                    Text("Status").onAppear {
                        ↓withObservationTracking { _ = status.text } onChange: { print("status changed") }
                    }
                }
            }
            """,
        ],
        nonTriggeringExamples: [
            """
            final class BadgeUpdater {
                let inbox: Inbox
                init(inbox: Inbox) { self.inbox = inbox }
                func observe() {
                    withObservationTracking {
                        _ = inbox.unreadCount
                    } onChange: { [weak self] in
                        Task { @MainActor in self?.observe() }
                    }
                }
            }
            """,
            """
            func track(_ settings: Settings, apply: @escaping (String) -> Void) {
                withObservationTracking {
                    apply(settings.theme)
                } onChange: {
                    DispatchQueue.main.async { track(settings, apply: apply) }
                }
            }
            """,
            """
            final class Watcher {
                let model: Model
                init(model: Model) { self.model = model }
                func startWatching() { scheduleNextRound() }
                private func scheduleNextRound() {
                    withObservationTracking { _ = model.value } onChange: { [weak self] in self?.changed() }
                }
                private func changed() {
                    print("changed")
                    scheduleNextRound()
                }
            }
            """,
            """
            func nextChange(of model: Model) async {
                await withCheckedContinuation { continuation in
                    withObservationTracking { _ = model.value } onChange: { continuation.resume() }
                }
            }
            """,
            """
            func follow(_ model: Model) async {
                while !Task.isCancelled {
                    await withCheckedContinuation { continuation in
                        withObservationTracking { _ = model.value } onChange: { continuation.resume() }
                    }
                    print(model.value)
                }
            }
            """,
            """
            final class ChartView: UIView {
                var model: ChartModel?
                override func draw(_ rect: CGRect) {
                    guard let model else { return }
                    withObservationTracking {
                        drawBars(model.values)
                    } onChange: { [weak self] in
                        Task { @MainActor in self?.setNeedsDisplay() }
                    }
                }
                func drawBars(_ values: [Double]) {}
            }
            """,
            """
            func observe(_ model: Model, onChange handler: @escaping @Sendable () -> Void) {
                withObservationTracking({ _ = model.value }, onChange: handler)
            }
            """,
            """
            @MainActor func values(of model: Model) -> AsyncStream<Int> {
                let (stream, continuation) = AsyncStream<Int>.makeStream()
                let (changes, signal) = AsyncStream<Void>.makeStream()
                continuation.yield(withObservationTracking { model.value } onChange: { signal.yield() })
                Task { @MainActor in
                    for await _ in changes {
                        continuation.yield(withObservationTracking { model.value } onChange: { signal.yield() })
                    }
                }
                return stream
            }
            """,
            """
            struct LevelMeter: View {
                let meter: Meter
                var body: some View {
                    let level = withObservationTracking { meter.level } onChange: { print("level changed") }
                    return Text("\\(level)")
                }
            }
            """,
            """
            struct StatusPanel: View {
                let status: Status
                var body: some View { VStack { label } }
                @ViewBuilder private var label: some View {
                    GeometryReader { _ in
                        Text(withObservationTracking { status.text } onChange: { print("status changed") })
                    }
                }
            }
            """,
        ])

    public init() {}

    public func check(_ context: inout RuleContext) {
        let file = context.file
        // Tests observe one change on purpose (`expectation.fulfill()`).
        if file.imports.contains(where: { $0.module == "XCTest" || $0.module == "Testing" }) { return }
        guard file.source.contains("withObservationTracking") else { return }
        let sites = file.tokens.indices.filter { isTrackingCall(at: $0, in: file) }
        guard !sites.isEmpty else { return }
        let functions = FunctionBodies(file)
        // Functions of this file and of the other files that extend its types (an
        // `onChange` may call back into an extension).
        var summaries = functions.summaries()
        var otherFiles = Set<Int>()
        var closureProperties = Set<String>()
        for (_, type) in context.index.typeDeclarations(in: context.fileIndex) {
            for declaration in type.declarations where declaration.file != context.fileIndex {
                otherFiles.insert(declaration.file)
            }
            for (_, property) in type.properties where property.type?.text.contains("->") == true {
                closureProperties.insert(property.name)
            }
        }
        for other in otherFiles.sorted() {
            summaries += FunctionBodies(context.index.files[other]).summaries()
        }
        let arming = FunctionBodies.armingNames(summaries)
        let renderingBodies = context.index.typeDeclarations(in: context.fileIndex)
            .filter { RenderingCode.isRendering($0.info) }
            .flatMap { RenderingCode.bodies(in: $0.decl, file: context.fileIndex, of: $0.info) }
        for site in sites {
            guard let call = file.call(at: site, limit: file.tokens.count),
                let (apply, onChange) = closures(of: call, in: file)
            else { continue }
            // Closures the code was handed (parameters, closure-typed properties) may register again.
            let opaque = closureProperties.union(functions.functions.filter { $0.body.contains(site) }.flatMap(\.parameters))
            if reArms(onChange, arming: arming, opaque: opaque, in: file) { continue }
            if schedulesSystemPass(onChange, arming: arming, typeFunctions: functionNames(around: site, context: context), in: file) {
                continue
            }
            if isInLoop(site, functions: functions, in: file) || handsOverToLoop(site, sites: sites, functions: functions, in: file) {
                continue
            }
            if runsOnEveryRender(site, in: renderingBodies, context: context) { continue }
            var notes: [DiagnosticNote] = []
            if let apply, let stale = staleRead(in: onChange, trackedIn: apply, file: file) {
                notes.append(
                    context.note(
                        "`onChange` runs before the change is applied: `\(stale.text)` here still has the old value",
                        at: stale.tokens))
            }
            let enclosing = functions.innermost(containing: site).map { "`\($0.name)()`" }
            context.report(
                "`withObservationTracking` calls `onChange` for the first change only, and `onChange` does not register again: later changes go unnoticed",
                at: site..<site + 1,
                notes: notes,
                help: enclosing.map { "call \($0) again from `onChange` (for example in `Task { @MainActor in … }`) to keep observing" }
                    ?? "call `withObservationTracking` again from `onChange` (for example in `Task { @MainActor in … }`) to keep observing")
        }
    }

    /// The call sits in rendering code (a view's `body`, a view builder), outside action
    /// closures: every render evaluates it again, and so registers again.
    private func runsOnEveryRender(_ site: Int, in bodies: [RenderingBody], context: RuleContext) -> Bool {
        guard let body = bodies.first(where: { $0.range.contains(site) }) else { return false }
        var roles = RenderRoles(body: body.range, file: context.file, index: context.index)
        return roles.role(of: site) != .action
    }

    /// `withObservationTracking` (or `Observation.withObservationTracking`) being called.
    private func isTrackingCall(at token: Int, in file: ParsedFile) -> Bool {
        guard file.kind(token) == .identifier, file.at(token, "withObservationTracking") else { return false }
        if file.at(token - 1, "func") { return false }
        if file.kind(token - 1) == .period, !file.at(token - 2, "Observation") { return false }
        let next = token + 1
        return file.kind(next) == .leftParen || file.kind(next) == .leftBrace
    }

    /// The tracking closure (when literal) and the `onChange` closure literal; nil when
    /// `onChange` is not a closure literal (a handler passed in may re-register).
    private func closures(of call: Call, in file: ParsedFile) -> (apply: Range<Int>?, onChange: Range<Int>)? {
        func literal(_ range: Range<Int>) -> Range<Int>? {
            guard let first = range.first, file.kind(first) == .leftBrace, file.skipGroup(first) == range.upperBound else {
                return nil
            }
            return range
        }
        var apply: Range<Int>?
        var onChange: Range<Int>?
        if let arguments = call.arguments {
            let list = file.argumentList(arguments)
            if let first = list.first, first.label == nil { apply = literal(first.value) }
            if let change = list.first(where: { $0.label.map { file.at($0, "onChange") } == true }) {
                guard let closure = literal(change.value) else { return nil }
                onChange = closure
            }
        }
        for closure in call.trailingClosures {
            if let label = closure.label {
                if file.at(label, "onChange") { onChange = closure.body }
            } else if apply == nil {
                apply = closure.body
            }
        }
        guard let onChange else { return nil }
        return (apply, onChange)
    }

    /// `onChange` registers again: it calls `withObservationTracking`, or names a function
    /// that (directly or through other functions) does; it calls a closure it was handed,
    /// which may; or it resumes a continuation or fulfills an expectation, a one-shot wait by
    /// design.
    private func reArms(_ onChange: Range<Int>, arming: Set<String>, opaque: Set<String>, in file: ParsedFile) -> Bool {
        for token in onChange where file.kind(token) == .identifier {
            let name = file.text(token)
            if name == "withObservationTracking" || arming.contains(name) { return true }
            var next = token + 1
            if file.kind(next) == .postfixQuestionMark || file.kind(next) == .exclamationMark { next += 1 }
            guard file.kind(next) == .leftParen || file.kind(next) == .leftBrace else { continue }
            if opaque.contains(name) { return true }
            if file.kind(token - 1) == .period, ["resume", "fulfill", "confirm"].contains(name) { return true }
        }
        return false
    }

    /// UIKit/AppKit callbacks the system calls again after `setNeedsDisplay()`,
    /// `setNeedsLayout()` and the like.
    private static let systemPasses: Set<String> = [
        "draw", "layoutSubviews", "layout", "updateLayer", "viewWillLayoutSubviews", "viewDidLayoutSubviews",
        "viewWillLayout", "viewDidLayout", "updateConstraints", "updateViewConstraints", "updateProperties",
        "updateConfiguration", "updateConfigurationUsingState", "display", "updateContentConfiguration",
    ]

    private static let passRequests: Set<String> = [
        "setNeedsDisplay", "setNeedsLayout", "needsDisplay", "needsLayout", "setNeedsUpdateConstraints",
        "needsUpdateConstraints", "setNeedsUpdateProperties", "setNeedsUpdateConfiguration", "layoutIfNeeded",
        "setNeedsDisplayInRect", "invalidateIntrinsicContentSize", "updatePropertiesIfNeeded",
    ]

    /// `onChange` asks for another drawing or layout pass (`setNeedsDisplay()`), and the
    /// tracking runs in that pass (`draw(_:)` or `layoutSubviews()` sets it up): the
    /// system re-registers it.
    private func schedulesSystemPass(
        _ onChange: Range<Int>, arming: Set<String>, typeFunctions: Set<String>, in file: ParsedFile
    ) -> Bool {
        guard !arming.intersection(typeFunctions).isDisjoint(with: Self.systemPasses) else { return false }
        return onChange.contains { file.kind($0) == .identifier && Self.passRequests.contains(file.text($0)) }
    }

    /// The names of the functions of the innermost type around `token` (all its declarations).
    private func functionNames(around token: Int, context: RuleContext) -> Set<String> {
        let enclosing = context.index.typeDeclarations(in: context.fileIndex)
            .filter { $0.decl.members.contains(token) }
            .min { $0.decl.members.count < $1.decl.members.count }
        return Set(enclosing?.info.functions.map(\.function.name) ?? [])
    }

    /// The call sits in a loop of its function (`while`, `for`, `repeat`), which registers
    /// again on the next pass.
    private func isInLoop(_ site: Int, functions: FunctionBodies, in file: ParsedFile) -> Bool {
        let body = functions.innermost(containing: site)?.body ?? 0..<file.tokens.count
        let lowerBound = body.lowerBound
        // Walk outward through the enclosing braces.
        var position = site
        var steps = 0
        while position > lowerBound, steps < 10_000 {
            position -= 1
            steps += 1
            switch file.kind(position) {
            case .rightBrace, .rightParen, .rightSquare:
                let open = Int(file.partner[position])
                if open >= 0, open < position { position = open }
            case .leftBrace:
                if file.at(position - 1, "repeat") { return true }
                if statementKeyword(beforeBrace: position, lowerBound: lowerBound, in: file).map({ $0 == "while" || $0 == "for" }) == true {
                    return true
                }
            default:
                break
            }
        }
        return false
    }

    /// Another call of the same function sits in a loop (`for await _ in changes { … }`):
    /// this one only primes the tracking, and the loop registers again on every change.
    private func handsOverToLoop(_ site: Int, sites: [Int], functions: FunctionBodies, in file: ParsedFile) -> Bool {
        guard let function = functions.innermost(containing: site) else { return false }
        return sites.contains { other in
            other != site && function.body.contains(other) && isInLoop(other, functions: functions, in: file)
        }
    }

    /// The keyword of the statement whose block opens at `brace` (`if`, `while`, `for`, …),
    /// found walking back over its condition.
    private func statementKeyword(beforeBrace brace: Int, lowerBound: Int, in file: ParsedFile) -> String? {
        var index = brace - 1
        var steps = 0
        while index > lowerBound, steps < 64 {
            switch file.kind(index) {
            case .rightParen, .rightSquare:
                let open = Int(file.partner[index])
                guard open >= 0, open < index else { return nil }
                index = open - 1
            case .leftBrace, .rightBrace, .semicolon, .leftParen:
                // The end of the previous statement, or the enclosing group.
                return nil
            case .keyword, .identifier:
                let text = file.text(index)
                if ["while", "for", "if", "guard", "switch", "else", "do", "catch", "repeat", "func"].contains(text) {
                    return text
                }
                index -= 1
            default:
                index -= 1
            }
            steps += 1
        }
        return nil
    }

    /// A read in `onChange` of a property the tracking closure reads: the same chain, or
    /// one that extends or shortens it down to the property (`model.items` and
    /// `model.items.count`).
    private func staleRead(in onChange: Range<Int>, trackedIn apply: Range<Int>, file: ParsedFile) -> (text: String, tokens: Range<Int>)? {
        // A path and how many of its names reach the property: `self.count`/`count` → 1,
        // `model.count` → 2.
        func reads(in range: Range<Int>) -> [(path: [String], property: Int, chain: MemberChain)] {
            let assigned = Set(file.assignments(in: range).map { $0.target.root })
            var result: [(path: [String], property: Int, chain: MemberChain)] = []
            for chain in file.memberChains(in: range) where !assigned.contains(chain.root) && !file.isCalled(chain) {
                let path = file.path(of: chain)
                if file.at(chain.root, "self") {
                    guard chain.names.count >= 2 else { continue }
                    result.append((path, 1, chain))
                } else if chain.names.count >= 2 {
                    guard file.kind(chain.root) == .identifier else { continue }
                    result.append((path, 2, chain))
                }
            }
            return result
        }
        let tracked = reads(in: apply)
        guard !tracked.isEmpty else { return nil }
        for read in reads(in: onChange) {
            for candidate in tracked {
                let needed = max(read.property, candidate.property)
                let shorter = min(read.path.count, candidate.path.count)
                guard shorter >= needed, read.path.prefix(shorter) == candidate.path.prefix(shorter) else { continue }
                return (read.path.joined(separator: "."), read.chain.root..<read.chain.last + 1)
            }
        }
        return nil
    }
}

/// The named function bodies of a file, local functions included, found from `func`
/// keywords.
struct FunctionBodies {
    struct Function {
        let name: String
        /// Internal names of the parameters.
        let parameters: Set<String>
        let body: Range<Int>
    }
    let functions: [Function]
    private let file: ParsedFile

    init(_ file: ParsedFile) {
        self.file = file
        var functions: [Function] = []
        for token in file.tokens.indices where file.kind(token) == .keyword && file.at(token, "func") {
            let name = token + 1
            guard file.isWord(name) || file.kind(name) == .binaryOperator else { continue }
            var index = name + 1
            if file.kind(index) == .leftAngle { index = file.skipGroup(index) }
            guard file.kind(index) == .leftParen else { continue }
            let parameterList = index..<file.skipGroup(index)
            var parameters = Set<String>()
            for probe in parameterList where file.kind(probe) == .colon && file.kind(probe - 1) == .identifier {
                parameters.insert(file.text(probe - 1))
            }
            index = parameterList.upperBound
            // Effects, the result type and a `where` clause, up to the body.
            var steps = 0
            while index < file.tokens.count, steps < 64 {
                guard let kind = file.kind(index) else { break }
                if kind == .leftBrace { break }
                if kind == .rightBrace || kind == .semicolon || file.at(index, "func") || file.at(index, "var")
                    || file.at(index, "let")
                {
                    index = -1
                    break
                }
                index = kind == .leftParen || kind == .leftSquare || kind == .leftAngle ? file.skipGroup(index) : index + 1
                steps += 1
            }
            guard index >= 0, file.kind(index) == .leftBrace else { continue }
            functions.append(
                Function(name: file.text(name), parameters: parameters, body: index..<file.skipGroup(index)))
        }
        self.functions = functions
    }

    /// The innermost function whose body holds `token`.
    func innermost(containing token: Int) -> Function? {
        functions.filter { $0.body.contains(token) }.min { $0.body.count < $1.body.count }
    }

    /// What each function calls or mentions by name, and whether it sets up tracking.
    func summaries() -> [(name: String, tracks: Bool, mentions: Set<String>)] {
        functions.map { function in
            var tracks = false
            var mentions = Set<String>()
            for token in function.body where file.kind(token) == .identifier {
                if file.at(token, "withObservationTracking") { tracks = true }
                mentions.insert(file.text(token))
            }
            return (function.name, tracks, mentions)
        }
    }

    /// Functions that set up observation: their body calls `withObservationTracking`, or
    /// mentions a function that does (calls it, or passes it: `async(execute: observe)`).
    static func armingNames(_ summaries: [(name: String, tracks: Bool, mentions: Set<String>)]) -> Set<String> {
        var arming = Set(summaries.filter(\.tracks).map(\.name))
        var changed = true
        while changed {
            changed = false
            for summary in summaries where !arming.contains(summary.name) && !summary.mentions.isDisjoint(with: arming) {
                arming.insert(summary.name)
                changed = true
            }
        }
        return arming
    }
}
