import Foundation
import ObservationSyntax

/// Where each scope of one body runs: the body's own context, then each closure's, worked
/// out when a location inside it or after it is asked about, once per closure (SPEC §10.2).
final class BodyContexts: @unchecked Sendable {
    /// Where the code of one scope runs.
    struct Frame: Sendable {
        var steps: [ContextStep]
        /// The static isolation a `Task { }` here inherits.
        var domain: ActorDomain
        var runtime: Isolation
        /// The first token of the innermost asynchronous function or task around the scope:
        /// an `await` after it and before a location suspends the code at the location.
        var asyncStart: Int?
        var isAsynchronous: Bool
        /// The code runs on its function's caller's executor: directly in a synchronous
        /// function with no actor isolation, or in a `nonisolated(nonsending)` one.
        var runsWhereCalled = false
    }

    let file: Int
    /// The body's tokens.
    private let range: Range<Int>
    let base: Frame
    let scopes: BodyScopes
    /// The scopes starting at each token (a closure's `{`), in scope order.
    private let scopesByStart: [Int: [Int]]
    /// Per scope, once found: its frame (the enclosing one for blocks and closures run in
    /// place), and whether it is a context of its own (an `await` inside such a closure does
    /// not suspend the code around it).
    private var frames: [(frame: Frame, isOwn: Bool)?]
    private var classifier: ClosureClassifier
    /// Whether the body names `isMainThread` (`MainThreadCheck`), found on first use.
    private var checksThread: Bool?
    /// Guards `frames` and `classifier`: the index shares one `BodyContexts` between threads.
    private let lock = NSRecursiveLock()

    /// `followsOtherCode`: an observer with `queue: nil` runs where the project posts its
    /// notification, a closure passed to a project function where that function calls it
    /// (neither followed from the context of such a post or call, which could lead back here).
    init(_ owned: OwnedBody, file fileIndex: Int, index: ProjectIndex, followsOtherCode: Bool) {
        let file = index.files[fileIndex]
        self.file = fileIndex
        range = owned.range
        base = Self.baseFrame(owned, file: file, fileIndex: fileIndex, index: index)
        scopes = index.scopes(in: owned.range, of: file)
        classifier = ClosureClassifier(owned: owned, file: file, fileIndex: fileIndex, index: index, followsOtherCode: followsOtherCode)
        frames = Array(repeating: nil, count: scopes.scopes.count)
        var starts: [Int: [Int]] = [:]
        starts.reserveCapacity(scopes.scopes.count)
        for (position, scope) in scopes.scopes.enumerated() { starts[scope.range.lowerBound, default: []].append(position) }
        scopesByStart = starts
    }

    /// The frame of the scope at `position`, its enclosing scopes' first (the caller holds
    /// `lock`).
    private func frame(ofScope position: Int) -> (frame: Frame, isOwn: Bool) {
        if let known = frames[position] { return known }
        let scope = scopes.scopes[position]
        let outer = scope.parent.map { frame(ofScope: $0).frame } ?? base
        let found: (frame: Frame, isOwn: Bool)
        if let own = classifier.frame(of: scope, inside: outer, parent: scope.parent.map { scopes.scopes[$0] }) {
            found = (own, true)
        } else {
            found = (outer, false)
        }
        frames[position] = found
        return found
    }

    /// The last closure starting at `token` that runs in a context of its own.
    private func ownContextScope(startingAt token: Int) -> Int? {
        scopesByStart[token]?.last { frame(ofScope: $0).isOwn }
    }

    func context(at token: Int, index: ProjectIndex) -> ExecutionContext {
        lock.lock()
        defer { lock.unlock() }
        let innermost = scopes.innermostIndex(containing: token)
        var frame = innermost.map { self.frame(ofScope: $0).frame } ?? base
        let file = index.files[self.file]
        if frame.runtime != .mainActor, let check = mainThreadCheck(guarding: token, innermost: innermost, frame: frame, in: file) {
            let line = file.source.location(of: file.tokens[check.keyword].range.lowerBound).line
            let how = file.at(check.keyword, "guard")
                ? "after `guard \(check.condition) else` on line \(line)"
                : "where `\(check.condition)` on line \(line) is true"
            frame.steps.append(
                ContextStep(
                    kind: .mainThreadCheck, site: TokenLocation(file: self.file, token: check.keyword), isolation: .mainActor,
                    description: "\(how): it runs only on the main thread"))
            frame.runtime = .mainActor
            frame.runsWhereCalled = false
        }
        if let start = frame.asyncStart, let suspension = suspension(before: token, from: start, in: file) {
            let line = file.source.location(of: file.tokens[suspension].range.lowerBound).line
            let resumes = switch frame.runtime {
            case .mainActor: ": it resumes on the main actor"
            case .offMain: ": it resumes off the main thread"
            case .unknown: ""
            }
            frame.steps.append(
                ContextStep(
                    kind: .afterAwait, site: TokenLocation(file: self.file, token: suspension), isolation: frame.runtime,
                    description: "after the `await` on line \(line)\(resumes)"))
            frame.isAsynchronous = true
        }
        return ExecutionContext(
            isolation: frame.steps.last?.isolation ?? .unknown, steps: frame.steps, isAsynchronous: frame.isAsynchronous,
            runsWhereCalled: frame.runsWhereCalled)
    }

    /// The check of `Thread.isMainThread` that synchronous code at `token` runs only after
    /// finding true, in the same context: not across a closure with a context of its own
    /// that starts after the check (`DispatchQueue.global().async { … }` in the branch), nor
    /// in asynchronous code (an `await` may resume it on another thread).
    private func mainThreadCheck(guarding token: Int, innermost: Int?, frame: Frame, in file: ParsedFile) -> MainThreadCheck? {
        if checksThread == nil { checksThread = range.contains { file.at($0, "isMainThread") } }
        guard checksThread == true, frame.asyncStart == nil, let check = MainThreadCheck.guarding(token, in: range, of: file) else { return nil }
        var scope = innermost
        while let position = scope, scopes.scopes[position].range.lowerBound > check.regionStart {
            if self.frame(ofScope: position).isOwn { return nil }
            scope = scopes.scopes[position].parent
        }
        return check
    }

    /// The last `await` of the asynchronous code starting at `start` that runs before the
    /// code at `token`: before it, outside closures with a context of their own, or later in
    /// the same statement (`items = await load()`).
    private func suspension(before token: Int, from start: Int, in file: ParsedFile) -> Int? {
        var found: Int?
        var probe = start
        while probe < token {
            // Scopes start at a `{`: only there is one looked up.
            if file.kind(probe) == .leftBrace {
                if let scope = ownContextScope(startingAt: probe), !scopes.scopes[scope].range.contains(token) {
                    probe = scopes.scopes[scope].range.upperBound
                    continue
                }
                // A branch the code at `token` does not run after: an `if` whose `else` holds
                // it, or a `guard`'s `else`, which leaves the scope.
                let close = Int(file.partner[probe])
                if close > probe, close < token, Self.isBranch(openingAt: probe, closingAt: close, excluding: token, in: file) {
                    probe = close + 1
                    continue
                }
            }
            if file.at(probe, "await") { found = probe }
            probe += 1
        }
        if found != nil { return found }
        // The rest of the statement: `x = await f()`, `x = try await f()`.
        probe = token + 1
        while let kind = file.kind(probe), !file.tokens[probe].isAtStartOfLine, kind != .leftBrace, kind != .rightBrace,
            kind != .semicolon
        {
            if file.at(probe, "await") { return probe }
            probe += 1
        }
        return nil
    }

    /// Whether the block `open...close`, which ends before `token`, never runs before it:
    /// a `guard`'s `else` block (it leaves the scope), or a branch of an `if`/`else if`
    /// chain whose later branch (or condition) holds `token`.
    static func isBranch(openingAt open: Int, closingAt close: Int, excluding token: Int, in file: ParsedFile) -> Bool {
        if file.at(open - 1, "else"), file.kind(open - 2) != .rightBrace { return true }
        var end = close
        while file.at(end + 1, "else") {
            var next = end + 2
            if file.at(next, "if") {
                // The `else if` condition runs only when the branch before did not.
                while let kind = file.kind(next), kind != .leftBrace {
                    if kind == .leftParen || kind == .leftSquare { next = max(next, Int(file.partner[next])) }
                    next += 1
                }
                if token < next { return true }
            }
            guard file.kind(next) == .leftBrace else { return false }
            let branchEnd = Int(file.partner[next])
            guard branchEnd > next else { return false }
            if token > next, token < branchEnd { return true }
            end = branchEnd
        }
        return false
    }

