import ObservationSyntax

extension ProjectIndex {
    /// The view and its own property whose change runs the code at `location`: the code is
    /// in an `.onChange(of: name)` action of that view (`name` a plain property name, not a
    /// member chain), which SwiftUI runs only when it compares `name` with its last value
    /// and finds it changed (and once as the view appears for `initial: true`, which this
    /// does not answer). Nil elsewhere: another handler, a closure (`withAnimation` aside)
    /// between the action and the code, or code that is not a view's.
    public func changeHandlerTrigger(of location: TokenLocation) -> (view: TypeInfo, property: String)? {
        guard let body = isolationFacts.enclosingBody(of: location, index: self), let view = body.owner, view.isView else { return nil }
        let file = files[location.file]
        guard let handler = scopes(in: body.range, of: file).enclosing(location.token).first(where: { scope in
            guard case .closure(let callee, _) = scope.kind else { return false }
            return callee.map { !["withAnimation", "withTransaction"].contains(file.text($0)) } ?? true
        }), case .closure(let callee?, _) = handler.kind, file.at(callee, "onChange"), file.kind(callee - 1) == .period,
            let arguments = handler.callArguments,
            file.argument("initial", in: arguments).map({ $0.count == 1 && file.at($0.lowerBound, "false") }) ?? true,
            let value = file.argument("of", in: arguments)
        else { return nil }
        var tokens = Array(value)
        if tokens.count == 3, file.at(tokens[0], "self"), file.kind(tokens[1]) == .period { tokens.removeFirst(2) }
        guard tokens.count == 1, file.kind(tokens[0]) == .identifier, view.property(named: file.text(tokens[0])) != nil
        else { return nil }
        return (view, file.text(tokens[0]))
    }
}
