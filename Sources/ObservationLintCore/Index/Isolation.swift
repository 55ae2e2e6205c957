import ObservationSyntax

/// Where code runs at run time (SPEC §10.2).
public enum Isolation: Sendable, Hashable {
    /// On the main actor (the main thread).
    case mainActor
    /// Off the main thread: the global executor, another actor, a background queue.
    case offMain
    /// Not known: the threading rules stay silent.
    case unknown
}

/// What runs a piece of code, from the function that holds it to the closure around it.
public enum ContextKind: Sendable, Hashable {
    /// A function, accessor or initializer body (its own isolation).
    case function
    /// `Task { }`: inherits the isolation of the code around it.
    case task
    /// `Task.detached { }`: never inherits.
    case detachedTask
    /// `DispatchQueue.X.async`/`asyncAfter`/`sync`, `OperationQueue.addOperation`.
    case dispatch
    /// The completion closure of a known API (`URLSession.dataTask(with:completionHandler:)`).
    case completionHandler
    /// `Timer.scheduledTimer`'s block.
    case timer
    /// A `NotificationCenter` observer's block.
    case notification
    /// Combine's `sink`, SwiftUI's `onReceive`.
    case subscription
    /// `MainActor.run { }`, `Task { @MainActor in }`, a `@MainActor` closure,
    /// `MainActor.assumeIsolated { }`.
    case mainActorRun
    /// A statement after an `await` in the same asynchronous function or task.
    case afterAwait
    /// A SwiftUI action closure in view code (`Button`, `.onAppear`, `.task`, `.onChange`).
    case action
    /// A closure handed to a function whose way of running it is not known (a stored
    /// closure, a local function, a closure argument of another module's API).
    case closure
    /// A call of a function that runs where its caller runs (`ProjectIndex.runContexts(at:)`).
    case call
    /// Code that runs only once `Thread.isMainThread` was found true (`MainThreadCheck`).
    case mainThreadCheck
}

/// One reason for where code runs: a site and what it does to the isolation.
public struct ContextStep: Sendable, Hashable {
    public let kind: ContextKind
    /// The function's name, or the call (`Task`, `async`, `dataTask`) that runs the closure,
    /// or the `await`.
    public let site: TokenLocation
    /// Where the code runs from this step on.
    public let isolation: Isolation
    /// What the step does, for a note: "in `Task.detached { }`, which runs on the global executor".
    public let description: String

    public init(kind: ContextKind, site: TokenLocation, isolation: Isolation, description: String) {
        self.kind = kind
        self.site = site
        self.isolation = isolation
        self.description = description
    }
}

/// Where the code at a location runs, and why.
public struct ExecutionContext: Sendable, Hashable {
    /// Where the code at the location runs (the innermost step's isolation).
    public let isolation: Isolation
    /// Outermost to innermost: the function, then each closure or `await` around the location.
    public let steps: [ContextStep]
    /// Whether the code runs later than the code around it: in a task, a completion handler,
    /// a timer, a notification observer, a subscription, a queue's `async`, an action, or
    /// after an `await`.
    public let isAsynchronous: Bool
    /// Whether the code runs on its function's caller's executor (directly in a synchronous
    /// function with no actor isolation, or a `nonisolated(nonsending)` one): where it runs
    /// is where each caller runs (`ProjectIndex.runContexts(at:)`).
    public let runsWhereCalled: Bool

    /// One line per step, `path:line: description`: what `debug effects` prints.
    public func describe(in index: ProjectIndex) -> String {
        steps.map { step in
            let file = index.files[step.site.file]
            let line = file.source.location(of: file.tokens[step.site.token].range.lowerBound).line
            return "\(file.path):\(line): \(step.description) [\(step.isolation)]"
        }.joined(separator: "\n")
    }

    static let unknown = ExecutionContext(isolation: .unknown, steps: [], isAsynchronous: false, runsWhereCalled: false)
}

/// A type's (or a member's) actor isolation as Swift decides it statically.
public enum ActorDomain: Sendable, Hashable {
    /// `@MainActor`: written, inherited, SwiftUI's, or the module's default.
    case mainActor
    /// No actor: a nonisolated type or member.
    case nonisolated
    /// An actor or another global actor: its own executor, off the main thread.
    case otherActor
    /// Not known (a superclass or protocol from another module that may isolate it).
    case unknown
}