    /// The context of the body itself: its member's isolation, then sync or async.
    private static func baseFrame(_ owned: OwnedBody, file: ParsedFile, fileIndex: Int, index: ProjectIndex) -> Frame {
        let isAsync = owned.isAsync(in: file)
        let name = owned.displayName
        let site = TokenLocation(file: fileIndex, token: owned.nameToken)
        let concurrent = owned.attributes.contains(named: "concurrent")
        let nonsendingModifier = owned.modifiers.contains { $0.name == "nonisolated" && $0.detail == "nonsending" }
        let domain: ActorDomain
        let why: String
        if let actor = index.globalActor(in: owned.attributes) {
            domain = actor == "MainActor" ? .mainActor : .otherActor
            why = "\(name) is `@\(actor)`"
        } else if owned.modifiers.contains("nonisolated") || nonsendingModifier || concurrent {
            domain = .nonisolated
            why = "\(name) is `\(nonsendingModifier ? "nonisolated(nonsending)" : concurrent ? "@concurrent" : "nonisolated")`"
        } else if let declaration = owned.declaration, declaration.kind == .extension,
            let actor = index.globalActor(in: declaration.attributes)
        {
            domain = actor == "MainActor" ? .mainActor : .otherActor
            why = "\(name) is in a `@\(actor)` extension"
        } else if let declaration = owned.declaration, declaration.kind == .extension, declaration.modifiers.contains("nonisolated") {
            domain = .nonisolated
            why = "\(name) is in a `nonisolated` extension"
        } else if let owner = owned.owner {
            let isolation = index.isolation(of: owner)
            if owner.kind == .actor, owned.modifiers.contains("static") {
                domain = .nonisolated
                why = "\(name) is a static member of the actor `\(owner.name.simpleTypeName)`"
            } else {
                domain = isolation.domain
                why = "\(name) is a member of `\(owner.name.simpleTypeName)`, which \(isolation.reason)"
            }
        } else if index.defaultIsolationIsMainActor(inFile: fileIndex) {
            domain = .mainActor
            why = "\(name) is a global function: the module's default isolation is `MainActor`"
        } else {
            domain = .nonisolated
            why = "\(name) is a global function with no actor isolation"
                + (index.defaultIsolationIsMainActor ? " (the Xcode targets that build it keep the default isolation `nonisolated`)" : "")
        }
        let nonsending = domain == .nonisolated && isAsync
            && (nonsendingModifier || (index.nonisolatedNonsending(inFile: fileIndex) && !concurrent))
        let frameworkCall = domain == .nonisolated && !isAsync ? Self.frameworkCallsOffMain(owned) : nil
        let unhoppedCall = domain == .mainActor && !isAsync ? Self.frameworkCallsOffMain(owned, unhopped: index) : nil
        let runtime: Isolation
        let description: String
        switch domain {
        case .mainActor where unhoppedCall != nil:
            runtime = .offMain
            description = "\(why), but \(unhoppedCall!), and a main-actor method implementing a requirement of that "
                + "protocol, which has no actor isolation, gets no hop to the main actor: in the Swift 5 language mode it runs there, "
                + "off the main thread (the Swift 6 mode does not compile this conformance without `@preconcurrency`)"
        case .mainActor:
            runtime = .mainActor
            description = "\(why): it runs on the main actor"
        case .otherActor:
            runtime = .offMain
            description = "\(why): it runs on that actor's executor, off the main thread"
        case .nonisolated where nonsending:
            runtime = .unknown
            description = nonsendingModifier
                ? "\(why): it runs on its caller's actor"
                : "\(why), and under `NonisolatedNonsendingByDefault` a nonisolated `async` function runs on its caller's actor"
        case .nonisolated where isAsync:
            runtime = .offMain
            let targets = index.nonisolatedNonsendingByDefault && !concurrent
                ? " (the Xcode targets that build this file leave `NonisolatedNonsendingByDefault` off)" : ""
            description = "\(why): a nonisolated `async` function runs on the global executor, off the main thread\(targets)"
        case .nonisolated where frameworkCall != nil:
            runtime = .offMain
            description = "\(why), and \(frameworkCall!), off the main thread"
        case .nonisolated:
            runtime = .unknown
            description = "\(why): a synchronous function runs on its caller's thread"
        case .unknown:
            runtime = .unknown
            description = why
        }
        return Frame(
            steps: [ContextStep(kind: .function, site: site, isolation: runtime, description: description)],
            domain: nonsending ? .unknown : domain, runtime: runtime, asyncStart: isAsync ? owned.range.lowerBound : nil,
            isAsynchronous: false, runsWhereCalled: domain == .nonisolated && (nonsending || !isAsync) && runtime != .offMain)
    }

    /// Delegate protocols whose framework documents that it calls their methods off the main
    /// thread, with the type of the first parameter every requirement takes and what the
    /// documentation says.
    private static let offMainDelegates: [(protocol: String, firstParameter: String, framework: String, says: String)] = [
        ("WCSessionDelegate", "WCSession", "WatchConnectivity", "WatchConnectivity calls its delegate's methods serially on a background thread"),
        ("PHPhotoLibraryChangeObserver", "PHChange", "Photos", "Photos calls `photoLibraryDidChange(_:)` on an arbitrary serial queue"),
        // developer.apple.com/documentation/healthkit/hkworkoutsessiondelegate: "HealthKit calls
        // these methods on an anonymous serial background queue."
        ("HKWorkoutSessionDelegate", "HKWorkoutSession", "HealthKit", "HealthKit calls its delegate's methods on an anonymous serial background queue"),
        // developer.apple.com/documentation/multipeerconnectivity/mcsessiondelegate: "Delegate
        // calls occur on a private serial queue."
        ("MCSessionDelegate", "MCSession", "MultipeerConnectivity", "MultipeerConnectivity calls its delegate's methods on a private serial queue"),
    ]

    /// What a framework says of where it calls the synchronous method, when the method
    /// implements a requirement of a delegate protocol the owner conforms to in that
    /// declaration or another one of the type, and the framework calls it off the main thread.
    /// With `unhopped`, for a main-actor method: only when no conformance to the protocol is
    /// marked `@preconcurrency` or isolated (`@MainActor P`) and the file does not import the
    /// framework `@preconcurrency`. Only the Swift 5 language mode compiles a main-actor
    /// method as the witness of a nonisolated requirement without those marks, and it inserts
    /// no check there (SE-0423 checks in the Swift 6 mode), so the framework's thread runs it;
    /// with them, the Swift 6 mode traps on that thread instead.
    private static func frameworkCallsOffMain(_ owned: OwnedBody, unhopped index: ProjectIndex? = nil) -> String? {
        guard case .function(let function) = owned.member, function.kind == .function,
            !function.modifiers.contains("static"), let owner = owned.owner
        else { return nil }
        // The requirement's shape first (`session(_ session: WCSession, …)`): most methods
        // implement no delegate requirement.
        guard let first = function.parameters.first?.type?.text else { return nil }
        guard let delegate = offMainDelegates.first(where: { delegate in
            first == delegate.firstParameter
                && owner.declarations.contains { $0.decl.inheritance.contains { $0.text.simpleTypeName == delegate.protocol } }
        }) else { return nil }
        if let index {
            let marked = owner.declarations.contains { declaration in
                declaration.decl.inheritance.contains { conformance in
                    conformance.text.simpleTypeName == delegate.protocol && conformance.text.contains("@")
                }
            }
            let importedPreconcurrency = owner.declarations.contains { declaration in
                let file = index.files[declaration.file]
                return file.imports.contains { declared in
                    declared.module == delegate.framework && (declared.token - 3..<declared.token).contains { file.at($0, "preconcurrency") }
                }
            }
            if marked || importedPreconcurrency { return nil }
        }
        return delegate.says
    }
}

/// What a closure does to where its code runs: Swift concurrency, Dispatch, Foundation,
/// Combine and SwiftUI's APIs by name and receiver; anything else is unknown.
struct ClosureClassifier {
    let owned: OwnedBody
    let file: ParsedFile
    let fileIndex: Int
    /// Unowned: a `BodyContexts` the index keeps holds its classifier.
    unowned let index: ProjectIndex
    let followsOtherCode: Bool
    /// The body's `let queue = DispatchQueue(label: …)`-style locals, found on first use.
    private var locals: [String: QueueKind]?

    init(owned: OwnedBody, file: ParsedFile, fileIndex: Int, index: ProjectIndex, followsOtherCode: Bool) {
        self.owned = owned
        self.file = file
        self.fileIndex = fileIndex
        self.index = index
        self.followsOtherCode = followsOtherCode
    }

    /// The frame of a closure scope, or nil when it runs in the frame around it (a block, a
    /// closure called in place, `map`, `forEach`, `withAnimation`, view content).
    mutating func frame(of scope: Scope, inside outer: BodyContexts.Frame, parent: Scope?) -> BodyContexts.Frame? {
        guard case .closure(let callee, let label) = scope.kind else { return nil }
        if isCalledInPlace(scope) { return nil }
        let brace = scope.range.lowerBound
        let mainActorAttribute = isMainActorClosure(brace)
        guard let callee else {
            if mainActorAttribute { return step(.mainActorRun, at: brace, .mainActor, "in a `@MainActor` closure", outer, domain: .mainActor) }
            if let target = mainActorTypedTarget(of: brace) {
                return step(.mainActorRun, at: brace, .mainActor,
                    "in a closure assigned to `\(target)`, whose type is `@MainActor`: it runs on the main actor", outer, domain: .mainActor)
            }
            if let handler = pathUpdateHandler(at: brace, outer) { return handler }
            if let handler = documentedHandlerProperty(at: brace, outer) { return handler }
            return step(.closure, at: brace, .unknown, "in a stored closure or local function: it runs where it is called", outer, domain: .unknown)
        }
        let name = file.text(callee)
        // Only these cases look at the receiver, which may be a long chain to compact.
        let receiver = receiverCallees.contains(name) ? receiverText(of: callee) : nil
        switch name {
        case "Task" where receiver == nil || receiver == "_Concurrency", "init" where isTaskSelfInit(callee):
            if mainActorAttribute {
                return step(.mainActorRun, at: callee, .mainActor, "in `Task { @MainActor in }`: on the main actor", outer,
                    domain: .mainActor, async: true)
            }
            if name == "Task", receiver == nil, let run = projectTaskRun(scope, callee: callee, label: label, outer) {
                guard case .runs(let frame) = run else { return nil }
                return frame
            }
            let (runtime, how): (Isolation, String) = switch outer.domain {
            case .mainActor: (.mainActor, "which inherits the main actor")
            case .nonisolated: (.offMain, "which inherits no actor here: it runs on the global executor, off the main thread")
            case .otherActor: (.offMain, "which inherits the actor around it: off the main thread")
            case .unknown: (.unknown, "which inherits an isolation not known here")
            }
            return step(.task, at: callee, runtime, "in `Task { }`, \(how)", outer, domain: outer.domain, async: true)
        case "detached" where receiver == "Task":
            if mainActorAttribute {
                return step(.mainActorRun, at: callee, .mainActor, "in `Task.detached { @MainActor in }`: on the main actor", outer,
                    domain: .mainActor, async: true)
            }
            return step(.detachedTask, at: callee, .offMain, "in `Task.detached { }`: it runs on the global executor, off the main thread",
                outer, domain: .nonisolated, async: true)
        case "addTask", "addTaskUnlessCancelled":
            // A child task of `withTaskGroup { group in … }`: nonisolated, on the global executor.
            if let parent, let groupCall = parent.kind.callee, taskGroupCallees.contains(file.text(groupCall)) {
                if mainActorAttribute {
                    return step(.mainActorRun, at: callee, .mainActor, "in a `@MainActor` child task: on the main actor", outer,
                        domain: .mainActor, async: true)
                }
                return step(.detachedTask, at: callee, .offMain, "in a child task of a task group: it runs on the global executor, off the main thread",
                    outer, domain: .nonisolated, async: true)
            }
        case "run", "assumeIsolated":
            if receiver == "MainActor" {
                return step(.mainActorRun, at: callee, .mainActor, "in `MainActor.\(name) { }`: on the main actor", outer, domain: .mainActor)
            }
        case "async", "asyncAfter", "sync", "asyncAndWait":
            return dispatch(name, receiver: receiver, at: callee, outer)
        case "addOperation", "addBarrierBlock":
            return operation(name, receiver: receiver, at: callee, outer)
        case "perform" where receiver == "RunLoop.main":
            return step(.dispatch, at: callee, .mainActor, "in `RunLoop.main.perform { }`: on the main thread", outer, domain: .nonisolated, async: true)
        case "perform", "performAndWait":
            if let receiver, let frame = contextPerform(name, receiver: receiver, at: callee, outer) { return frame }
            if let frame = documentedCallback(scope, name: name, label: label, at: callee, outer) { return frame }
            // `performAndWait` runs the block on the context's queue, which is the calling thread
            // only for a private-queue context.
            if name == "performAndWait", receiver.flatMap({ QueueFacts.managedObjectContext(compact: $0) ?? queueKind($0) }) != .privateContext {
                return step(.closure, at: callee, .unknown, "in `performAndWait { }` of a managed object context whose queue is not known here",
                    outer, domain: .unknown)
            }
        case "performBackgroundTask":
            // "Executes a closure on a private queue using an ephemeral managed object context."
            // (developer.apple.com/documentation/coredata/nspersistentcontainer/performbackgroundtask(_:))
            if index.isolationFacts.functionBodies(named: name, index: index).isEmpty {
                return step(.completionHandler, at: callee, .offMain,
                    "in `performBackgroundTask { }`: Core Data runs it on a new private-queue context's queue, off the main thread", outer,
                    domain: .nonisolated, async: true)
            }
        case _ where itemProviderLoads[name] != nil:
            if let frame = itemProviderCompletion(scope, name: name, label: label, at: callee, outer) { return frame }
        case "dataTask", "downloadTask", "uploadTask":
            if label.map({ file.at($0, "completionHandler") }) ?? true {
                return completion(name, receiver: receiver, at: callee, outer)
            }
        case _ where documentedCallbacks[name] != nil:
            if let frame = documentedCallback(scope, name: name, label: label, at: callee, outer) { return frame }
        case "addObserver":
            if let observer = notification(scope, at: callee, outer) { return observer }
        case "sink":
            return subscription(receiver: receiver, at: callee, outer)
        case "onReceive":
            return received(scope, at: callee, outer)
        case "scheduledTimer" where receiver == "Timer":
            let runtime: Isolation = outer.runtime == .mainActor ? .mainActor : .unknown
            let how = runtime == .mainActor
                ? "scheduled from the main thread, it fires on the main run loop"
                : "it fires on the run loop of the thread that schedules it"
            return step(.timer, at: callee, runtime, "in `Timer.scheduledTimer`'s block: \(how)", outer, domain: .nonisolated, async: true)
        default:
            break
        }
        if callerRunsClosures.contains(name) { return nil }
        if mainActorAttribute {
            return step(.mainActorRun, at: brace, .mainActor, "in a `@MainActor` closure", outer, domain: .mainActor, async: true)
        }
        if let view = swiftUIRole(of: scope, callee: name, label: label, outer: outer) { return view }
        if takesMainActorClosure(scope, callee: callee, label: label) {
            return step(.mainActorRun, at: callee, .mainActor, "in a closure passed to `\(name)()`, whose parameter type is `@MainActor`: it runs on the main actor",
                outer, domain: .mainActor, async: true)
        }
        switch forwardedRun(scope, callee: callee, label: label, outer) {
        case .inPlace: return nil
        case .runs(let frame): return frame
        case nil: break
        }
        let domain = closureDomain(callee: callee, label: label, outer)
        let isolation = domain == .nonisolated ? ", nonisolated as the code around it (its parameter's type names no actor)," : ","
        return step(
            .closure, at: callee, .unknown, "in a closure passed to `\(name)`\(isolation) which may run it on any thread", outer,
            domain: domain, async: true)
    }

