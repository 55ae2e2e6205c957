import ObservationSyntax

// Construction inputs (SPEC §10.3, §10.5): what a model built in view code is built from. A
// body that runs again because one of those values changed builds the model from the new
// value: the replaced model belonged to the old input (keeping it would show stale state, the
// bug `state_object_initialized_from_outside` reports), so that re-render is the intended
// reaction, not a loss. A trigger that changes something else rebuilds the model from equal
// inputs and loses what the old one held.

/// A value a construction's arguments read: a property of the type whose code builds it, with
/// the members read through it (`selection.course`: `selection`, `["course"]`; `items[index]`:
/// `items`), or a parameter of the initializer that builds it (by its argument label: what a
/// caller passes).
public struct ConstructionInput: Sendable, Hashable {
    public enum Root: Sendable, Hashable {
        case property(String)
        case parameter(label: String)
    }

    public let root: Root
    public let path: [String]

    public init(root: Root, path: [String]) {
        self.root = root
        self.path = path
    }
}

extension ProjectIndex {
    /// The values the arguments of the constructor call `call` (in `file`) read: the building
    /// code's properties and initializer parameters each argument names, directly, through a
    /// local initialized from them (`let course = courses[index]`) or an `if let` binding. Not
    /// a closure's parameter (a `ForEach` element: a change of the collection rebuilds the
    /// other rows' models from equal elements), nor what a nested constructor reads.
    public func constructionInputs(of call: Call?, in file: Int) -> [ConstructionInput] {
        guard let arguments = call?.arguments else { return [] }
        return files[file].argumentList(arguments).filter { !$0.value.isEmpty }.flatMap { argument in
            inputs(from: viewGraph.origin(of: argument.value, in: file), at: TokenLocation(file: file, token: argument.value.lowerBound), depth: 0)
        }
    }

    /// `inputs` of a construction in a view's initializer, as the site building the view
    /// passes them: what the caller's code reads for each parameter (none for a parameter
    /// the site leaves to its default).
    public func inputs(_ inputs: [ConstructionInput], passedAt site: ViewConstruction) -> [ConstructionInput] {
        inputs.flatMap { input -> [ConstructionInput] in
            guard case .parameter(let label) = input.root, let argument = site.argument(labeled: label) else { return [] }
            let found = self.inputs(from: argument.origin, at: TokenLocation(file: site.file, token: argument.value.lowerBound), depth: 0)
            // `init(selection:)` building from `selection.course`, passed `selection`: `selection.course`.
            guard found.count == 1 else { return found }
            return [ConstructionInput(root: found[0].root, path: found[0].path + input.path)]
        }
    }

    /// Whether the trigger's write changes one of `inputs`, those of a construction in the
    /// code of `container` (a trigger of its body): its own state the inputs read (any member
    /// of it); a model field they read (`model.items`, or through a method or computed
    /// property of the model that reads it: `model.course(id:)`; not the model object itself,
    /// which stays the same); the state a body above passes down as the property they read;
    /// or another state whose write runs in a synchronous step that also writes an input
    /// (`stepAlsoWrites`): SwiftUI runs the body once, after the step, with the new input.
    /// Not a write of another stored field of the state the input reads a field of
    /// (`selection.refreshes += 1` against `selection.course`): the input keeps its value.
    public func changesInput(_ trigger: ReRenderTrigger, of inputs: [ConstructionInput], in container: String) -> Bool {
        inputs.contains { input in
            guard case .property(let name) = input.root else { return false }
            if let step = trigger.passedDown.last {
                return step.site.view == container && step.label == name
            }
            guard trigger.reader == container, let info = types[container] else { return false }
            var writes: [TokenLocation]
            if trigger.property == name {
                guard let field = trigger.field, let model = trigger.model.flatMap({ types[$0] }) else {
                    return trigger.write.map { !writesOtherField(at: $0, of: name, than: input, in: info) } ?? true
                }
                let read = fields(readBy: input.path.first, of: model)
                if read.contains(field) { return true }
                writes = read.flatMap { changes(of: model).writes(of: $0).map(\.site) }
            } else {
                writes = changes(of: info).writes(of: name).map(\.site).filter { !writesOtherField(at: $0, of: name, than: input, in: info) }
            }
            return trigger.write.map { stepAlsoWrites(writes, with: $0) } == true
        }
    }

    /// Whether the write at `write`, of the state `name` of `container`, sets a stored field
    /// of the project struct the state holds (`selection.refreshes += 1`,
    /// `$selection.refreshes` handed out) other than the stored field `input` reads
    /// (`selection.course`): the input's value stays the same.
    private func writesOtherField(at write: TokenLocation, of name: String, than input: ConstructionInput, in container: TypeInfo) -> Bool {
        guard let read = input.path.first else { return false }
        let file = files[write.file]
        guard file.spells(write.token, name) || file.spells(write.token, "$" + name),
            file.kind(write.token + 1) == .period, file.kind(write.token + 2) == .identifier
        else { return false }
        let written = file.text(write.token + 2)
        guard written != read, let (declarationFile, property) = container.property(named: name) else { return false }
        let scope = container.name
        let propertyFile = files[declarationFile]
        guard let held = declaredShape(of: property, in: propertyFile, scope: scope)?.directName
            ?? constructedType(of: property, in: propertyFile, scope: scope)?.name,
            let stateType = type(named: held, from: scope), !stateType.isClass
        else { return false }
        let stored = Set(stateType.properties.filter { $0.1.isStored }.map(\.1.name))
        return stored.contains(read) && stored.contains(written)
    }

