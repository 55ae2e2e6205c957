import ObservationLintCore
import ObservationSyntax

/// What the rules about threads can tell about a class's actor isolation.
enum ActorIsolation {
    /// Protocols and classes from outside the project known not to isolate their conformers
    /// or subclasses to an actor.
    static let nonisolatedOutsideTypes: Set<String> = [
        "ObservableObject", "Combine.ObservableObject", "Observable", "Observation.Observable", "NSObject",
        "NSObjectProtocol", "Identifiable", "Hashable", "Equatable", "Comparable", "Codable", "Encodable",
        "Decodable", "Sendable", "CustomStringConvertible", "CustomDebugStringConvertible", "Error",
        "LocalizedError", "AnyObject", "CaseIterable", "RawRepresentable", "NSCoding", "NSSecureCoding",
        "NSCopying", "URLSessionDelegate", "URLSessionTaskDelegate", "URLSessionDataDelegate",
        "URLSessionDownloadDelegate", "URLSessionWebSocketDelegate", "Cancellable", "Operation",
    ]

    /// Whether the class is isolated to the main actor as far as the analysis knows: `@MainActor`
    /// on it, an extension, a superclass or a refined protocol of the project, or the module's
    /// default isolation.
    static func isMainActor(_ type: TypeInfo, index: ProjectIndex) -> Bool {
        index.defaultIsolationIsMainActor || type.traits.contains(.mainActor)
    }

    /// Whether the class inherits from, or conforms to, a type outside the project that might
    /// isolate it to the main actor (`UIViewController`, `NSView`, an `…Delegate` protocol of
    /// UIKit or AppKit): its isolation cannot be known.
    static func mayInheritIsolation(_ type: TypeInfo, index: ProjectIndex) -> Bool {
        var visited: Set<String> = [type.name]
        var queue = [type]
        while let current = queue.popLast() {
            for name in current.inherited {
                if let info = index.types[name] {
                    if info.kind != nil {
                        if visited.insert(name).inserted { queue.append(info) }
                        continue
                    }
                }
                if !nonisolatedOutsideTypes.contains(name) { return true }
            }
        }
        return false
    }

    /// Whether the class, or a class or protocol of the project it inherits, conforms to
    /// `Sendable` (`@unchecked Sendable` included): it is meant to be shared across threads
    /// and guards its state itself.
    static func declaresSendable(_ type: TypeInfo, index: ProjectIndex) -> Bool {
        var visited: Set<String> = [type.name]
        var queue = [type]
        while let current = queue.popLast() {
            for name in current.inherited {
                if name == "Sendable" || name == "Swift.Sendable" { return true }
                if let info = index.types[name], visited.insert(name).inserted { queue.append(info) }
            }
        }
        return false
    }

    /// `@MainActor` on a function, or on the closure whose `{` is at `brace`.
    static func isMainActorClosure(_ brace: Int, in file: ParsedFile) -> Bool {
        var index = brace + 1
        var steps = 0
        while steps < 16, let kind = file.kind(index) {
            if kind == .atSign {
                if file.at(index + 1, "MainActor") { return true }
                index += 2
            } else if kind == .leftSquare {
                index = file.skipGroup(index)
            } else {
                return false
            }
            steps += 1
        }
        return false
    }
}