    private func step(
        _ kind: ContextKind, at token: Int, _ runtime: Isolation, _ description: String, _ outer: BodyContexts.Frame,
        domain: ActorDomain, async: Bool = false
    ) -> BodyContexts.Frame {
        var frame = outer
        frame.steps.append(ContextStep(kind: kind, site: TokenLocation(file: fileIndex, token: token), isolation: runtime, description: description))
        frame.runtime = runtime
        frame.domain = domain
        frame.isAsynchronous = outer.isAsynchronous || async
        frame.runsWhereCalled = false
        // An `await` before the closure does not suspend its code; a task's code starts anew.
        let startsAsync = kind == .task || kind == .detachedTask || (kind == .mainActorRun && async) || kind == .action
        frame.asyncStart = startsAsync ? token : nil
        return frame
    }

    // MARK: - Dispatch and OperationQueue

    private mutating func dispatch(_ name: String, receiver: String?, at callee: Int, _ outer: BodyContexts.Frame) -> BodyContexts.Frame? {
        guard let receiver else { return unknownCall(name, at: callee, outer) }
        let isSync = name == "sync" || name == "asyncAndWait"
        let call = "`\(receiver).\(name) { }`"
        if receiver == "DispatchQueue.main" || receiver == "Dispatch.DispatchQueue.main" {
            return step(.dispatch, at: callee, .mainActor, "in \(call): on the main thread", outer, domain: .mainActor, async: !isSync)
        }
        // `sync` runs the block on the calling thread whenever it can.
        if isSync { return nil }
        if receiver.hasPrefix("DispatchQueue.global(") {
            return step(.dispatch, at: callee, .offMain, "in \(call): on a global queue, off the main thread", outer, domain: .nonisolated, async: true)
        }
        switch queueKind(receiver) {
        case .dispatchQueue:
            return step(.dispatch, at: callee, .offMain, "in \(call), a queue made with `DispatchQueue(label:)`: off the main thread",
                outer, domain: .nonisolated, async: true)
        case .mainQueue:
            return step(.dispatch, at: callee, .mainActor, "in \(call), the main queue: on the main thread", outer, domain: .nonisolated, async: true)
        case .globalQueue:
            return step(.dispatch, at: callee, .offMain, "in \(call), a global queue: off the main thread", outer, domain: .nonisolated, async: true)
        default:
            return step(.dispatch, at: callee, .unknown, "in \(call), a queue not known here", outer, domain: .nonisolated, async: true)
        }
    }

    private mutating func operation(_ name: String, receiver: String?, at callee: Int, _ outer: BodyContexts.Frame) -> BodyContexts.Frame? {
        guard let receiver else { return unknownCall(name, at: callee, outer) }
        let call = "an operation of `\(receiver)`"
        if receiver == "OperationQueue.main" {
            return step(.dispatch, at: callee, .mainActor, "in \(call): on the main thread", outer, domain: .nonisolated, async: true)
        }
        if receiver == "OperationQueue()" || queueKind(receiver) == .operationQueue {
            return step(.dispatch, at: callee, .offMain, "in \(call), an `OperationQueue()`: off the main thread", outer,
                domain: .nonisolated, async: true)
        }
        if queueKind(receiver) == .mainOperationQueue {
            return step(.dispatch, at: callee, .mainActor, "in \(call), the main operation queue: on the main thread", outer,
                domain: .nonisolated, async: true)
        }
        return step(.dispatch, at: callee, .unknown, "in \(call), a queue not known here", outer, domain: .nonisolated, async: true)
    }

    // MARK: - URLSession and NotificationCenter

    private mutating func completion(_ name: String, receiver: String?, at callee: Int, _ outer: BodyContexts.Frame) -> BodyContexts.Frame? {
        guard let receiver else { return unknownCall(name, at: callee, outer) }
        let call = "the completion handler of `\(receiver).\(name)`"
        let kind: QueueKind? = receiver == "URLSession.shared" ? .urlSession : queueKind(receiver)
        switch kind {
        case .urlSession:
            return step(.completionHandler, at: callee, .offMain,
                "in \(call): URLSession calls it on its delegate queue, a background queue, off the main thread", outer,
                domain: .nonisolated, async: true)
        case .mainURLSession:
            return step(.completionHandler, at: callee, .mainActor,
                "in \(call): the session's delegate queue is the main queue", outer, domain: .nonisolated, async: true)
        default:
            return unknownCall(name, at: callee, outer)
        }
    }

    /// `NotificationCenter.addObserver(forName:object:queue:using:)`'s block, by its queue.
    private mutating func notification(_ scope: Scope, at callee: Int, _ outer: BodyContexts.Frame) -> BodyContexts.Frame? {
        guard let arguments = callArguments(of: scope) else { return nil }
        let list = file.argumentList(arguments)
        guard list.contains(where: { $0.label.map { file.at($0, "forName") } == true }),
            let queue = list.first(where: { $0.label.map { file.at($0, "queue") } == true })
        else { return nil }
        let text = compact(file.text(queue.value))
        if text == ".main" || text == "OperationQueue.main" || queueKind(text) == .mainOperationQueue {
            return step(.notification, at: callee, .mainActor, "in a `NotificationCenter` observer on `queue: \(text)`: on the main thread",
                outer, domain: .nonisolated, async: true)
        }
        if text == "OperationQueue()" || queueKind(text) == .operationQueue {
            return step(.notification, at: callee, .offMain, "in a `NotificationCenter` observer on `queue: \(text)`, an `OperationQueue()`: off the main thread",
                outer, domain: .nonisolated, async: true)
        }
        guard text == "nil" else {
            return step(.notification, at: callee, .unknown, "in a `NotificationCenter` observer on `queue: \(text)`, a queue not known here",
                outer, domain: .nonisolated, async: true)
        }
        let name = list.first { $0.label.map { file.at($0, "forName") } == true }.map { compact(file.text($0.value)) } ?? ""
        if let posted = posting(of: name) {
            var frame = step(.notification, at: callee, posted.isolation,
                "in a `NotificationCenter` observer with `queue: nil`: it runs on the thread that posts `\(name)`, and \(posted.says)"
                    + (posted.post == nil ? ", off the main thread" : ""),
                outer, domain: .nonisolated, async: true)
            if let post = posted.post { frame.steps.append(post) }
            return frame
        }
        return step(.notification, at: callee, .unknown,
            "in a `NotificationCenter` observer with `queue: nil`: it runs on the thread that posts `\(name)`, not known here",
            outer, domain: .nonisolated, async: true)
    }

    /// Where a notification is posted (`ProjectIndex.posting(ofNotification:)`); from the
    /// context of a post only what Apple documents, never the project's own posts (an observer
    /// that posts what it observes would lead back here without end).
    private func posting(of name: String) -> NotificationPosting? {
        followsOtherCode ? index.posting(ofNotification: name) : index.documentedPosting(ofNotification: name)
    }

    // MARK: - Core Data and NSItemProvider

