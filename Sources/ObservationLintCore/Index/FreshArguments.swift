import ObservationSyntax

extension ProjectIndex {
    /// The model a view construction's argument gets newly built each time the site is
    /// evaluated, through a call rather than a constructor written at the site:
    /// `Child(model: factory.makeModel())` where every implementation the call may run
    /// builds the model on each path it returns by (`freshModel(returnedBy:in:code:scope:parameters:)`,
    /// with the site's enclosing body naming the receivers). Nil for a constructor at the
    /// site (the view graph's `.constructor` origin says that), and when the call may return
    /// a kept or shared object, or its receiver is not known.
    public func freshModel(passedAs argument: ConstructionArgument, at site: ViewConstruction) -> FreshModel? {
        let location = TokenLocation(file: site.file, token: argument.value.lowerBound)
        guard argument.origin != .closure, let body = isolationFacts.enclosingBody(of: location, index: self) else { return nil }
        let parameters: [Parameter] = if case .function(let function) = body.member { function.parameters } else { [] }
        return freshModel(
            returnedBy: argument.value, in: site.file, code: body.range, scope: body.owner?.name ?? site.enclosingType,
            parameters: parameters)
    }
}