/// A type's isolation and the reason, for notes.
public struct TypeIsolation: Sendable, Hashable {
    public let domain: ActorDomain
    /// Why, as a predicate of the type: "is `@MainActor`", "is a SwiftUI rendering type
    /// (`@MainActor`)", "has no actor isolation".
    public let reason: String
}

extension ProjectIndex {
    /// Where the code at `location` runs, with the steps that decide it (SPEC §10.2).
    /// Unknown outside a member body of a project type.
    public func executionContext(at location: TokenLocation) -> ExecutionContext {
        guard let owned = isolationFacts.enclosingBody(of: location, index: self) else { return .unknown }
        let contexts = isolationFacts.bodyContexts.value(for: BodyKey(file: location.file, body: owned.range)) {
            BodyContexts(owned, file: location.file, index: self, followsOtherCode: true)
        }
        return contexts.context(at: location.token, index: self)
    }

    /// The context of a notification's `post`, without following other posts (which could
    /// lead back here): not memoized, asked once per observer with `queue: nil`.
    func postContext(at location: TokenLocation) -> ExecutionContext {
        guard let owned = isolationFacts.enclosingBody(of: location, index: self) else { return .unknown }
        return BodyContexts(owned, file: location.file, index: self, followsOtherCode: false).context(at: location.token, index: self)
    }

    /// The static actor isolation of a project type: `@MainActor` on its primary
    /// declaration, a project superclass or protocol, SwiftUI's rendering protocols, a UIKit
    /// or AppKit superclass, or the module's default isolation; an actor or a project global
    /// actor; unknown when a type from another module may isolate it.
    public func isolation(of type: TypeInfo) -> TypeIsolation {
        isolationFacts.typeIsolations.value(for: type.name) { computeIsolation(of: type, visited: [type.name]) }
    }

    private func computeIsolation(of type: TypeInfo, visited: Set<String>) -> TypeIsolation {
        if type.kind == .actor { return TypeIsolation(domain: .otherActor, reason: "is an actor") }
        let primaryDeclaration = type.declarations.first { $0.decl.kind != .extension }
        let primary = primaryDeclaration?.decl
        let primaryFile = primaryDeclaration?.file ?? type.declarations.first?.file
        if let primary {
            if let actor = globalActor(in: primary.attributes) {
                return actor == "MainActor"
                    ? TypeIsolation(domain: .mainActor, reason: "is `@MainActor`")
                    : TypeIsolation(domain: .otherActor, reason: "is isolated to the global actor `\(actor)`")
            }
            if primary.modifiers.contains("nonisolated") {
                return TypeIsolation(domain: .nonisolated, reason: "is `nonisolated`")
            }
        }
        if type.traits.contains(.view) || type.traits.contains(.app) || type.traits.contains(.scene)
            || type.traits.contains(.viewModifier)
        {
            return TypeIsolation(domain: .mainActor, reason: "is a SwiftUI rendering type (`@MainActor`)")
        }
        // The first inherited type that may isolate it, as a note names it.
        var unknownOutside: String?
        for inherited in type.inherited {
            if let parent = types[inherited], parent.kind != nil {
                guard !visited.contains(inherited) else { continue }
                let outer = computeIsolation(of: parent, visited: visited.union([inherited]))
                switch outer.domain {
                case .mainActor where parent.kind == .class || parent.kind == .protocol:
                    return TypeIsolation(domain: .mainActor, reason: "inherits `@MainActor` from `\(parent.name.simpleTypeName)`")
                case .otherActor where parent.kind == .class:
                    return TypeIsolation(domain: .otherActor, reason: "inherits its global actor from `\(parent.name.simpleTypeName)`")
                case .unknown:
                    unknownOutside = unknownOutside ?? "`\(parent.name.simpleTypeName)`, \(outer.reason)"
                default:
                    continue
                }
            } else if mainActorOutsideClasses.contains(inherited) {
                return TypeIsolation(domain: .mainActor, reason: "inherits `@MainActor` from `\(inherited)`")
            } else if mainActorOutsideProtocols.contains(inherited),
                primary?.inheritance.contains(where: { $0.text.simpleTypeName == inherited }) == true
            {
                // SE-0316: a conformance stated in the type's primary declaration (not in an
                // extension) isolates the type to the protocol's global actor.
                return TypeIsolation(domain: .mainActor, reason: "conforms to `\(inherited)`, a `@MainActor` protocol, in its declaration")
            } else if !nonisolatedOutsideTypes.contains(inherited) {
                unknownOutside = unknownOutside ?? "`\(inherited)` from another module, whose isolation is not known here"
            }
        }
        if defaultIsolationIsMainActor(inFile: primaryFile ?? -1) {
            return TypeIsolation(domain: .mainActor, reason: "is `@MainActor` by the module's default isolation")
        }
        if let unknownOutside {
            return TypeIsolation(domain: .unknown, reason: "inherits \(unknownOutside)")
        }
        let targets = defaultIsolationIsMainActor
            ? " (the Xcode targets that build it keep the default isolation `nonisolated`)" : ""
        return TypeIsolation(domain: .nonisolated, reason: "has no actor isolation\(targets)")
    }