    /// `context.perform { }` on a managed object context whose concurrency type is known:
    /// `perform` "asynchronously performs the specified closure on the context's queue"
    /// (developer.apple.com/documentation/coredata/nsmanagedobjectcontext/perform(_:)), a
    /// private queue for a context made with `.privateQueueConcurrencyType` or
    /// `newBackgroundContext()` ("returns a new managed object context that executes on a
    /// private queue"), the main queue for `viewContext` ("the main queue's managed object
    /// context") or `.mainQueueConcurrencyType`. `performAndWait` on a private-queue context
    /// may run the closure on the calling thread, so only the main-queue case is judged;
    /// a context of unknown type stays unknown.
    private mutating func contextPerform(_ name: String, receiver: String, at callee: Int, _ outer: BodyContexts.Frame) -> BodyContexts.Frame? {
        let kind = QueueFacts.managedObjectContext(compact: receiver) ?? queueKind(receiver)
        let call = "`\(receiver).\(name) { }`"
        switch kind {
        case .privateContext where name == "perform":
            return step(.dispatch, at: callee, .offMain,
                "in \(call), a private-queue managed object context: Core Data runs it on the context's private queue, off the main thread",
                outer, domain: .nonisolated, async: true)
        case .mainContext:
            return step(.dispatch, at: callee, .mainActor,
                "in \(call), a main-queue managed object context: Core Data runs it on the main queue", outer,
                domain: .nonisolated, async: name == "perform")
        default:
            return nil
        }
    }

    /// The completion handler of an `NSItemProvider` load (`loadObject(ofClass:)`,
    /// `loadDataRepresentation(forTypeIdentifier:)`, …): "The system uses an internal queue
    /// when calling the completion blocks for the NSItemProvider class. When using an item
    /// provider with drag and drop, ensure that UI updates take place on the main queue"
    /// (developer.apple.com/documentation/foundation/nsitemprovider). Judged by the method's
    /// name and first argument label when the project declares no function of that name.
    private func itemProviderCompletion(_ scope: Scope, name: String, label: Int?, at callee: Int, _ outer: BodyContexts.Frame)
        -> BodyContexts.Frame?
    {
        guard label.map({ file.at($0, "completionHandler") }) ?? true, let firstLabels = itemProviderLoads[name],
            let arguments = callArguments(of: scope),
            let first = file.argumentList(arguments).first?.label.map({ file.text($0) }), firstLabels.contains(first),
            index.isolationFacts.functionBodies(named: name, index: index).isEmpty
        else { return nil }
        return step(.completionHandler, at: callee, .offMain,
            "in the completion handler of `\(name)(\(first):)`: `NSItemProvider` calls its completion blocks on an internal queue, off the main thread",
            outer, domain: .nonisolated, async: true)
    }

    // MARK: - Other frameworks' completion handlers

    /// The completion handler of a framework method or initializer whose documentation says
    /// where it runs (`documentedCallbacks`): judged by the method's name, its first argument
    /// labels and, for a class method, its receiver, when the project declares no function or
    /// type of that name.
    private func documentedCallback(_ scope: Scope, name: String, label: Int?, at callee: Int, _ outer: BodyContexts.Frame)
        -> BodyContexts.Frame?
    {
        guard let candidates = documentedCallbacks[name], index.isolationFacts.functionBodies(named: name, index: index).isEmpty,
            !name.startsWithUppercase || index.type(named: name) == nil
        else { return nil }
        let labels = callArguments(of: scope).map { arguments in
            file.argumentList(arguments).map { argument in argument.label.map { file.text($0) } ?? "_" }
        } ?? []
        let closureLabel = label.map { file.text($0) }
        let receiver = receiverText(of: callee)
        guard let callback = candidates.first(where: { callback in
            labels.starts(with: callback.labels) && (closureLabel == nil || closureLabel == callback.handler)
                && (callback.receiver == nil || callback.receiver == receiver)
                && (callback.modules.isEmpty || file.imports.contains { callback.modules.contains($0.module) })
        }) else { return nil }
        let call = "`\(callback.receiver.map { $0 + "." } ?? "")\(name)(\(callback.labels.map { $0 + ":" }.joined())\(callback.handler):)`"
        let thread = callback.isolation == .mainActor ? "on the main thread" : "off the main thread"
        return step(.completionHandler, at: callee, callback.isolation, "in the completion handler of \(call): \(callback.says), \(thread)",
            outer, domain: .nonisolated, async: true)
    }

    /// A closure assigned to a framework object's handler property whose documentation says
    /// it runs off the main thread (`documentedHandlerProperties`), in a file that imports
    /// the framework: `operation.fetchRecordsCompletionBlock = { … }`.
    private func documentedHandlerProperty(at brace: Int, _ outer: BodyContexts.Frame) -> BodyContexts.Frame? {
        guard brace >= 3, file.kind(brace - 1) == .equal, file.kind(brace - 3) == .period,
            let handler = documentedHandlerProperties[file.text(brace - 2)],
            file.imports.contains(where: { $0.module == handler.module })
        else { return nil }
        return step(.completionHandler, at: brace - 2, .offMain,
            "in the `\(file.text(brace - 2))` of \(handler.owner): \(handler.says), off the main thread", outer, domain: .nonisolated,
            async: true)
    }

    // MARK: - Combine

    /// `sink { }`: where the last `receive(on:)` of the chain delivers, else its upstream.
    private func subscription(receiver: String?, at callee: Int, _ outer: BodyContexts.Frame) -> BodyContexts.Frame {
        let (runtime, how, post) = delivery(of: receiver ?? "")
        var frame = step(.subscription, at: callee, runtime, "in `sink { }`: \(how)", outer, domain: outer.domain, async: true)
        if let post { frame.steps.append(post) }
        return frame
    }

    /// `.onReceive(publisher) { }`: where the publisher delivers.
    private func received(_ scope: Scope, at callee: Int, _ outer: BodyContexts.Frame) -> BodyContexts.Frame {
        let publisher = callArguments(of: scope).flatMap { file.argumentList($0).first }.map { compact(file.text($0.value)) } ?? ""
        let (runtime, how, post) = delivery(of: publisher)
        var frame = step(.subscription, at: callee, runtime, "in `.onReceive { }`: \(how)", outer, domain: outer.domain, async: true)
        if let post { frame.steps.append(post) }
        return frame
    }

    /// Where a publisher chain (compact text) delivers its values.
    private func delivery(of chain: String) -> (Isolation, String, post: ContextStep?) {
        if let range = chain.range(of: ".receive(on:", options: .backwards) {
            let scheduler = chain[range.upperBound...]
            for main in ["DispatchQueue.main", "RunLoop.main", ".main", "OperationQueue.main"] where scheduler.hasPrefix(main) {
                return (.mainActor, "after `.receive(on: \(main))`, on the main thread", nil)
            }
            if scheduler.hasPrefix("DispatchQueue.global(") {
                return (.offMain, "after `.receive(on: DispatchQueue.global())`, off the main thread", nil)
            }
            return (.unknown, "after `.receive(on:)`, on a scheduler not known here", nil)
        }
        if chain.hasPrefix("URLSession.shared.dataTaskPublisher(") {
            return (.offMain, "`URLSession.shared.dataTaskPublisher` publishes on a background queue, off the main thread", nil)
        }
        let center = "NotificationCenter.default.publisher(for:"
        if chain.hasPrefix(center) {
            let name = String(chain.dropFirst(center.count).prefix { $0 != "," && $0 != ")" })
            if let posted = posting(of: name) {
                let thread = posted.post == nil ? ", off the main thread" : ""
                return (posted.isolation, "it runs on the thread that posts `\(name)`, and \(posted.says)\(thread)", posted.post)
            }
            return (.unknown, "it runs on the thread that posts `\(name)`, not known here", nil)
        }
        if chain.hasPrefix("Timer.publish("), chain.contains("on:.main") || chain.contains("on:RunLoop.main") {
            return (.mainActor, "`Timer.publish(…, on: .main, …)` publishes on the main run loop", nil)
        }
        return (.unknown, "it runs on the thread its upstream publishes on, not known here", nil)
    }

    // MARK: - Network

    /// `monitor.pathUpdateHandler = { }` of an `NWPathMonitor` the same body starts with
    /// `monitor.start(queue: q)`: the handler runs on `q`.
    private mutating func pathUpdateHandler(at brace: Int, _ outer: BodyContexts.Frame) -> BodyContexts.Frame? {
        guard file.kind(brace - 1) == .equal, file.at(brace - 2, "pathUpdateHandler"), file.kind(brace - 3) == .period,
            file.isWord(brace - 4)
        else { return nil }
        let monitor = file.text(brace - 4)
        for probe in owned.range where file.at(probe, "start") && file.kind(probe - 1) == .period && file.kind(probe + 1) == .leftParen {
            guard file.text(probe - 2) == monitor, file.at(probe + 2, "queue"), file.kind(probe + 3) == .colon else { continue }
            let queue = compact(file.text(probe + 4..<file.skipGroup(probe + 1) - 1))
            let call = "in the `pathUpdateHandler` of `\(monitor)`, which runs on the queue it was started on, `\(queue)`"
            if queue == ".main" || queue == "DispatchQueue.main" || queueKind(queue) == .mainQueue {
                return step(.dispatch, at: brace - 2, .mainActor, "\(call): on the main thread", outer, domain: .nonisolated, async: true)
            }
            if queue.hasPrefix("DispatchQueue.global(") || queue.hasPrefix(".global(") || queueKind(queue) == .dispatchQueue
                || queueKind(queue) == .globalQueue
            {
                return step(.dispatch, at: brace - 2, .offMain, "\(call): off the main thread", outer, domain: .nonisolated, async: true)
            }
            return nil
        }
        return nil
    }

    // MARK: - Project functions

