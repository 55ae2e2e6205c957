import ObservationSyntax

/// Which specialization of a generic class a reference holds, as the code spells it: two
/// references to `Entity<PostData>` and `Entity<CommentData>` never hold the same object,
/// so a write through one changes nothing the other reads.
extension ProjectIndex {
    /// The generic arguments a type as written gives its type: `Entity<PostData, Meta>` and
    /// `Post` with `typealias Post = Entity<PostData, Meta>` → `[PostData, Meta]` (as
    /// shapes). Nil when it names no arguments (a plain name, a generic parameter).
    public func genericArguments(ofSpelled written: String) -> [TypeShape]? {
        var shape = TypeShape(written)
        // Through type aliases, a few steps at most (`typealias A = B`, `typealias B = C<X>`).
        for _ in 0..<4 {
            guard case .named(let name, let arguments) = shape.unwrappingOptional else { return nil }
            if !arguments.isEmpty { return arguments }
            guard let target = typeAliases[name] else { return nil }
            shape = TypeShape(target)
        }
        return nil
    }

    /// The type as written of the object a write writes to: for the type's own code, the
    /// extended type of the extension holding it (`extension Comment { func collapse() {
    /// data?.collapsed = true } }`); through a reference, when its receiver is one name that
    /// is a stored property of the writing type or a parameter of the writing code
    /// (`comment` in `comment.data?.title = x`, with `var comment: Comment`).
    public func spelledReceiverType(of write: PropertyWrite) -> String? {
        spelledReceiverType(ofWriteAt: write.site, throughReference: write.throughReference)
    }

    /// `spelledReceiverType(of:)` for the write whose member name is at `site`.
    public func spelledReceiverType(ofWriteAt site: TokenLocation, throughReference: Bool) -> String? {
        guard throughReference else {
            let holder = typeDeclarations(in: site.file).first { $0.decl.members.contains(site.token) }
            guard let holder, holder.decl.kind == .extension else { return nil }
            return holder.decl.name
        }
        guard let (name, context) = receiverName(ofWriteAt: site) else { return nil }
        if let parameter = context?.parameters.first(where: { $0.name == name }) { return parameter.type?.text }
        guard let typeName = context?.type, let type = types[typeName], let (fileIndex, property) = type.property(named: name),
            property.isStored
        else { return nil }
        return spelledType(of: property, in: files[fileIndex])
    }

    /// The one name a write through a reference writes through, with the code around it:
    /// `comment` in `comment.data?.title = x`, `router` in `$router.path` handed to a view.
    private func receiverName(ofWriteAt site: TokenLocation) -> (String, CodeContext?)? {
        let file = files[site.file]
        var end = site.token - 1  // the `.` before the member
        guard file.kind(end) == .period else { return nil }
        if file.kind(end - 1) == .postfixQuestionMark || file.kind(end - 1) == .exclamationMark { end -= 1 }
        let root = end - 1
        guard root >= 0, file.kind(root) == .identifier || file.kind(root) == .dollarIdentifier, file.kind(root - 1) != .period
        else { return nil }
        let name = file.kind(root) == .dollarIdentifier ? String(file.text(root).dropFirst()) : file.text(root)
        return (name, codeContexts(inFile: site.file).innermost(containing: site.token))
    }

    /// The type a stored property holds as written: its annotation, the type of its
    /// `@Environment(T.self)`, or the constructor its initial value calls
    /// (`Router<AuthDestination>` for `@State var router = Router<AuthDestination>()`).
    public func spelledType(of property: Property, in file: ParsedFile) -> String? {
        if let type = property.type { return type.text }
        if let environment = property.attributes.first(named: "Environment"), let arguments = environment.arguments,
            arguments.count >= 3, file.at(arguments.upperBound - 1, "self"), file.kind(arguments.upperBound - 2) == .period
        {
            return file.text(arguments.lowerBound..<arguments.upperBound - 2)
        }
        guard let initializer = property.initializer, let (written, call) = file.constructorCall(in: initializer), written != nil,
            let arguments = call.arguments
        else { return nil }
        return file.text(initializer.lowerBound..<(file.at(call.name, "init") ? call.name - 1 : arguments.lowerBound))
    }
}

extension TypeShape {
    fileprivate var unwrappingOptional: TypeShape {
        if case .optional(let wrapped) = self { return wrapped.unwrappingOptional }
        return self
    }
}
