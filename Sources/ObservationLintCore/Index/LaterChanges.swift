import ObservationSyntax

// Which of a class's methods change the object after they return: the change is made in a
// closure the method hands over to run at another time (a completion handler,
// `DispatchQueue.main.async { }`, `Task { }`), directly or through another of its methods.
// A caller that announces next to the call (`child.load(); objectWillChange.send()`)
// announces before that change happens, so its announcement does not cover it.

extension ProjectIndex {
    /// The methods of the project class `type` (its own, its ancestors' and subclasses')
    /// whose call changes the object (`stateChangingFunctions(of:)`) in code that runs after
    /// the call returns: a closure the method creates that runs at another time
    /// (`ChangeFlows`' pieces: not the closures that run while their call does, such as
    /// `forEach` or `withAnimation`), or such a method it calls. Computed once per type.
    public func functionsChangingLater(of type: TypeInfo) -> Set<String> {
        laterChangingFunctionsByType.value(for: type.name) { computeFunctionsChangingLater(of: type) }
    }

    private func computeFunctionsChangingLater(of type: TypeInfo) -> Set<String> {
        let flows = changeFlows(of: type)
        let holders = objectHolders(of: type)
        func function(running place: MemberAccesses.Place) -> String? {
            guard let unit = flows.unit(of: place), case .function(let name) = unit.kind else { return nil }
            return name
        }
        var pending: [String] = []
        for owner in typeAndAncestors(of: type) + typeAndSubtypes(of: type).dropFirst() {
            let accesses = memberAccesses(of: owner)
            let sites = Array(accesses.mutations.values.joined()) + accesses.calls.filter { holders.contains($0.key) }.values.joined()
            for site in sites {
                let place = flows.place(of: site)
                guard place.closure != nil, !flows.neverRuns(place), let name = function(running: place) else { continue }
                pending.append(name)
            }
        }
        var later = Set<String>()
        while let name = pending.popLast() {
            guard later.insert(name).inserted else { continue }
            pending += (flows.callers[name] ?? []).compactMap { function(running: $0.place) }
        }
        return later
    }
}