    /// A closure passed to a project function runs where that function calls it: when every
    /// project function of the callee's name takes a closure for this argument and calls it
    /// (and only calls it) in the same isolation, or every one calls it in place.
    private func forwardedRun(_ scope: Scope, callee: Int, label: Int?, _ outer: BodyContexts.Frame) -> ParameterRun? {
        guard followsOtherCode else { return nil }
        let name = file.text(callee)
        let candidates = index.isolationFacts.functionBodies(named: name, index: index)
            + (name.startsWithUppercase ? index.isolationFacts.initializerBodies(of: name, index: index) : [])
        guard !candidates.isEmpty else { return nil }
        let labelText = label.map { file.text($0) }
        let given = argumentCount(of: scope)
        let positional = isPositional(scope)
        var agreed: (run: ParameterRun, call: TokenLocation)?
        var isolatedToMainActor = false
        for (fileIndex, body) in candidates {
            guard case .function(let function) = body.member else { return nil }
            // An overload the call cannot name — no closure parameter of that label, or more or
            // fewer arguments than it takes (`configureView()` beside `configureView(_ setup:)`,
            // a static `begin(record:store:)` beside another module's `panel.begin { }`) — is
            // not the one it calls.
            guard let parameter = Self.closureParameter(of: function, label: labelText, given: given, positional: positional) else {
                continue
            }
            // A closure of a non-`@Sendable` `async` function type formed in main-actor code
            // is isolated to the main actor, and an `async` function always runs on its own
            // actor: `await transform(x)` hops there, wherever the function calls it.
            if outer.domain == .mainActor, let type = parameter.type?.text, type.contains("async"),
                !type.contains("@Sendable"), !type.contains("sending"), !type.contains("@concurrent")
            {
                guard agreed == nil else { return nil }
                isolatedToMainActor = true
                continue
            }
            guard !isolatedToMainActor, let (run, call) = index.parameterRun(of: parameter, in: body, file: fileIndex) else { return nil }
            switch (agreed?.run, run) {
            case (nil, _): agreed = (run, call)
            case (.inPlace, .inPlace): break
            case (.runs(let first), .runs(let other)) where first.runtime == other.runtime && first.runtime != .unknown: break
            default: return nil
            }
        }
        if isolatedToMainActor {
            return .runs(step(.mainActorRun, at: callee, .mainActor,
                "in an `async` closure passed to `\(name)()`, formed in main-actor code and not `@Sendable`: it is isolated to the main actor and runs there wherever it is called",
                outer, domain: .mainActor, async: true))
        }
        guard let agreed else { return nil }
        guard case .runs(let inner) = agreed.run else { return .inPlace }
        let isolation = inner.runtime
        guard isolation != .unknown, let last = inner.steps.last else { return nil }
        let thread = isolation == .mainActor ? "on the main actor" : "off the main thread"
        var frame = step(.closure, at: callee, isolation, "in a closure passed to `\(name)()`, which calls it \(thread)", outer,
            domain: .unknown, async: inner.isAsynchronous)
        frame.steps.append(ContextStep(kind: last.kind, site: agreed.call, isolation: isolation,
            description: "`\(name)()` calls it here, \(last.description)"))
        return .runs(frame)
    }

    /// A `Task(…)` call that names an initializer the project declares (`extension Task {
    /// init(_ operation:, catch:) }`), or any `Task(…)` where the project declares a type
    /// `Task` of its own: its closures run where that initializer calls them (SE-0304's and
    /// SE-0420's rules hold only for the standard `Task.init(priority:operation:)`'s
    /// operation), unknown when that is not known or the standard initializer fits the call
    /// as well. Nil for the standard initializer.
    private func projectTaskRun(_ scope: Scope, callee: Int, label: Int?, _ outer: BodyContexts.Frame) -> ParameterRun? {
        guard let type = index.type(named: "Task") else { return nil }
        let labels = callLabels(of: scope, label: label)
        let initializers = type.functions.filter { $0.function.kind == .initializer && Self.canName($0.function, labels: labels) }
        guard type.kind != nil || !initializers.isEmpty else { return nil }
        let standard: Set<String?> = ["priority", "name", "executorPreference", "operation"]
        let fitsStandard = type.kind == nil && labels.allSatisfy { standard.contains($0) }
            && (label.map { file.at($0, "operation") } ?? !isPositional(scope))
        if !fitsStandard, let run = forwardedRun(scope, callee: callee, label: label, outer) { return run }
        return .runs(step(.closure, at: callee, .unknown,
            "in a closure passed to the project's `Task` initializer, which may run it on any thread", outer, domain: .unknown, async: true))
    }

    /// `self.init(…) { }` in an initializer of the project's `extension Task`: the standard
    /// initializer's operation.
    private func isTaskSelfInit(_ callee: Int) -> Bool {
        guard file.kind(callee - 1) == .period, file.at(callee - 2, "self"), owned.owner?.name == "Task", owned.owner?.kind == nil,
            case .function(let function) = owned.member
        else { return false }
        return function.kind == .initializer
    }

    /// The labels of a call's arguments (nil: unlabelled): those in its parentheses, then
    /// its trailing closures (`label`, that of the closure asked about when it trails).
    private func callLabels(of scope: Scope, label: Int?) -> [String?] {
        var labels = callArguments(of: scope).map { file.argumentList($0).map { $0.label.map { file.text($0) } } } ?? []
        guard callArguments(of: scope).map({ scope.range.lowerBound >= $0.upperBound }) ?? true else { return labels }
        labels.append(label.map { file.text($0) })
        var after = scope.range.upperBound
        while file.kind(after) == .identifier, file.kind(after + 1) == .colon, file.kind(after + 2) == .leftBrace {
            labels.append(file.text(after))
            after = file.skipGroup(after + 2)
        }
        return labels
    }

    /// Whether a call passing arguments with these labels can name the function: no more
    /// arguments than it takes, every label one of its parameters', every parameter without
    /// a default value given.
    private static func canName(_ function: FunctionDecl, labels: [String?]) -> Bool {
        let parameterLabels = function.parameters.map { $0.label.map(unquoted) }
        let given = labels.map { $0.map(unquoted) }
        return given.count <= parameterLabels.count && given.allSatisfy(parameterLabels.contains)
            && function.parameters.allSatisfy { parameter in
                parameter.defaultValue != nil || parameter.label.map { given.contains(unquoted($0)) } ?? true
            }
            && function.parameters.filter({ $0.defaultValue == nil }).count <= given.count
    }

    /// Whether every project function or initializer the call can name takes this argument
    /// as a closure whose type is `@MainActor` (`func run(_ body: @MainActor () async -> Void)`,
    /// `init(onTap: @MainActor @escaping () -> Void)`, a struct's stored
    /// `let onTap: @MainActor () -> Void`): a closure literal converted to a global-actor
    /// function type is isolated to that actor, so Swift runs it on the main actor wherever
    /// the function calls it. Overloads the call cannot name (no closure parameter of that
    /// label, more or fewer arguments than it takes) do not count.
    private func takesMainActorClosure(_ scope: Scope, callee: Int, label: Int?) -> Bool {
        let name = file.text(callee)
        let labelText = label.map { file.text($0) }
        let given = argumentCount(of: scope)
        let positional = isPositional(scope)
        var types: [TypeRef?] = []
        if name.startsWithUppercase, let type = index.type(named: name) {
            let initializers = type.functions.filter { $0.function.kind == .initializer }
            if initializers.isEmpty {
                // A struct's memberwise initializer: the stored property the label names.
                guard type.kind == .struct, let labelText, let property = type.property(named: labelText) else { return false }
                types = [property.property.type]
            } else {
                types = initializers.compactMap { Self.closureParameter(of: $0.function, label: labelText, given: given, positional: positional)?.type }
            }
        } else {
            for (_, body) in index.isolationFacts.functionBodies(named: name, index: index) {
                guard case .function(let function) = body.member else { return false }
                if let parameter = Self.closureParameter(of: function, label: labelText, given: given, positional: positional) {
                    types.append(parameter.type)
                }
            }
        }
        return !types.isEmpty && types.allSatisfy { $0.map { Self.isMainActorFunctionType($0.text) } ?? false }
    }

    /// The local, stored property or `self` property a closure literal is assigned to when
    /// its declared type is a `@MainActor` function type: `let run: @MainActor () -> Void = {`,
    /// `var onTap: @MainActor () -> Void = {` (a stored property's default), or
    /// `self.onTap = {` / `onTap = {` where the body's type declares `onTap` so. Nil when the
    /// type is not spelled or names no global actor.
    private func mainActorTypedTarget(of brace: Int) -> String? {
        guard brace >= 3, file.kind(brace - 1) == .equal else { return nil }
        // `let name: Type = {` on the closure's line.
        var probe = brace - 2
        while probe > 0, !file.tokens[probe].isAtStartOfLine, file.kind(probe) != .colon { probe -= 1 }
        if file.kind(probe) == .colon, file.kind(probe - 1) == .identifier, file.at(probe - 2, "let") || file.at(probe - 2, "var") {
            return Self.isMainActorFunctionType(file.text(probe + 1..<brace - 1)) ? file.text(probe - 1) : nil
        }
        // `self.name = {` or `name = {`: a property of the body's own type.
        let name = brace - 2
        guard file.kind(name) == .identifier, let owner = owned.owner else { return nil }
        let isSelfMember = file.kind(name - 1) == .period && file.at(name - 2, "self")
        guard isSelfMember || file.kind(name - 1) != .period,
            let type = owner.property(named: file.text(name))?.property.type, Self.isMainActorFunctionType(type.text)
        else { return nil }
        return file.text(name)
    }

    /// Whether a type is a function type isolated to the main actor: `@MainActor () -> Void`,
    /// `@escaping @MainActor @Sendable (Int) async -> Void`, `(@MainActor () -> Void)?`; not
    /// a function that takes such a function (`(@MainActor () -> Void) -> Void`).
    static func isMainActorFunctionType(_ text: String) -> Bool {
        guard text.contains("->") else { return false }
        var rest = Substring(text)
        while let first = rest.first, first == "(" || first.isWhitespace { rest = rest.dropFirst() }
        while rest.first == "@" {
            let attribute = rest.dropFirst().prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            if attribute == "MainActor" { return true }
            rest = rest.dropFirst(1 + attribute.count).drop { $0.isWhitespace }
        }
        return false
    }

    /// The static isolation of a closure passed to a project function or initializer: a
    /// closure formed in nonisolated code is nonisolated (whether it inherits its context's
    /// isolation or is `@Sendable`) unless the parameter's type gives it a global actor, so a
    /// `Task { }` in it inherits no actor wherever the closure is called. Unknown for other
    /// modules' functions, whose parameter types are not known here, but Combine's
    /// `Future { promise in … }`, whose `attemptToFulfill` is a plain
    /// `@escaping (@escaping Promise) -> Void`.
    private func closureDomain(callee: Int, label: Int?, _ outer: BodyContexts.Frame) -> ActorDomain {
        guard outer.domain == .nonisolated else { return .unknown }
        let name = file.text(callee)
        if name == "Future", label == nil, index.type(named: name) == nil { return .nonisolated }
        let labelText = label.map { file.text($0) }
        var types: [TypeRef?] = []
        if name.startsWithUppercase, let type = index.type(named: name) {
            let initializers = type.functions.filter { $0.function.kind == .initializer }
            if initializers.isEmpty {
                // A struct's memberwise initializer: the stored property the label names.
                guard type.kind == .struct, let labelText, let property = type.property(named: labelText) else { return .unknown }
                types = [property.property.type]
            } else {
                for initializer in initializers {
                    guard let parameter = Self.closureParameter(of: initializer.function, label: labelText) else { continue }
                    types.append(parameter.type)
                }
            }
        } else {
            for (_, body) in index.isolationFacts.functionBodies(named: name, index: index) {
                guard case .function(let function) = body.member, let parameter = Self.closureParameter(of: function, label: labelText)
                else { return .unknown }
                types.append(parameter.type)
            }
        }
        let plain = !types.isEmpty && types.allSatisfy { type in
            guard let text = type?.text, text.contains("->") else { return false }
            return !text.replacingOccurrences(of: "@escaping", with: "").replacingOccurrences(of: "@Sendable", with: "").contains("@")
        }
        return plain ? .nonisolated : .unknown
    }

