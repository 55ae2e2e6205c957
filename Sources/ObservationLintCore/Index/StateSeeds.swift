import ObservationSyntax

// Values a view computes only to hand a child the first value of its `@State`. SwiftUI
// keeps a state's initial value for the lifetime of the view's identity ("SwiftUI
// initializes a state property only once", `State` documentation): a later value the parent
// passes to a child that keeps its identity is dropped, so re-rendering the parent after the
// value changes changes nothing on screen.

extension ProjectIndex {
    /// Whether the argument labelled `label` (unlabelled: at `position`) of the project view
    /// `child` only seeds one of its `@State`s: the memberwise initializer's parameter of a
    /// `@State var`, or a parameter that every declared initializer taking it uses only in
    /// the value it assigns to one (`_x = State(initialValue: x)`, `self.x = x`).
    public func onlySeedsState(of child: TypeInfo, label: String?, position: Int) -> Bool {
        guard let receiving = receivingProperty(of: child, label: label, position: position), receiving.wrapper == "State"
        else { return false }
        let name = receiving.property.name
        for (fileIndex, initializer) in child.functions where initializer.kind == .initializer {
            let parameters = initializer.parameters.enumerated().filter { offset, parameter in
                label.map { parameter.label == $0 } ?? (offset == position && parameter.label == nil)
            }
            guard let parameter = parameters.first?.element else { continue }
            guard let body = initializer.body else { return false }
            let file = files[fileIndex]
            let seeding = file.assignments(in: body).filter { assignment in
                let path = file.path(of: assignment.target)
                return path == [name] || path == ["_" + name]
            }.map(\.value)
            let usedElsewhere = body.contains { token in
                file.kind(token) == .identifier && file.spells(token, parameter.name) && file.kind(token - 1) != .period
                    && file.kind(token + 1) != .colon && !seeding.contains { $0.contains(token) }
            }
            if usedElsewhere { return false }
        }
        return true
    }

    /// Whether the token at `location` is evaluated only to build an argument that seeds the
    /// `@State` of a project view constructed there (`Section(isCollapsed:
    /// !settings.expanded)`, see `onlySeedsState`): not in a closure inside the argument,
    /// which the child may call in its own `body`, and not a value that renews the child
    /// when it changes (`.id(value)`, a branch it pins), which starts a new state from it.
    public func onlySeedsChildState(_ location: TokenLocation) -> Bool {
        let file = files[location.file]
        sites: for site in viewGraph.constructions(inFile: location.file) where site.tokens.contains(location.token) {
            guard let (position, argument) = site.arguments.enumerated().first(where: { $0.element.value.contains(location.token) }),
                let child = types[site.view]
            else { continue }
            var token = argument.value.lowerBound
            while token < location.token {
                guard file.kind(token) == .leftBrace else {
                    token += 1
                    continue
                }
                token = file.skipGroup(token)
                if token > location.token { continue sites }
            }
            if renewingTie(for: argument, at: site) == nil, onlySeedsState(of: child, label: argument.label, position: position) {
                return true
            }
        }
        return false
    }
}
