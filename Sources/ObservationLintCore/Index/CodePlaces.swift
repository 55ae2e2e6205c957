import ObservationSyntax

extension ProjectIndex {
    /// Where the code at `token` runs, as a note says it: "in `Profile.rename()`", "in a
    /// `Button` closure of `Parent.body`", "in a `sink` closure of `Model.init`", "in
    /// `makeWindow()`"; empty when the token is in no member. Looks through every
    /// declaration of the file (a local package's files are not the project's own, but
    /// their code runs too).
    public func placeDescription(of token: Int, in fileIndex: Int) -> String {
        let file = files[fileIndex]
        var place: (name: String, body: Range<Int>)?
        func consider(_ name: String, _ body: Range<Int>) {
            if body.contains(token), place.map({ body.count < $0.body.count }) ?? true { place = (name, body) }
        }
        var pending = file.types.map { (decl: $0, name: $0.name) }
        while let (decl, typeName) = pending.popLast() {
            guard decl.members.contains(token) else { continue }
            pending += decl.nestedTypes.map { ($0, typeName + "." + $0.name) }
            for function in decl.functions {
                guard let body = function.body else { continue }
                consider(function.kind == .initializer ? "\(typeName).init" : "\(typeName).\(function.name)()", body)
            }
            for property in decl.properties {
                for body in property.accessors.compactMap(\.body) + [property.initializer].compactMap({ $0 }) {
                    consider("\(typeName).\(property.name)", body)
                }
            }
        }
        if place == nil {
            for function in file.functions { if let body = function.body { consider("\(function.name)()", body) } }
        }
        guard let place else { return "" }
        if let closure = file.scopes(in: place.body).innermostClosure(containing: token), case .closure(let callee?, _) = closure.kind {
            return "in a `\(file.text(callee))` closure of `\(place.name)`"
        }
        return "in `\(place.name)`"
    }
}