    /// The closure parameter an argument with this label fills: a lone trailing closure the
    /// last one; with `positional` (an unlabelled closure in the parentheses, or the first of
    /// several trailing closures), the first unlabelled one.
    private static func closureParameter(of function: FunctionDecl, label: String?, positional: Bool = false) -> Parameter? {
        let closures = function.parameters.filter { $0.type?.text.contains("->") == true }
        guard let label else { return positional ? closures.first { $0.label == nil } : closures.last }
        return closures.first { $0.label.map(unquoted) == unquoted(label) }
    }

    /// The closure parameter an argument with this label fills in a call passing `given`
    /// arguments; nil when the function cannot be the one called (it takes more or fewer).
    private static func closureParameter(of function: FunctionDecl, label: String?, given: Int, positional: Bool) -> Parameter? {
        let required = function.parameters.filter { $0.defaultValue == nil }.count
        guard required <= given, given <= function.parameters.count else { return nil }
        return closureParameter(of: function, label: label, positional: positional)
    }

    /// Whether an unlabelled closure fills its parameter by position: it sits in the call's
    /// parentheses, or labelled trailing closures follow it.
    private func isPositional(_ scope: Scope) -> Bool {
        if let arguments = callArguments(of: scope), scope.range.lowerBound < arguments.upperBound { return true }
        let after = scope.range.upperBound
        return file.kind(after) == .identifier && file.kind(after + 1) == .colon && file.kind(after + 2) == .leftBrace
    }

    /// The arguments a call passes: those in its parentheses (the closure may be one), and
    /// the closure after them.
    private func argumentCount(of scope: Scope) -> Int {
        let arguments = callArguments(of: scope)
        let inParentheses = arguments.map { file.argumentList($0).count } ?? 0
        let trailing = arguments.map { scope.range.lowerBound >= $0.upperBound } ?? true
        return inParentheses + (trailing ? 1 : 0)
    }

    // MARK: - SwiftUI

    /// A SwiftUI action closure in main-actor view code runs on the main actor; content runs
    /// while the body is evaluated, in the frame around it.
    private func swiftUIRole(of scope: Scope, callee name: String, label: Int?, outer: BodyContexts.Frame) -> BodyContexts.Frame? {
        guard outer.domain == .mainActor, let owner = owned.owner,
            owner.isView || owner.traits.contains(.app) || owner.traits.contains(.scene) || owner.traits.contains(.viewModifier)
        else { return nil }
        // `.init(get:set:)` where a control takes a binding: `Binding`'s initializer.
        let isBindingInit = name == "init" && label.map { file.at($0, "get") || file.at($0, "set") } == true
        let name = isBindingInit ? "Binding" : name
        let isSwiftUI = ViewCode.actionCallees.contains(name) || ViewCode.contentCallees.contains(name)
            || ViewCode.trailingClosures[name] != nil || index.type(named: name)?.isView == true
        guard isSwiftUI, !concurrencyCallees.contains(name) else { return nil }
        switch ViewCode.role(of: scope, in: file, index: index) {
        case .content:
            return outer
        case .action:
            let callee = scope.kind.callee ?? scope.range.lowerBound
            let shown = name.first?.isUppercase == true ? "`\(name)`" : "`.\(name)`"
            return step(.action, at: callee, .mainActor, "in the \(shown) action: SwiftUI runs it on the main actor", outer,
                domain: .mainActor, async: true)
        case .unknown:
            return nil
        }
    }

    // MARK: - Helpers

    private func unknownCall(_ name: String, at callee: Int, _ outer: BodyContexts.Frame) -> BodyContexts.Frame {
        step(.closure, at: callee, .unknown, "in a closure passed to `\(name)`, which may run it on any thread", outer,
            domain: .unknown, async: true)
    }

    /// `{ … }()`: run where it stands.
    private func isCalledInPlace(_ scope: Scope) -> Bool {
        let after = scope.range.upperBound
        return file.kind(after) == .leftParen && file.kind(after + 1) == .rightParen && !file.tokens[after].isAtStartOfLine
            && !file.tokens[after].flags.contains(.leadingSpace)
    }

    /// `{ @MainActor in`, `{ @MainActor [weak self] in`.
    private func isMainActorClosure(_ brace: Int) -> Bool {
        var probe = brace + 1
        var steps = 0
        while steps < 16, let kind = file.kind(probe) {
            if kind == .atSign {
                if file.at(probe + 1, "MainActor") { return true }
                probe += 2
            } else if kind == .leftSquare {
                probe = file.skipGroup(probe)
            } else {
                return false
            }
            steps += 1
        }
        return false
    }

    /// The parenthesized arguments of the call a closure is passed to.
    private func callArguments(of scope: Scope) -> Range<Int>? {
        if let arguments = scope.callArguments { return arguments }
        var separator = scope.range.lowerBound - 1
        if file.kind(separator) == .colon { separator -= 2 }
        guard let open = file.argumentListOpener(from: separator) else { return nil }
        return open..<file.skipGroup(open)
    }

    /// The expression a call is made on, without spaces: `DispatchQueue.global(qos:.utility)`
    /// for `DispatchQueue.global(qos: .utility).async`, `self.queue` for `self.queue.async`.
    func receiverText(of callee: Int) -> String? {
        guard file.kind(callee - 1) == .period else { return nil }
        var probe = callee - 2
        var start: Int?
        var steps = 0
        while probe >= 0, steps < 256 {
            steps += 1
            if file.kind(probe) == .postfixQuestionMark || file.kind(probe) == .exclamationMark { probe -= 1 }
            if file.kind(probe) == .rightParen || file.kind(probe) == .rightSquare || file.kind(probe) == .rightBrace {
                let open = Int(file.partner[probe])
                guard open >= 0, open < probe else { return nil }
                probe = open - 1
            }
            if file.kind(probe) == .rightAngle {
                let open = Int(file.partner[probe])
                guard open > 0 else { return nil }
                probe = open - 1
                continue
            }
            guard file.isWord(probe) || file.kind(probe) == .dollarIdentifier else {
                // `.receive(on: …)` at the start of a line continues the chain above.
                break
            }
            start = probe
            guard file.kind(probe - 1) == .period else { break }
            probe -= 2
        }
        guard let start else { return nil }
        return compact(file.text(start..<callee - 1))
    }

    // MARK: - Queues and sessions held by name

    /// What a queue or session held by name is: a property of the type or its superclasses
    /// (`queue`, `self.queue`, `Self.queue`, `Type.queue`), a local of the body, a global.
    private mutating func queueKind(_ receiver: String) -> QueueKind? {
        let components = receiver.filter { $0 != "?" && $0 != "!" }.split(separator: ".").map(String.init)
        guard let last = components.last else { return nil }
        if components.count == 1 {
            if locals == nil { locals = QueueFacts.locals(in: owned.range, of: file) }
            if let local = locals?[last] { return local }
        }
        let ownerNames = owned.owner.map { ["self", "Self", $0.name, String($0.name.simpleTypeName)] } ?? []
        guard components.count == 1 || (components.count == 2 && ownerNames.contains(components[0])) else { return nil }
        if let owner = owned.owner {
            let facts = index.isolationFacts.queues.value(for: owner.name) { QueueFacts(index.typeAndAncestors(of: owner), index: index) }
            if let kind = facts.byName[last] { return kind }
            if facts.retargeted.contains(last) { return nil }
        }
        return components.count == 1 ? QueueFacts.global(named: last, index: index) : nil
    }
}

/// Where a function runs a closure parameter.
enum ParameterRun: Sendable {
    /// Called directly in a synchronous function with no isolation of its own: where its
    /// caller runs, in place.
    case inPlace
    /// Called in this frame (its steps those of the function's body at the call).
    case runs(BodyContexts.Frame)
}

extension ProjectIndex {
    /// Where a function's body calls its closure parameter, with the call (the first): nil
    /// when the body does anything else with it (stores it, passes it on) or never calls it,
    /// or calls it in frames that disagree, unless some calls run off the main thread (then
    /// the first of those: the closure runs there on that path). Worked out once per function
    /// and parameter, without following other functions' closure parameters.
    func parameterRun(of parameter: Parameter, in body: OwnedBody, file fileIndex: Int) -> (ParameterRun, TokenLocation)? {
        let key = ParameterKey(body: BodyKey(file: fileIndex, body: body.range), parameter: parameter.nameToken)
        return isolationFacts.parameterRuns.value(for: key) {
            let file = files[fileIndex]
            var calls: [Int] = []
            for token in body.range where file.kind(token) == .identifier && file.text(token) == parameter.name {
                guard file.kind(token - 1) != .period, file.kind(token + 1) != .colon else { continue }
                let next = file.kind(token + 1) == .postfixQuestionMark ? token + 2 : token + 1
                guard file.kind(next) == .leftParen else { return nil }
                calls.append(token)
            }
            guard let first = calls.first else { return nil }
            let contexts = BodyContexts(body, file: fileIndex, index: self, followsOtherCode: false)
            var frames: [BodyContexts.Frame] = []
            for call in calls {
                let context = contexts.context(at: call, index: self)
                frames.append(
                    BodyContexts.Frame(
                        steps: context.steps, domain: .unknown, runtime: context.isolation, asyncStart: nil,
                        isAsynchronous: context.isAsynchronous, runsWhereCalled: context.runsWhereCalled && context.steps.count == 1))
            }
            if frames.allSatisfy(\.runsWhereCalled) { return (.inPlace, TokenLocation(file: fileIndex, token: first)) }
            if frames.allSatisfy({ !$0.runsWhereCalled && $0.runtime == frames[0].runtime }) {
                return (.runs(frames[0]), TokenLocation(file: fileIndex, token: first))
            }
            // Called in place on one path (`guard … else { completion(.failure(…)); return }`)
            // and off the main thread on another: the closure does run off the main thread.
            guard let off = frames.firstIndex(where: { !$0.runsWhereCalled && $0.runtime == .offMain }) else { return nil }
            return (.runs(frames[off]), TokenLocation(file: fileIndex, token: calls[off]))
        }
    }
}

struct ParameterKey: Hashable, Sendable {
    let body: BodyKey
    let parameter: Int
}