    /// Whether `NonisolatedNonsendingByDefault` (SE-0461) is on for the code of a file: on in
    /// the project, and not left off by every Xcode target that builds the file.
    func nonisolatedNonsending(inFile file: Int) -> Bool {
        nonisolatedNonsendingByDefault && !filesCompiledWithoutNonsending.contains(file)
    }

    /// Whether the code of a file is `@MainActor` by default (SE-0466): the project's default
    /// isolation, unless every Xcode target that builds the file leaves it nonisolated.
    func defaultIsolationIsMainActor(inFile file: Int) -> Bool {
        defaultIsolationIsMainActor && !filesCompiledWithoutMainActorDefault.contains(file)
    }

    /// The global actor an attribute list names: `MainActor`, or a project type marked
    /// `@globalActor`.
    func globalActor(in attributes: [Attribute]) -> String? {
        for attribute in attributes {
            let simple = attribute.simpleName
            if simple == "MainActor" { return "MainActor" }
            if let type = types[String(simple)],
                type.declarations.contains(where: { $0.decl.attributes.contains(named: "globalActor") })
            {
                return String(simple)
            }
        }
        return nil
    }
}

/// Protocols and classes from other modules known not to isolate their conformers or
/// subclasses to an actor.
let nonisolatedOutsideTypes: Set<String> = [
    "ObservableObject", "Combine.ObservableObject", "Observable", "Observation.Observable", "NSObject",
    "NSObjectProtocol", "Identifiable", "Hashable", "Equatable", "Comparable", "Codable", "Encodable",
    "Decodable", "Sendable", "CustomStringConvertible", "CustomDebugStringConvertible", "Error",
    "LocalizedError", "AnyObject", "CaseIterable", "RawRepresentable", "NSCoding", "NSSecureCoding",
    "NSCopying", "URLSessionDelegate", "URLSessionTaskDelegate", "URLSessionDataDelegate",
    "URLSessionDownloadDelegate", "URLSessionWebSocketDelegate", "Cancellable", "Operation",
    "WCSessionDelegate", "PHPhotoLibraryChangeObserver", "HKWorkoutSessionDelegate", "MCSessionDelegate",
]

/// UIKit and AppKit classes the SDKs isolate to the main actor: their subclasses are too.
let mainActorOutsideClasses: Set<String> = [
    "UIResponder", "UIView", "UIViewController", "UITableViewController", "UICollectionViewController",
    "UINavigationController", "UITabBarController", "UIPageViewController", "UISplitViewController",
    "UITableViewCell", "UICollectionViewCell", "UICollectionReusableView", "UIControl", "UIButton", "UILabel",
    "UIScrollView", "UITableView", "UICollectionView", "UIWindow", "UIApplication", "UIHostingController",
    "NSResponder", "NSView", "NSViewController", "NSWindowController", "NSWindow", "NSHostingController",
    "NSHostingView", "UIHostingConfiguration", "WKWebView",
]

/// SDK protocols declared `@MainActor` (developer.apple.com/documentation/…):
/// `uikit/uiapplicationdelegate`, `uikit/uiscenedelegate` and `uikit/uiwindowscenedelegate`
/// (`@MainActor protocol UIWindowSceneDelegate : UISceneDelegate`), `watchkit/wkapplicationdelegate`
/// and `watchkit/wkextensiondelegate`. Not `appkit/nsapplicationdelegate`, which the
/// documentation declares without a global actor.
let mainActorOutsideProtocols: Set<String> = [
    "UIApplicationDelegate", "UISceneDelegate", "UIWindowSceneDelegate", "WKApplicationDelegate", "WKExtensionDelegate",
]