    private func inputs(from origin: ArgumentOrigin, at location: TokenLocation, depth: Int) -> [ConstructionInput] {
        switch origin {
        case .property(let reference, let path), .binding(let reference, let path):
            return [ConstructionInput(root: .property(reference.name), path: path)]
        case .parameter(let name, let path):
            guard let label = initializerLabel(ofParameter: name, at: location) else { return [] }
            return [ConstructionInput(root: .parameter(label: label), path: path)]
        case .local(let name, let path):
            guard depth < 3, let initial = viewGraph.initialValue(ofLocal: name, at: location) else { return [] }
            let found = inputs(from: initial.origin, at: TokenLocation(file: location.file, token: initial.value.lowerBound), depth: depth + 1)
            // `let selection = self.selection` then `selection.course`: the same path on.
            guard found.count == 1 else { return found }
            return [ConstructionInput(root: found[0].root, path: found[0].path + path)]
        case .derived(let parts):
            return parts.flatMap { inputs(from: $0, at: location, depth: depth) }
        default:
            return []
        }
    }

    /// The argument label of the parameter `name` of the initializer whose body holds
    /// `location`; nil elsewhere or for an unlabeled (`_`) parameter.
    private func initializerLabel(ofParameter name: String, at location: TokenLocation) -> String? {
        for (decl, _) in typeDeclarations(in: location.file) {
            for function in decl.functions where function.kind == .initializer && function.body?.contains(location.token) == true {
                return function.parameters.first { $0.name == name }?.label
            }
        }
        return nil
    }

    /// The stored fields of `model` that reading its `member` reads: the field itself, or
    /// those a method or computed property of that name reads in its body; none for the
    /// object itself (nil).
    private func fields(readBy member: String?, of model: TypeInfo) -> Set<String> {
        guard let member else { return [] }
        if let (_, property) = model.property(named: member), property.isStored { return [member] }
        let stored = Set(model.properties.filter { $0.1.isStored }.map(\.1.name))
        var result = Set<String>()
        for declaration in model.declarations {
            let file = files[declaration.file]
            let bodies = declaration.decl.functions.filter { $0.name == member }.compactMap(\.body)
                + declaration.decl.properties.filter { $0.name == member }.flatMap { $0.accessors.compactMap(\.body) }
            for body in bodies {
                for token in body where file.kind(token) == .identifier && file.isOwnMemberReference(token) {
                    let name = file.text(token)
                    if stored.contains(name) { result.insert(name) }
                }
            }
        }
        return result
    }

    /// Whether the synchronous step that makes `write` also makes one of `writes` before it
    /// returns: in the same flow (the function body, or the closure the write is in; not a
    /// closure nested in it) with no `await` between them, before or after the write,
    /// directly or in a method of the same type it calls there (two calls deep).
    func stepAlsoWrites(_ writes: [TokenLocation], with write: TokenLocation) -> Bool {
        guard !writes.isEmpty, let body = isolationFacts.enclosingBody(of: write, index: self), let owner = body.owner else { return false }
        let file = files[write.file]
        let scopes = scopes(in: body.range, of: file)
        let flow = scopes.innermostClosure(containing: write.token)?.range
        let flowRange = flow ?? body.range
        // The step starts after the flow's last `await` before the write.
        let start = (flowRange.lowerBound..<write.token).last { file.at($0, "await") && scopes.innermostClosure(containing: $0)?.range == flow }
            .map { $0 + 1 } ?? flowRange.lowerBound
        return makes(writes, in: start..<write.token, of: body.range, flow: flow, file: write.file, owner: owner, depth: 0)
            || makes(writes, in: write.token + 1..<flowRange.upperBound, of: body.range, flow: flow, file: write.file, owner: owner, depth: 0)
    }

    private func makes(
        _ writes: [TokenLocation], in range: Range<Int>, of body: Range<Int>, flow: Range<Int>?, file fileIndex: Int, owner: TypeInfo, depth: Int
    ) -> Bool {
        let file = files[fileIndex]
        let scopes = scopes(in: body, of: file)
        for token in range where scopes.innermostClosure(containing: token)?.range == flow {
            if file.at(token, "await") { return false }
            if writes.contains(TokenLocation(file: fileIndex, token: token)) { return true }
            guard depth < 2, file.kind(token) == .identifier, file.kind(token + 1) == .leftParen, file.isOwnMemberReference(token) else { continue }
            let name = file.text(token)
            for declaration in owner.declarations {
                for function in declaration.decl.functions where function.name == name {
                    guard let callee = function.body else { continue }
                    if makes(writes, in: callee, of: callee, flow: nil, file: declaration.file, owner: owner, depth: depth + 1) { return true }
                }
            }
        }
        return false
    }
}
