import ObservationSyntax

// Where a `NotificationCenter` observer runs (SPEC §10.2): an observer with no queue (a block
// added with `queue: nil`, a `publisher(for:)` with no `receive(on:)`, a method registered
// with `addObserver(_:selector:name:object:)`) runs on the thread that posts the notification.
// That thread is known for a notification Apple documents as posted off the main thread, and
// for one the project posts only from code whose thread is known.

/// Notifications Apple documents as posted off the main thread, by `notificationKey` (both
/// Swift spellings): what the documentation says.
let offMainNotifications: [String: String] = {
    var table: [String: String] = [:]
    // developer.apple.com/documentation/avfoundation/avplayeritem/didplaytoendtimenotification
    // (and …/failedtoplaytoendtimenotification, …/playbackstallednotification,
    // …/timejumpednotification): "The system may post this notification on a thread other than
    // the one you use to register the observer."
    for (old, new) in [
        ("AVPlayerItemDidPlayToEndTime", "didPlayToEndTimeNotification"),
        ("AVPlayerItemFailedToPlayToEndTime", "failedToPlayToEndTimeNotification"),
        ("AVPlayerItemPlaybackStalled", "playbackStalledNotification"), ("AVPlayerItemTimeJumped", "timeJumpedNotification"),
    ] {
        let says = "AVFoundation may post it on a thread other than the one that registers the observer"
        table[old] = says
        table["AVPlayerItem." + new] = says
    }
    // …/avfaudio/avaudiosession/routechangenotification: "The system posts this notification on
    // a secondary thread."
    for name in ["AVAudioSessionRouteChange", "AVAudioSession.routeChangeNotification"] {
        table[name] = "AVFAudio posts it on a secondary thread"
    }
    return table
}()

/// Where a notification is posted, as a note says it, with a step at the project's first
/// post when that is what decides it.
struct NotificationPosting: Sendable {
    let isolation: Isolation
    /// "AVFoundation may post it …", "the project posts it only off the main thread".
    let says: String
    let post: ContextStep?
}

extension ProjectIndex {
    /// Where the notification named `name` (as written: `.changed`, `Notification.Name.changed`)
    /// is posted: off the main thread when Apple documents it so, else where every post of it
    /// in the project runs when all of them are known and agree. Nil when not known.
    func posting(ofNotification name: String) -> NotificationPosting? {
        if let documented = documentedPosting(ofNotification: name) { return documented }
        let key = notificationKey(name)
        guard !key.isEmpty else { return nil }
        let posts = isolationFacts.posts(named: key, index: self)
        guard let first = posts.first else { return nil }
        let contexts = posts.map { postContext(at: $0) }
        guard let isolation = contexts.first?.isolation, isolation != .unknown, contexts.allSatisfy({ $0.isolation == isolation }),
            let why = contexts[0].steps.last?.description
        else { return nil }
        let thread = isolation == .mainActor ? "on the main thread" : "off the main thread"
        return NotificationPosting(
            isolation: isolation, says: "the project posts it only \(thread)",
            post: ContextStep(kind: .notification, site: first, isolation: isolation, description: "posted here, \(why)"))
    }

    /// A notification Apple documents as posted off the main thread (`offMainNotifications`).
    func documentedPosting(ofNotification name: String) -> NotificationPosting? {
        offMainNotifications[notificationKey(name)].map { NotificationPosting(isolation: .offMain, says: $0, post: nil) }
    }

    /// The contexts a method runs in as a `NotificationCenter` observer: each
    /// `addObserver(self, selector: #selector(name), name: …, object: …)` in code of its class
    /// family whose notification's posting thread is known (`posting(ofNotification:)`).
    func observerContexts(of function: FunctionDecl, ownedBy owner: TypeInfo?) -> [ExecutionContext] {
        guard let owner, let registrations = isolationFacts.selectorObservers(index: self)[function.name] else { return [] }
        let lineage = Set((typeAndAncestors(of: owner) + typeAndSubtypes(of: owner)).map(\.name))
        return registrations.compactMap { registration in
            guard !neverRunsInApp(file: registration.site.file),
                let registrant = isolationFacts.enclosingBody(of: registration.site, index: self)?.owner, lineage.contains(registrant.name),
                let posting = posting(ofNotification: registration.name)
            else { return nil }
            let thread = posting.isolation == .mainActor ? "on the main thread" : "off the main thread"
            let step = ContextStep(
                kind: .notification, site: registration.site, isolation: posting.isolation,
                description: "registers `\(function.name)()` as an observer of `\(registration.name)`: `NotificationCenter` calls it on the "
                    + "thread that posts the notification, and \(posting.says), \(thread)")
            return ExecutionContext(
                isolation: posting.isolation, steps: [step] + (posting.post.map { [$0] } ?? []), isAsynchronous: true, runsWhereCalled: false)
        }
    }
}

extension IsolationFacts {
    /// `addObserver(self, selector: #selector(method), name: n, object: …)` calls of the
    /// project's own files, by the method's name: the call's `addObserver` and the name as written.
    func selectorObservers(index: ProjectIndex) -> [String: [(site: TokenLocation, name: String)]] {
        selectorObserverCalls.value {
            var result: [String: [(site: TokenLocation, name: String)]] = [:]
            for fileIndex in index.ownFiles {
                let file = index.files[fileIndex]
                for token in file.tokens.indices where file.at(token, "addObserver") && file.kind(token + 1) == .leftParen {
                    let list = file.argumentList(token + 1..<file.skipGroup(token + 1))
                    guard list.count >= 3, list[0].label == nil, compact(file.text(list[0].value)) == "self",
                        let selector = list.first(where: { $0.label.map { file.at($0, "selector") } == true }),
                        let name = list.first(where: { $0.label.map { file.at($0, "name") } == true }),
                        let method = Self.selectorMethod(compact(file.text(selector.value)))
                    else { continue }
                    result[method, default: []].append((TokenLocation(file: fileIndex, token: token), compact(file.text(name.value))))
                }
            }
            return result
        }
    }

    /// The method a `#selector(…)` names: `#selector(self.refresh)`, `#selector(refresh(_:))`,
    /// `#selector(Player.refresh)` → `refresh`.
    static func selectorMethod(_ text: String) -> String? {
        guard text.hasPrefix("#selector("), text.hasSuffix(")") else { return nil }
        let inside = text.dropFirst("#selector(".count).dropLast()
        let path = inside.prefix { $0 != "(" }
        guard let last = path.split(separator: ".").last, !last.isEmpty, last.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
        else { return nil }
        return String(last)
    }
}