/// The isolation facts' memo tables, held by the index.
final class IsolationFacts: Sendable {
    let typeIsolations = Memo<String, TypeIsolation>()
    let bodyContexts = Memo<BodyKey, BodyContexts>()
    let fileBodies = Memo<Int, [OwnedBody]>()
    let queues = Memo<String, QueueFacts>()
    /// `NotificationCenter` posts of the project's own files, by notification name.
    let notificationPosts = OnDemand<[String: [TokenLocation]]>()
    /// Where a function calls its closure parameter (`ProjectIndex.parameterRun(of:in:file:)`).
    let parameterRuns = Memo<ParameterKey, (ParameterRun, TokenLocation)?>()
    /// The project's function bodies by name (`functionBodies(named:index:)`).
    let functionsByName = OnDemand<[String: [(file: Int, body: OwnedBody)]]>()
    /// The project's writes of observed properties by name (`writes(named:index:)`).
    let observedWrites = OnDemand<[String: [TokenLocation]]>()
    /// `addObserver(self, selector:name:object:)` calls by method name (`selectorObservers(index:)`).
    let selectorObserverCalls = OnDemand<[String: [(site: TokenLocation, name: String)]]>()
    /// Whether every `URLSession` the project makes has no delegate queue of its own choosing.
    private let sessionsOffMain = OnDemand<Bool>()

    /// Whether every session the project's own code makes (`URLSession(configuration:…)`) is
    /// made without a delegate queue or with `delegateQueue: nil` or `OperationQueue()`: its
    /// completion handlers run on a background queue, as `URLSession.shared`'s do.
    func sessionsCallOffMain(index: ProjectIndex) -> Bool {
        sessionsOffMain.value {
            index.ownFiles.allSatisfy { fileIndex in
                let file = index.files[fileIndex]
                return file.tokens.indices.allSatisfy { token in
                    guard file.at(token, "delegateQueue"), file.kind(token + 1) == .colon else { return true }
                    let end = file.expressionEnd(from: token + 2, end: file.tokens.count, stopAtComma: true)
                    return ["nil", "OperationQueue()"].contains(compact(file.text(token + 2..<end)))
                }
            }
        }
    }

    /// The bodies of the initializers the project declares for a type (in its declarations
    /// and extensions, also of another module's type: `extension Task { init(…) }`).
    func initializerBodies(of typeName: String, index: ProjectIndex) -> [(file: Int, body: OwnedBody)] {
        guard let type = index.type(named: typeName) else { return [] }
        return type.declarations.flatMap { declaration in
            declaration.decl.functions.compactMap { function in
                guard function.kind == .initializer, let body = function.body, !index.domains.isPackage(declaration.file) else { return nil }
                return (declaration.file, OwnedBody(range: body, member: .function(function), owner: type, declaration: declaration.decl))
            }
        }
    }

    /// Where the project posts each notification: `post(name: .changed, …)` by the name's
    /// last component (`changed`), or the text of `Notification.Name("changed")`.
    func posts(named name: String, index: ProjectIndex) -> [TokenLocation] {
        notificationPosts.value {
            var result: [String: [TokenLocation]] = [:]
            for fileIndex in index.ownFiles {
                let file = index.files[fileIndex]
                for token in file.tokens.indices where file.at(token, "post") && file.kind(token + 1) == .leftParen {
                    let arguments = token + 1..<file.skipGroup(token + 1)
                    guard let first = file.argumentList(arguments).first, let label = first.label, file.at(label, "name") else { continue }
                    result[notificationKey(compact(file.text(first.value))), default: []].append(TokenLocation(file: fileIndex, token: token))
                }
            }
            return result
        }[name] ?? []
    }

    /// The bodies of the project's functions (global functions and methods) named `name`.
    func functionBodies(named name: String, index: ProjectIndex) -> [(file: Int, body: OwnedBody)] {
        functionsByName.value {
            var result: [String: [(file: Int, body: OwnedBody)]] = [:]
            for fileIndex in index.ownFiles {
                for body in fileBodies.value(for: fileIndex, { OwnedBody.all(inFile: fileIndex, index: index) }) {
                    if case .function(let function) = body.member, function.kind == .function {
                        result[function.name, default: []].append((fileIndex, body))
                    }
                }
            }
            return result
        }[name] ?? []
    }

