import Foundation
import Observation

// No view of this package reads `Session`: the apps' views do.
@Observable
public final class Session {
    public var online = false
    public var status = ""

    public init() {}

    // A nonisolated `async` method of a class with no actor isolation: after the `await`
    // it goes on running on the global executor.
    public func refresh() async {
        let reachable = await probe()
        online = reachable // expect: observable_mutated_off_main
        status = "checked" // no view reads it
    }

    func probe() async -> Bool { true }
}

extension Session {
    // Compiled where `Cache` cannot be imported: on the platforms the apps build for or not,
    // which the package does not tell.
    public func reconnect() async {
        #if canImport(Cache)
        await Cache.shared.flush()
        #else
        let reachable = await probe()
        online = reachable
        #endif
    }
}
