import ObservationSyntax

// Writes that remove a view wherever the app shows it (SPEC §10.3, §10.4): an ancestor that
// observes the written object builds the view's way only in a branch the written value leaves.

extension ProjectIndex {
    /// Whether `write`, a write of a field of an object of `model` that stores a value a
    /// branch condition can be matched against (`currentUser = nil`, `phase = .signedOut`),
    /// removes `view` wherever the app shows it rather than changing what it shows: every way
    /// the app builds the view — its construction sites and, up the view tree, the sites that
    /// build their containers (rendering code, or presented content, which goes with its
    /// presenter) — passes through a container that holds a `model` in a wrapper subscribing
    /// to its changes (`@ObservedObject var auth`, `@EnvironmentObject`, `@StateObject`) and
    /// builds that way in a branch the written value leaves (`writeRemovesView(builtAt:_:of:)`:
    /// `if let user = auth.currentUser { Main() } else { SignIn() }`). That container renders
    /// again on the change and SwiftUI removes the branch with every view below it, so none
    /// of them shows the value written. False when some way reaches a root (the app's scene,
    /// a hosting controller, a view built in an action or nobody builds) without such a branch.
    public func writeRemovesEveryInstance(of view: String, _ write: TokenLocation, ofFieldOf model: TypeInfo) -> Bool {
        guard WrittenLiteral(at: write.token, in: files[write.file]) != nil else { return false }
        let holders = observedAs(model).flatMap { modelHolders[$0] ?? [] }.filter {
            ProjectIndex.observingWrappers.contains($0.wrapper ?? "")
        }
        guard !holders.isEmpty else { return false }
        var known: [String: Bool] = [:]
        return removesEveryWay(to: view, write, holders: holders, known: &known, depth: 0)
    }

    private func removesEveryWay(
        to view: String, _ write: TokenLocation, holders: [ModelHolder], known: inout [String: Bool], depth: Int
    ) -> Bool {
        if let answer = known[view] { return answer }
        // A view met again on the way up (a recursive tree) or too far up: not established.
        known[view] = false
        guard depth < 16 else { return false }
        let sites = viewGraph.constructions(of: view).filter { $0.context != .preview }
        let answer = !sites.isEmpty && sites.allSatisfy { site in
            guard site.context != .action, let container = site.enclosingType else { return false }
            guard let info = types[container], ViewCode.isRenderingContainer(info) else {
                // A method of an extension of a SwiftUI protocol (`extension View { func
                // routed() -> some View { modifier(Router()) } }`): the view is built wherever
                // a container's rendering code calls it.
                guard let method = site.enclosingMember else { return false }
                return removesEveryWay(throughCallsOf: method, write, holders: holders, known: &known, depth: depth)
            }
            // Code the analysis cannot classify (a closure handed to a project view) builds
            // a view under the container only where it is in the container's rendering code.
            if site.context == .other,
                !ViewCode.renderingBodies(of: info, index: self).contains(where: { $0.file == site.file && $0.range.contains(site.token) })
            {
                return false
            }
            return removesWay(at: TokenLocation(file: site.file, token: site.token), in: info, write, holders: holders, known: &known, depth: depth)
        }
        known[view] = answer
        return answer
    }

    /// Whether the way through the code at `location` in `container`'s code is removed: there,
    /// or up the tree from `container`.
    private func removesWay(
        at location: TokenLocation, in container: TypeInfo, _ write: TokenLocation, holders: [ModelHolder], known: inout [String: Bool],
        depth: Int
    ) -> Bool {
        let removes = holders.contains { holder in
            holder.holder == container.name && writeRemovesView(builtAt: location, in: container, write, of: holder.property.name)
        }
        return removes || removesEveryWay(to: container.name, write, holders: holders, known: &known, depth: depth + 1)
    }

    /// For a view-building method of a protocol extension: whether every call of it is in a
    /// project container's rendering code, on a way the write removes.
    private func removesEveryWay(
        throughCallsOf method: String, _ write: TokenLocation, holders: [ModelHolder], known: inout [String: Bool], depth: Int
    ) -> Bool {
        let calls = isolationFacts.calls(named: method, index: self).filter { call in
            let file = files[call.file]
            return !file.at(call.token - 1, "func") && !neverRunsInApp(file: call.file)
        }
        return !calls.isEmpty && calls.allSatisfy { call in
            guard let caller = isolationFacts.enclosingBody(of: call, index: self)?.owner, ViewCode.isRenderingContainer(caller),
                ViewCode.renderingBodies(of: caller, index: self).contains(where: { $0.file == call.file && $0.range.contains(call.token) })
            else { return false }
            return removesWay(at: call, in: caller, write, holders: holders, known: &known, depth: depth)
        }
    }
}