    /// The smallest member body of a project type (or top-level function) in the file that
    /// holds the location.
    func enclosingBody(of location: TokenLocation, index: ProjectIndex) -> OwnedBody? {
        let bodies = fileBodies.value(for: location.file) { OwnedBody.all(inFile: location.file, index: index) }
        var best: OwnedBody?
        for body in bodies where body.range.contains(location.token) {
            if best.map({ body.range.count < $0.range.count }) ?? true { best = body }
        }
        return best
    }
}

struct BodyKey: Hashable, Sendable {
    let file: Int
    let body: Range<Int>
}

/// A body of code and what declares it.
struct OwnedBody: Sendable {
    enum Member: Sendable {
        case function(FunctionDecl)
        case accessor(Property, Accessor.Kind)
        case initialValue(Property)
    }
    let range: Range<Int>
    let member: Member
    /// The project type it belongs to (nil: a top-level function).
    let owner: TypeInfo?
    /// The declaration (the type's or an extension's) that holds the member.
    let declaration: TypeDecl?

    static func all(inFile file: Int, index: ProjectIndex) -> [OwnedBody] {
        var result: [OwnedBody] = []
        for function in index.files[file].functions {
            if let body = function.body { result.append(OwnedBody(range: body, member: .function(function), owner: nil, declaration: nil)) }
        }
        for (decl, info) in index.typeDeclarations(in: file) {
            for function in decl.functions {
                if let body = function.body {
                    result.append(OwnedBody(range: body, member: .function(function), owner: info, declaration: decl))
                }
            }
            for property in decl.properties {
                for accessor in property.accessors {
                    if let body = accessor.body {
                        result.append(
                            OwnedBody(range: body, member: .accessor(property, accessor.kind), owner: info, declaration: decl))
                    }
                }
                if let initializer = property.initializer {
                    result.append(OwnedBody(range: initializer, member: .initialValue(property), owner: info, declaration: decl))
                }
            }
        }
        return result
    }

    var attributes: [Attribute] {
        switch member {
        case .function(let function): function.attributes
        case .accessor(let property, _), .initialValue(let property): property.attributes
        }
    }

    var modifiers: [Modifier] {
        switch member {
        case .function(let function): function.modifiers
        case .accessor(let property, _), .initialValue(let property): property.modifiers
        }
    }

    /// "`refresh()`", "the `didSet` of `count`", "the initial value of `items`".
    var displayName: String {
        switch member {
        case .function(let function):
            switch function.kind {
            case .initializer: return "`init`"
            case .deinitializer: return "`deinit`"
            case .subscript: return "`subscript`"
            case .function: return "`\(function.name)()`"
            }
        case .accessor(let property, let kind):
            return kind == .get ? "the getter of `\(property.name)`" : "the `\(kind.rawValue)` of `\(property.name)`"
        case .initialValue(let property):
            return "the initial value of `\(property.name)`"
        }
    }

    var nameToken: Int {
        switch member {
        case .function(let function): function.nameToken
        case .accessor(let property, _), .initialValue(let property): property.nameToken
        }
    }

    /// Whether the body is `async`: `async` after the parameters (or after `get`).
    func isAsync(in file: ParsedFile) -> Bool {
        switch member {
        case .initialValue:
            return false
        case .accessor:
            var probe = range.lowerBound - 1
            while probe >= 0, file.isWord(probe), !file.at(probe, "get") {
                if file.at(probe, "async") { return true }
                probe -= 1
            }
            return false
        case .function(let function):
            return function.isAsync(in: file)
        }
    }
}

extension FunctionDecl {
    /// Whether the function is `async`: `async` after its parameters, before `->`, `where`
    /// or its body.
    func isAsync(in file: ParsedFile) -> Bool {
        var probe = nameToken + 1
        let end = body?.lowerBound ?? declaration.upperBound
        while probe < end {
            if file.kind(probe) == .leftParen || file.kind(probe) == .leftAngle {
                probe = file.skipGroup(probe)
                continue
            }
            if file.kind(probe) == .arrow || file.at(probe, "where") || file.kind(probe) == .leftBrace { return false }
            if file.at(probe, "async") { return true }
            probe += 1
        }
        return false
    }
}

/// A notification name as written (`.changed`, `Notification.Name.changed`,
/// `NSNotification.Name.changed`) reduced to what the forms share.
func notificationKey(_ text: String) -> String {
    for prefix in ["NSNotification.Name.", "Notification.Name.", "."] where text.hasPrefix(prefix) {
        return String(text.dropFirst(prefix.count))
    }
    return text
}