extension Scope.Kind {
    var callee: Int? {
        if case .closure(let callee, _) = self { return callee }
        return nil
    }
}

/// The callees the concurrency and Dispatch cases above judge: never SwiftUI's actions.
private let concurrencyCallees: Set<String> = [
    "Task", "detached", "async", "asyncAfter", "sync", "sink", "perform", "run", "addObserver", "scheduledTimer",
    "dataTask", "receive", "handleEvents",
]

/// The callees whose receiver `ClosureClassifier.frame(of:inside:parent:)` judges.
private let receiverCallees: Set<String> = [
    "Task", "detached", "run", "assumeIsolated", "async", "asyncAfter", "sync", "asyncAndWait", "addOperation",
    "addBarrierBlock", "perform", "performAndWait", "dataTask", "downloadTask", "uploadTask", "sink", "scheduledTimer",
]

/// `NSItemProvider`'s loading methods that take a completion handler, with the labels their
/// first argument may carry.
private let itemProviderLoads: [String: Set<String>] = [
    "loadObject": ["ofClass"], "loadDataRepresentation": ["forTypeIdentifier", "for"],
    "loadFileRepresentation": ["forTypeIdentifier", "for"], "loadInPlaceFileRepresentation": ["forTypeIdentifier"],
    "loadItem": ["forTypeIdentifier"], "loadPreviewImage": ["options"],
]

/// A framework method whose documentation says on which thread it calls its completion
/// handler: the labels its first arguments carry (`_` for none), the label of the handler,
/// the type it is called on when it is a class method, where the handler runs and what the
/// documentation says.
struct DocumentedCallback: Sendable {
    let labels: [String]
    let handler: String
    let receiver: String?
    let isolation: Isolation
    let says: String
    /// The modules that declare the method, one of which the file must import, when its name
    /// is common enough to be another library's (`always`); empty for Apple's frameworks.
    var modules: Set<String> = []
}

/// SwiftNIO's `EventLoopFuture` (and gRPC's calls, whose results are such futures): "The
/// callbacks are run on the event loop of the future", a thread of an `EventLoopGroup`,
/// never the main thread (swiftpackageindex.com/apple/swift-nio/documentation/niocore/eventloopfuture).
private let eventLoopFutureCallback = DocumentedCallback(
    labels: [], handler: "_", receiver: nil, isolation: .offMain,
    says: "SwiftNIO runs a future's callbacks on the future's event loop thread", modules: ["NIO", "NIOCore", "NIOPosix", "GRPC"])

private let eventKitAccessCallback = DocumentedCallback(
    labels: [], handler: "completion", receiver: nil, isolation: .offMain, says: "EventKit calls it on an arbitrary queue",
    modules: ["EventKit"])

/// A HealthKit query initializer, one entry per first argument label.
private func healthKitQuery(_ firstLabels: [String], handler: String) -> [DocumentedCallback] {
    firstLabels.map {
        DocumentedCallback(labels: [$0], handler: handler, receiver: nil, isolation: .offMain,
            says: "HealthKit runs the query and its handler on a background queue")
    }
}

/// Handler properties a framework documents as called off the main thread, by property name:
/// what declares it and the module a file must import for the name to be taken as it.
let documentedHandlerProperties: [String: (owner: String, module: String, says: String)] = {
    var table: [String: (owner: String, module: String, says: String)] = [:]
    // developer.apple.com/documentation/cloudkit/ckfetchrecordsoperation and
    // …/ckmodifyrecordsoperation: "The blocks you assign … are executed serially on an internal
    // queue managed by the operation object. Your blocks must be capable of executing on a
    // background thread".
    for name in [
        "fetchRecordsCompletionBlock", "fetchRecordsResultBlock", "perRecordResultBlock", "perRecordCompletionBlock",
        "modifyRecordsCompletionBlock", "modifyRecordsResultBlock", "perRecordSaveBlock", "perRecordDeleteBlock",
    ] {
        table[name] = ("a CloudKit records operation", "CloudKit", "CloudKit runs the operation's blocks serially on an internal queue")
    }
    // …/ckfetchsubscriptionsoperation/fetchsubscriptioncompletionblock: "The block executes on
    // a background queue"; …/ckfetchrecordzonesoperation/fetchrecordzonescompletionblock: "You
    // must provide a closure capable of executing on a background thread".
    table["fetchSubscriptionCompletionBlock"] = ("a `CKFetchSubscriptionsOperation`", "CloudKit", "CloudKit runs it on a background queue")
    table["fetchRecordZonesCompletionBlock"] = ("a `CKFetchRecordZonesOperation`", "CloudKit", "CloudKit runs it on a background thread")
    // developer.apple.com/documentation/healthkit/hkstatisticscollectionquery/initialresultshandler:
    // "the query executes the results handler on a background queue"; …/statisticsupdatehandler:
    // "the query executes the update handler on a background queue".
    for name in ["initialResultsHandler", "statisticsUpdateHandler"] {
        table[name] = ("an `HKStatisticsCollectionQuery`", "HealthKit", "HealthKit runs it on a background queue")
    }
    return table
}()

/// The completion handlers Apple's documentation places, by method name. A method not here
/// (or called with other labels) keeps an unknown thread.
let documentedCallbacks: [String: [DocumentedCallback]] = [
    // developer.apple.com/documentation/localauthentication/lacontext/evaluatepolicy(_:localizedreason:reply:):
    // "This is evaluated on a private queue internal to the framework in an unspecified threading context."
    "evaluatePolicy": [
        DocumentedCallback(labels: ["_", "localizedReason"], handler: "reply", receiver: nil, isolation: .offMain,
            says: "LocalAuthentication evaluates it on a private queue internal to the framework"),
    ],
    "evaluateAccessControl": [
        DocumentedCallback(labels: ["_", "operation", "localizedReason"], handler: "reply", receiver: nil, isolation: .offMain,
            says: "LocalAuthentication evaluates it on a private queue internal to the framework"),
    ],
    // AVCaptureDevice.requestAccess(for:completionHandler:): "The completion handler is called
    // on an arbitrary dispatch queue."
    "requestAccess": [
        DocumentedCallback(labels: ["for"], handler: "completionHandler", receiver: "AVCaptureDevice", isolation: .offMain,
            says: "AVFoundation calls it on an arbitrary dispatch queue"),
        // developer.apple.com/documentation/eventkit/ekeventstore/requestaccess(to:completion:):
        // "the completion handler will be called on an arbitrary queue."
        DocumentedCallback(labels: ["to"], handler: "completion", receiver: nil, isolation: .offMain,
            says: "EventKit calls it on an arbitrary queue", modules: ["EventKit"]),
    ],
    // EKEventStore.requestFullAccessToEvents(completion:), requestFullAccessToReminders(completion:),
    // requestWriteOnlyAccessToEvents(completion:): "EventKit calls the completion handler on an
    // arbitrary queue."
    "requestFullAccessToEvents": [eventKitAccessCallback],
    "requestFullAccessToReminders": [eventKitAccessCallback],
    "requestWriteOnlyAccessToEvents": [eventKitAccessCallback],
    // UNUserNotificationCenter.getNotificationSettings(completionHandler:): "Your app may
    // execute this block on a background thread."
    "getNotificationSettings": [
        DocumentedCallback(labels: [], handler: "completionHandler", receiver: nil, isolation: .offMain,
            says: "UserNotifications may run it on a background thread", modules: ["UserNotifications"]),
    ],
    // UNUserNotificationCenter.getPendingNotificationRequests(completionHandler:): "This block
    // may be executed on a background thread."
    "getPendingNotificationRequests": [
        DocumentedCallback(labels: [], handler: "completionHandler", receiver: nil, isolation: .offMain,
            says: "UserNotifications may run it on a background thread", modules: ["UserNotifications"]),
    ],
    "requestAuthorization": [
        // UNUserNotificationCenter.requestAuthorization(options:completionHandler:): "This block
        // may execute on a background thread."
        DocumentedCallback(labels: ["options"], handler: "completionHandler", receiver: nil, isolation: .offMain,
            says: "UserNotifications may run it on a background thread"),
        // PHPhotoLibrary.requestAuthorization(_:) and (for:handler:): "Photos may call your
        // handler block on an arbitrary serial queue."
        DocumentedCallback(labels: ["for"], handler: "handler", receiver: "PHPhotoLibrary", isolation: .offMain,
            says: "Photos may call it on an arbitrary serial queue"),
        DocumentedCallback(labels: [], handler: "_", receiver: "PHPhotoLibrary", isolation: .offMain,
            says: "Photos may call it on an arbitrary serial queue"),
        // developer.apple.com/documentation/healthkit/hkhealthstore/requestauthorization(toshare:read:completion:):
        // "After the user has finished responding, this method calls its completion block on a
        // background queue."
        DocumentedCallback(labels: ["toShare", "read"], handler: "completion", receiver: nil, isolation: .offMain,
            says: "HealthKit calls it on a background queue"),
        // developer.apple.com/documentation/speech/sfspeechrecognizer/requestauthorization(_:):
        // "The system does not guarantee the execution of this block on your app's main dispatch queue."
        DocumentedCallback(labels: [], handler: "_", receiver: "SFSpeechRecognizer", isolation: .offMain,
            says: "Speech does not guarantee it runs on the main queue"),
    ],
    // HealthKit's queries, whose handlers are initializer arguments: "This method runs the query
    // on an anonymous background queue. When the query is complete, it executes the results
    // handler on the same background queue" (developer.apple.com/documentation/healthkit/executing-sample-queries,
    // …/executing-anchored-object-queries, and the `HKStatisticsQuery` overview); observer
    // queries "continue to run on an anonymous background thread and call their results handler
    // whenever they detect relevant changes" (…/hkobserverquery/init(sampletype:predicate:updatehandler:)).
    "HKSampleQuery": healthKitQuery(["sampleType", "queryDescriptors"], handler: "resultsHandler"),
    "HKAnchoredObjectQuery": healthKitQuery(["type", "queryDescriptors"], handler: "resultsHandler"),
    "HKObserverQuery": healthKitQuery(["sampleType", "queryDescriptors"], handler: "updateHandler"),
    "HKStatisticsQuery": healthKitQuery(["quantityType"], handler: "completionHandler"),
    // CKDatabase.perform(_:inZoneWith:completionHandler:): "Your block must be capable of running
    // on any thread of the app" (developer.apple.com/documentation/cloudkit/ckdatabase/1449127-performquery).
    "perform": [
        DocumentedCallback(labels: ["_", "inZoneWith"], handler: "completionHandler", receiver: nil, isolation: .offMain,
            says: "CloudKit may run it on any thread", modules: ["CloudKit"]),
    ],
    // PhotosPickerItem.loadTransferable(type:completionHandler:) "attempts to load an instance
    // of the type you specify from the item provider" (developer.apple.com/documentation/photosui/photospickeritem/loadtransferable(type:completionhandler:)),
    // and NSItemProvider's own loadTransferable(type:completionHandler:) is that provider's load:
    // "The system uses an internal queue when calling the completion blocks for the
    // NSItemProvider class" (…/foundation/nsitemprovider). The handler is `@Sendable`, and
    // Apple's `PhotosPickerItem` example hops to `DispatchQueue.main.async` in it.
    "loadTransferable": [
        DocumentedCallback(labels: ["type"], handler: "completionHandler", receiver: nil, isolation: .offMain,
            says: "the item provider it loads from calls its completion blocks on an internal queue"),
    ],
    "always": [eventLoopFutureCallback],
    "whenComplete": [eventLoopFutureCallback],
    "whenSuccess": [eventLoopFutureCallback],
    "whenFailure": [eventLoopFutureCallback],
    // CLGeocoder: "The geocoder executes this handler on the main thread."
    "geocodeAddressString": [
        DocumentedCallback(labels: ["_"], handler: "completionHandler", receiver: nil, isolation: .mainActor,
            says: "the geocoder executes it on the main thread"),
    ],
    "reverseGeocodeLocation": [
        DocumentedCallback(labels: ["_"], handler: "completionHandler", receiver: nil, isolation: .mainActor,
            says: "the geocoder executes it on the main thread"),
    ],
]

/// The calls whose closure's `group.addTask { }` starts child tasks.
private let taskGroupCallees: Set<String> = [
    "withTaskGroup", "withThrowingTaskGroup", "withDiscardingTaskGroup", "withThrowingDiscardingTaskGroup",
]

/// Calls that run their closure right away, on the caller's thread (a task group's body and
/// a continuation's body run in the calling task).
let callerRunsClosures: Set<String> = [
    "withTaskGroup", "withThrowingTaskGroup", "withDiscardingTaskGroup", "withThrowingDiscardingTaskGroup",
    "withCheckedContinuation", "withCheckedThrowingContinuation", "withUnsafeContinuation",
    "withUnsafeThrowingContinuation", "withTaskCancellationHandler",
    "map", "compactMap", "flatMap", "filter", "forEach", "reduce", "sorted", "sort", "contains", "first",
    "firstIndex", "lastIndex", "last", "allSatisfy", "removeAll", "min", "max", "withAnimation", "withTransaction",
    "autoreleasepool", "withLock", "enumerated", "partition", "prefix", "drop", "withUnsafeMutablePointer",
    "withUnsafePointer", "withObservationTracking", "performAndWait", "withMutation", "withExtendedLifetime",
]

/// A name without the backticks that quote it: `` `catch` `` → `catch`.
func unquoted(_ name: String) -> String {
    name.count > 2 && name.hasPrefix("`") && name.hasSuffix("`") ? String(name.dropFirst().dropLast()) : name
}

/// `text` without its whitespace.
func compact(_ text: String) -> String {
    if text.utf8.allSatisfy({ $0 < 0x80 }) {
        return String(decoding: text.utf8.filter { $0 != 0x20 && !(0x09...0x0D).contains($0) }, as: UTF8.self)
    }
    var scalars = String.UnicodeScalarView()
    scalars.append(contentsOf: text.unicodeScalars.lazy.filter { !$0.properties.isWhitespace })
    return String(scalars)
}

/// What a queue or session held by a name is.
enum QueueKind: Sendable, Hashable {
    /// `DispatchQueue(label:)` without a `target:`: off the main thread.
    case dispatchQueue
    /// `DispatchQueue.main`.
    case mainQueue
    /// `DispatchQueue.global()`: off the main thread.
    case globalQueue
    /// `OperationQueue()`.
    case operationQueue
    /// `OperationQueue.main`.
    case mainOperationQueue
    /// `URLSession.shared`, or a session made without a delegate queue (or with `nil`).
    case urlSession
    /// A session made with `delegateQueue: .main`.
    case mainURLSession
    /// A managed object context made with `.privateQueueConcurrencyType` or by
    /// `newBackgroundContext()`.
    case privateContext
    /// A managed object context made with `.mainQueueConcurrencyType`, or a `viewContext`.
    case mainContext
}

/// The queues and sessions a class (with its superclasses) holds in properties.
struct QueueFacts: Sendable {
    var byName: [String: QueueKind] = [:]
    /// Operation queues whose `underlyingQueue` is set: where they run is not known.
    var retargeted = Set<String>()
    /// Properties set outside initializers.
    private var reassigned = Set<String>()

    init(_ lineage: [TypeInfo], index: ProjectIndex) {
        var sessions = Set<String>()
        for type in lineage {
            for declaration in type.declarations {
                let file = index.files[declaration.file]
                for property in declaration.decl.properties {
                    if let initializer = property.initializer, let kind = Self.kind(of: initializer, in: file) {
                        byName[property.name] = kind
                    } else if let declared = property.type?.text, ["URLSession", "URLSession?", "URLSession!"].contains(compact(declared)) {
                        sessions.insert(property.name)
                    }
                }
                for function in declaration.decl.functions {
                    guard let body = function.body else { continue }
                    for assignment in file.assignments(in: body) {
                        let path = file.path(of: assignment.target)
                        if path.count == 2, path[1] == "underlyingQueue" { retargeted.insert(path[0]) }
                        // `self.queue = DispatchQueue(label: …)` in an initializer.
                        if function.kind == .initializer, path.count == 1, let kind = Self.kind(of: assignment.value, in: file) {
                            byName[path[0]] = kind
                        } else if function.kind != .initializer, path.count == 1 {
                            reassigned.insert(path[0])
                        }
                    }
                }
            }
        }
        // A session property set from elsewhere (`init(session: URLSession = .shared)`) holds one of
        // the project's sessions or `URLSession.shared`: when none of them has a delegate queue of its
        // own choosing, it calls completion handlers on a background queue.
        if !sessions.isEmpty, index.isolationFacts.sessionsCallOffMain(index: index) {
            for name in sessions where byName[name] == nil { byName[name] = .urlSession }
        }
        for name in retargeted { byName[name] = nil }
        // A context property set again after initialization may hold another kind of context.
        for name in reassigned where byName[name] == .privateContext || byName[name] == .mainContext { byName[name] = nil }
    }

    /// `let queue = DispatchQueue(label: …)` and the like in a body.
    static func locals(in body: Range<Int>, of file: ParsedFile) -> [String: QueueKind] {
        var result: [String: QueueKind] = [:]
        var retargeted = Set<String>()
        for chain in file.memberChains(in: body) where chain.names.count == 2 && file.at(chain.last, "underlyingQueue") {
            retargeted.insert(file.text(chain.root))
        }
        for probe in body where file.at(probe, "let") || file.at(probe, "var") {
            guard file.kind(probe + 1) == .identifier, file.kind(probe + 2) == .equal else { continue }
            let end = file.expressionEnd(from: probe + 3, end: body.upperBound, stopAtComma: true)
            let name = file.text(probe + 1)
            if result[name] == nil, !retargeted.contains(name), let kind = kind(of: probe + 3..<end, in: file) {
                result[name] = kind
            }
        }
        return result
    }

    /// A queue or session held by a global `let` of the project.
    static func global(named name: String, index: ProjectIndex) -> QueueKind? {
        for file in index.files {
            for property in file.properties where property.name == name && property.isLet {
                if let initializer = property.initializer { return kind(of: initializer, in: file) }
            }
        }
        return nil
    }

    /// A managed object context an expression creates or names: `NSManagedObjectContext(concurrencyType:
    /// .privateQueueConcurrencyType)` (or `NSManagedObjectContext(.privateQueue)`),
    /// `container.newBackgroundContext()`, their main-queue counterparts, `container.viewContext`.
    static func managedObjectContext(_ expression: Range<Int>, in file: ParsedFile) -> QueueKind? {
        guard let first = expression.first, let last = expression.last else { return nil }
        let named = file.at(first, "NSManagedObjectContext") || file.at(last, "viewContext")
            || (file.kind(last) == .rightParen && file.at(last - 2, "newBackgroundContext"))
        return named ? managedObjectContext(compact: compact(file.text(expression))) : nil
    }

    /// `managedObjectContext(_:in:)` of an expression's text without whitespace.
    static func managedObjectContext(compact text: String) -> QueueKind? {
        if text.hasPrefix("NSManagedObjectContext("), text.hasSuffix(")") {
            var type = text.dropFirst("NSManagedObjectContext(".count).dropLast()
            if type.hasPrefix("concurrencyType:") { type = type.dropFirst("concurrencyType:".count) }
            let name = type.split(separator: ".").last.map(String.init) ?? ""
            if name == "privateQueueConcurrencyType" || name == "privateQueue" { return .privateContext }
            if name == "mainQueueConcurrencyType" || name == "mainQueue" { return .mainContext }
            return nil
        }
        let isView = text.hasSuffix(".viewContext")
        let owner = text.hasSuffix(".newBackgroundContext()") ? text.dropLast(".newBackgroundContext()".count)
            : isView ? text.dropLast(".viewContext".count) : nil
        guard let owner, !owner.isEmpty, !owner.contains("(") else { return nil }
        return isView ? .mainContext : .privateContext
    }

    /// What an expression creates or names.
    static func kind(of expression: Range<Int>, in file: ParsedFile) -> QueueKind? {
        if let context = managedObjectContext(expression, in: file) { return context }
        guard let first = expression.first,
            file.at(first, "DispatchQueue") || file.at(first, "OperationQueue") || file.at(first, "URLSession")
        else { return nil }
        let text = compact(file.text(expression))
        if text.hasPrefix("DispatchQueue(label:"), !text.contains("target:"), text.hasSuffix(")") { return .dispatchQueue }
        if text == "DispatchQueue.main" { return .mainQueue }
        if text.hasPrefix("DispatchQueue.global("), text.hasSuffix(")") { return .globalQueue }
        if text == "OperationQueue()" { return .operationQueue }
        if text == "OperationQueue.main" { return .mainOperationQueue }
        if text == "URLSession.shared" { return .urlSession }
        if text.hasPrefix("URLSession(configuration:"), text.hasSuffix(")") {
            guard let range = text.range(of: "delegateQueue:") else { return .urlSession }
            let queue = text[range.upperBound...]
            if queue.hasPrefix("nil") { return .urlSession }
            if queue.hasPrefix(".main") || queue.hasPrefix("OperationQueue.main") { return .mainURLSession }
        }
        return nil
    }
}
