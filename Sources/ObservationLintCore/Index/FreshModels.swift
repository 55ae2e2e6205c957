import ObservationSyntax

/// A constructor call of a project model on a path a function returns by.
public struct ModelConstruction: Sendable, Hashable {
    public let file: Int
    public let call: Call
}

/// A project model (an `@Observable` or `ObservableObject` class) that a call returns newly
/// built each time it runs: every path the called function returns by constructs it
/// (`func makeModel() -> Model { Model(service: service) }`), directly, through a local it
/// only configures (`let model = Model(); model.title = t; return model`), or by returning
/// what another such function returns.
public struct FreshModel: Sendable {
    /// The model's qualified type name.
    public let type: String
    /// The constructor calls on the return paths, in the functions' files.
    public let constructions: [ModelConstruction]
}

extension FreshModel {
    /// The constructions of both, each once (two return paths may run the same function).
    init(type: String, joining first: FreshModel?, _ second: FreshModel) {
        var constructions = first?.constructions ?? []
        for construction in second.constructions where !constructions.contains(construction) { constructions.append(construction) }
        self.init(type: type, constructions: constructions)
    }
}

/// A project view a call returns newly built around a new model (a view factory's
/// result): `func make() -> some View { Screen(model: Model()) }`.
public struct FreshModelView: Sendable {
    /// The view's qualified type name.
    public let view: String
    /// The argument that passes the model: its label, and its position.
    public let label: String?
    public let position: Int
    /// The model, with its constructions.
    public let model: FreshModel
    /// The view's construction in the factory.
    public let site: TokenLocation
}

/// A memo entry for `freshModelView(returnedBy:…)` (nil is a result).
struct OptionalFreshModelView: Sendable {
    let view: FreshModelView?
}

/// A memo entry for `freshModel(returnedBy:in:owner:)` (nil is a result).
struct OptionalFreshModel: Sendable {
    let model: FreshModel?
}

extension ProjectIndex {
    /// The model the call `expression` returns newly built on every call, when the analysis
    /// can tell: a call of a project function or method (`makeModel()`, `self.makeModel()`,
    /// `factory.makeModel()`, `Factory.shared.makeModel()`, `Factory.make()`, force-unwrapped
    /// or not) every implementation of which the call may run — the receiver's type's and its
    /// subclasses' overrides, or every project type conforming to the receiver's protocol —
    /// builds the model on each path it returns by (`freshModel(returnedBy:in:owner:)`). Nil
    /// when any of them may return a stored or shared object (a cache, a singleton), or is not
    /// known. `code` is the body around the expression, `scope` its type and `parameters` its
    /// function's (locals, members and parameters name receivers).
    public func freshModel(
        returnedBy expression: Range<Int>, in fileIndex: Int, code: Range<Int>, scope: String?, parameters: [Parameter]
    ) -> FreshModel? {
        freshModel(returnedBy: expression, in: fileIndex, code: code, scope: scope, parameters: parameters, visiting: [])
    }

    /// The project object `expression` builds anew each time it is evaluated, and the call
    /// that does it at `expression` (whose arguments are the object's inputs): a constructor
    /// call (`Model()`, `.init()` for `contextualType`), or a call of a project function
    /// returning a fresh model (`Factory.makeModel(id)`, `freshModel(returnedBy:in:code:…)`).
    /// The constructor's type may be any project type; a factory's is a model.
    public func newObject(
        builtBy expression: Range<Int>, in fileIndex: Int, code: Range<Int>, scope: String?, parameters: [Parameter], contextualType: TypeRef?
    ) -> (model: FreshModel, call: Call)? {
        let file = files[fileIndex]
        if let constructed = constructedType(in: expression, file: file, scope: scope, contextualType: contextualType) {
            return (FreshModel(type: constructed.name, constructions: [ModelConstruction(file: fileIndex, call: constructed.call)]), constructed.call)
        }
        guard let fresh = freshModel(returnedBy: expression, in: fileIndex, code: code, scope: scope, parameters: parameters),
            let chain = file.memberChain(at: expression.lowerBound, limit: expression.upperBound),
            let call = file.call(at: chain.last, limit: expression.upperBound)
        else { return nil }
        return (fresh, call)
    }

    /// The object that `argument` of a view construction builds anew each time the site runs
    /// (`Detail(model: Model())`, `Detail(model: container.makeModel(id: id))`):
    /// `newObject(builtBy:…)` in the code around the site.
    public func newObject(passedAs argument: ConstructionArgument, at site: ViewConstruction) -> (model: FreshModel, call: Call)? {
        let code = codeContexts(inFile: site.file).innermost(containing: site.token)
        return newObject(
            builtBy: argument.value, in: site.file, code: code?.range ?? argument.value, scope: site.enclosingType,
            parameters: code?.parameters ?? [], contextualType: nil)
    }

    /// The model every path of `function` (declared in the project type `owner`) returns by
    /// builds anew; nil when one of them returns anything else or something not known.
    /// Worked out once per function.
    public func freshModel(returnedBy function: FunctionDecl, in fileIndex: Int, owner: String) -> FreshModel? {
        freshModel(returnedBy: function, in: fileIndex, owner: owner, visiting: [])
    }

    private func freshModel(
        returnedBy function: FunctionDecl, in fileIndex: Int, owner: String, visiting: Set<TokenLocation>
    ) -> FreshModel? {
        guard function.kind == .function, let body = function.body else { return nil }
        let key = TokenLocation(file: fileIndex, token: body.lowerBound)
        // A function that returns what it returns (directly or through others) builds nothing
        // on that path: every function on the cycle has a path that is not fresh, so the
        // answer does not depend on where the walk entered it.
        guard !visiting.contains(key) else { return nil }
        return freshModelsByFunction.value(for: key) {
            OptionalFreshModel(
                model: collectFreshModel(
                    returnedBy: body, in: fileIndex, owner: owner, parameters: function.parameters, returnType: function.returnType,
                    visiting: visiting.union([key])))
        }.model
    }

    /// The model every path of a body (a function's, or a closure's from its first
    /// statement) returns by builds anew.
    private func collectFreshModel(
        returnedBy body: Range<Int>, statements: Int? = nil, in fileIndex: Int, owner: String?, parameters: [Parameter],
        returnType: TypeRef?, visiting: Set<TokenLocation>
    ) -> FreshModel? {
        let file = files[fileIndex]
        guard let returned = returnedExpressions(of: body, statements: statements, in: file) else { return nil }
        var result: FreshModel?
        for expression in returned {
            let value: FreshModel?
            if expression.count == 1, file.kind(expression.lowerBound) == .identifier {
                value = freshLocal(
                    named: expression.lowerBound, returnedIn: body, in: fileIndex, owner: owner, parameters: parameters, visiting: visiting)
            } else {
                value = freshValue(
                    of: expression, in: fileIndex, code: body, scope: owner, parameters: parameters, contextualType: returnType,
                    visiting: visiting)
            }
            guard let value, result == nil || result!.type == value.type else { return nil }
            result = FreshModel(type: value.type, joining: result, value)
        }
        return result
    }

    /// The expressions a body (a function's, or a closure's from its first statement)
    /// returns: of its `return` statements outside closures, or its single expression; nil
    /// when a `return` has no value or the body is no single expression.
    private func returnedExpressions(of body: Range<Int>, statements: Int? = nil, in file: ParsedFile) -> [Range<Int>]? {
        let inner = (statements ?? body.lowerBound + 1)..<body.upperBound - 1
        guard !inner.isEmpty else { return nil }
        let scopes = scopes(in: body, of: file)
        var returned: [Range<Int>] = []
        for token in inner where file.at(token, "return") && scopes.innermostClosure(containing: token) == nil {
            let end = file.expressionEnd(from: token + 1, end: inner.upperBound, stopAtComma: false)
            guard end > token + 1 else { return nil }
            returned.append(token + 1..<end)
        }
        if returned.isEmpty {
            // A single-expression body returns its expression.
            guard file.expressionEnd(from: inner.lowerBound, end: inner.upperBound, stopAtComma: false) == inner.upperBound else { return nil }
            returned = [inner]
        }
        return returned
    }

    /// A constructor of a project model (`Model(…)`, `.init(…)` for the declared return
    /// type), or a call returning a fresh one.
    private func freshValue(
        of expression: Range<Int>, in fileIndex: Int, code: Range<Int>, scope: String?, parameters: [Parameter], contextualType: TypeRef?,
        visiting: Set<TokenLocation>
    ) -> FreshModel? {
        let file = files[fileIndex]
        if let constructed = constructedType(in: expression, file: file, scope: scope, contextualType: contextualType) {
            guard let model = types[constructed.name], model.isClass, model.isObservable || model.isObservableObject else { return nil }
            return FreshModel(type: model.name, constructions: [ModelConstruction(file: fileIndex, call: constructed.call)])
        }
        return freshModel(returnedBy: expression, in: fileIndex, code: code, scope: scope, parameters: parameters, visiting: visiting)
    }

    /// `let model = Model(…)` … `return model`: a local declared once with a fresh value
    /// that the function uses otherwise only through its members (`model.title = title`,
    /// `model.load()`), so that no one else keeps it (`cache = model`, `register(model)`).
    private func freshLocal(
        named use: Int, returnedIn body: Range<Int>, in fileIndex: Int, owner: String?, parameters: [Parameter],
        visiting: Set<TokenLocation>
    ) -> FreshModel? {
        let file = files[fileIndex]
        var initialValue: Range<Int>?
        for token in identifiers(named: file.text(use), in: body, of: file) where file.kind(token - 1) != .period {
            if file.at(token - 1, "let") || file.at(token - 1, "var") {
                guard initialValue == nil, file.kind(token + 1) == .equal else { return nil }
                let end = file.expressionEnd(from: token + 2, end: body.upperBound - 1, stopAtComma: true)
                initialValue = token + 2..<end
                continue
            }
            // Returned, or used through a member; any other use may keep it.
            let isReturned = file.at(token - 1, "return") && file.expressionEnd(from: token, end: body.upperBound - 1, stopAtComma: false) == token + 1
            guard isReturned || file.kind(token + 1) == .period, !file.isArgumentLabel(token) else { return nil }
        }
        guard let initialValue else { return nil }
        return freshValue(
            of: initialValue, in: fileIndex, code: body, scope: owner, parameters: parameters, contextualType: nil, visiting: visiting)
    }

    private func freshModel(
        returnedBy expression: Range<Int>, in fileIndex: Int, code: Range<Int>, scope: String?, parameters: [Parameter],
        visiting: Set<TokenLocation>
    ) -> FreshModel? {
        let file = files[fileIndex]
        var expression = expression
        if expression.count > 1, file.text(expression.upperBound - 1) == "!" { expression = expression.lowerBound..<expression.upperBound - 1 }
        guard !expression.isEmpty, let chain = file.memberChain(at: expression.lowerBound, limit: expression.upperBound),
            let call = file.call(at: chain.last, limit: expression.upperBound), call.end == expression.upperBound,
            call.arguments != nil
        else { return nil }
        if file.at(chain.last, "resolve"), let registered = registeredType(resolvedBy: call, in: fileIndex, scope: scope) {
            return freshModel(registeredAs: registered, visiting: visiting)
        }
        if chain.names.count == 1 || chain.names.count == 2 && file.at(chain.root, "self"), let scope,
            let property = closureProperty(called: chain.last, in: fileIndex, code: code, scope: scope, parameters: parameters)
        {
            return freshModel(storedIn: property, of: scope, visiting: visiting)
        }
        let implementations = calledFunctions(chain: chain, call: call, in: fileIndex, code: code, scope: scope, parameters: parameters)
        guard !implementations.isEmpty else { return nil }
        var result: FreshModel?
        for implementation in implementations {
            guard let fresh = freshModel(returnedBy: implementation.function, in: implementation.file, owner: implementation.owner, visiting: visiting),
                result == nil || result!.type == fresh.type
            else { return nil }
            result = FreshModel(type: fresh.type, joining: result, fresh)
        }
        return result
    }

    /// Every project function a call of `chain` may run: of the receiver's type (the code's
    /// own type for `make()`/`self.make()`, a type for `Factory.make()`) and the overrides
    /// in its subclasses, or of each project type conforming to the receiver's protocol (or
    /// the protocol's extension, for one that does not declare it). Empty when a receiver's
    /// type is not known, or some type that may receive the call declares no such function.
    private func calledFunctions(
        chain: MemberChain, call: Call, in fileIndex: Int, code: Range<Int>, scope: String?, parameters: [Parameter]
    ) -> [(file: Int, function: FunctionDecl, owner: String)] {
        let file = files[fileIndex]
        let name = file.text(chain.last)
        let receiverType: String?
        if chain.names.count == 1 || chain.names.count == 2 && file.at(chain.root, "self") {
            receiverType = scope
        } else {
            let receiver = chain.root..<chain.names[chain.names.count - 2] + 1
            receiverType = typeOfReceiver(receiver, chain: chain, in: fileIndex, code: code, scope: scope, parameters: parameters)
        }
        guard let receiverType, let receiver = types[receiverType], !ambiguousTypes.contains(receiverType) else { return [] }
        let labels = argumentLabels(of: call, in: file)
        let inParentheses = labels.count - call.trailingClosures.count
        func declared(in type: TypeInfo) -> [(file: Int, function: FunctionDecl, owner: String)] {
            type.functions.filter {
                $0.function.kind == .function && $0.function.name == name
                    && accepts(labels, firstTrailingClosure: call.trailingClosures.isEmpty ? nil : inParentheses, $0.function.parameters)
            }
                .map { ($0.file, $0.function, type.name) }
        }
        var result: [(file: Int, function: FunctionDecl, owner: String)] = []
        if receiver.kind == .protocol {
            let conformers = typeAndSubtypes(of: receiver).filter { $0.kind != .protocol }
            guard !conformers.isEmpty else { return [] }
            let defaults = declared(in: receiver)
            for conformer in conformers {
                let own = typeAndAncestors(of: conformer).lazy.map(declared).first { !$0.isEmpty } ?? defaults
                guard !own.isEmpty else { return [] }
                result += own
            }
        } else {
            guard let own = typeAndAncestors(of: receiver).lazy.map(declared).first(where: { !$0.isEmpty }) else { return [] }
            result = own
            for subclass in typeAndSubtypes(of: receiver).dropFirst() { result += declared(in: subclass) }
        }
        var seen = Set<TokenLocation>()
        return result.filter { seen.insert(TokenLocation(file: $0.file, token: $0.function.nameToken)).inserted }
    }

    /// The project type (a protocol too) of a call's receiver: a local, parameter or member
    /// of the code's type (`factory`), a member chain (`Container.shared`, `app.factory`),
    /// or a type (`Factory` in `Factory.make()`).
    private func typeOfReceiver(
        _ receiver: Range<Int>, chain: MemberChain, in fileIndex: Int, code: Range<Int>, scope: String?, parameters: [Parameter]
    ) -> String? {
        let file = files[fileIndex]
        let context = CodeContext(range: code, type: scope, parameters: parameters, isPreview: false)
        let receiverNames = chain.names.count - 1
        if receiverNames == 1 {
            guard file.kind(chain.root) == .identifier else { return nil }
            let name = file.text(chain.root)
            if let typed = typeOfName(name, at: chain.root, in: fileIndex, context: context) { return typed }
            return name.startsWithUppercase ? resolve(name, from: scope, file: fileIndex) : nil
        }
        if let typed = staticType(of: receiver, in: fileIndex, context: context) { return typed }
        // A protocol-typed member at the end of the chain: `app.factory`.
        let owner = chain.root..<chain.names[receiverNames - 2] + 1
        guard let ownerType = staticType(of: owner, in: fileIndex, context: context) else { return nil }
        return memberType(file.text(chain.names[receiverNames - 1]), of: ownerType, depth: 0)
    }

    /// The labels of a call's arguments (nil for unlabelled), trailing closures unlabelled.
    private func argumentLabels(of call: Call, in file: ParsedFile) -> [String?] {
        let inParentheses = call.arguments.map { file.argumentList($0).map { $0.label.map { file.text($0) } } } ?? []
        return inParentheses + call.trailingClosures.map { $0.label.map { file.text($0) } }
    }

    /// Whether arguments with these labels bind to these parameters as Swift binds them
    /// (`ArgumentBinding`): the first trailing closure (at `firstTrailingClosure`) has no
    /// label and skips defaulted parameters that take no function (`animated: Bool = true`).
    private func accepts(_ labels: [String?], firstTrailingClosure: Int?, _ parameters: [Parameter]) -> Bool {
        ArgumentBinding.parameters(of: labels, firstTrailingClosure: firstTrailingClosure, in: parameters) != nil
    }

    // MARK: - View factories

    /// The project view a call returns newly built around a new model, when the analysis
    /// can tell: a call of a project function or method (resolved as for
    /// `freshModel(returnedBy:in:code:scope:parameters:)`, trailing closures allowed)
    /// every implementation of which returns, on each path, the same project view
    /// constructed with a model built there for the same parameter
    /// (`func make() -> some View { Screen(model: .init(service: service)) }`): each call
    /// builds the view again with a new model. Nil otherwise.
    public func freshModelView(
        returnedBy expression: Range<Int>, in fileIndex: Int, code: Range<Int>, scope: String?, parameters: [Parameter]
    ) -> FreshModelView? {
        let file = files[fileIndex]
        // Most calls name no function of the project that returns a view: ruled out first.
        guard !expression.isEmpty, let chainEnd = file.memberChainEnd(at: expression.lowerBound, limit: expression.upperBound),
            mayNameViewFactory(at: chainEnd - 1, in: file), let chain = file.memberChain(at: expression.lowerBound, limit: expression.upperBound),
            let call = file.call(at: chain.last, limit: expression.upperBound), call.end == expression.upperBound
        else { return nil }
        let implementations = calledFunctions(chain: chain, call: call, in: fileIndex, code: code, scope: scope, parameters: parameters)
        guard !implementations.isEmpty else { return nil }
        var result: FreshModelView?
        for implementation in implementations {
            guard let body = implementation.function.body else { return nil }
            let key = TokenLocation(file: implementation.file, token: body.lowerBound)
            let made = freshModelViewsByFunction.value(for: key) {
                OptionalFreshModelView(
                    view: collectFreshModelView(returnedBy: implementation.function, in: implementation.file, owner: implementation.owner))
            }.view
            guard let made, result == nil || result!.view == made.view && result!.position == made.position && result!.model.type == made.model.type
            else { return nil }
            result = result ?? made
        }
        return result
    }

    /// Whether the name at `token` is that of a project function declared to return a view
    /// (`some View`, `AnyView`): the first test of `freshModelView(returnedBy:in:code:scope:parameters:)`
    /// on the last name of the called chain, on the token's bytes.
    public func mayNameViewFactory(at token: Int, in file: ParsedFile) -> Bool {
        let names = viewFactoryNames.value { collectViewFactoryNames() }
        return file.source.bytes.withUnsafeBufferPointer { names.position(of: file.tokens[token], in: $0) != nil }
    }

    /// The names of the project's functions declared to return a view (`some View`,
    /// `AnyView`).
    private func collectViewFactoryNames() -> NameTable {
        // Straight from the declarations (`TypeInfo.functions` builds an array per type); the
        // table keeps each name once.
        var names: [String] = []
        for type in types.values {
            for declaration in type.declarations {
                for function in declaration.decl.functions where function.kind == .function {
                    guard let returned = function.returnType?.text,
                        returned.hasPrefix("some View") || returned == "AnyView" || returned == "some SwiftUI.View"
                    else { continue }
                    names.append(function.name)
                }
            }
        }
        return NameTable(names)
    }

    private func collectFreshModelView(returnedBy function: FunctionDecl, in fileIndex: Int, owner: String) -> FreshModelView? {
        guard let body = function.body else { return nil }
        let file = files[fileIndex]
        guard let returned = returnedExpressions(of: body, in: file) else { return nil }
        var result: FreshModelView?
        for expression in returned {
            guard let made = freshModelView(
                constructedBy: expression, in: fileIndex, code: body, owner: owner, parameters: function.parameters),
                result == nil || result!.view == made.view && result!.position == made.position && result!.model.type == made.model.type
            else { return nil }
            result = result ?? made
        }
        return result
    }

    /// `Screen(…)` of a project view, one argument of which is a new model (a constructor,
    /// `.init(…)` for the receiving property's type, or a call returning a fresh model).
    private func freshModelView(
        constructedBy expression: Range<Int>, in fileIndex: Int, code: Range<Int>, owner: String, parameters: [Parameter]
    ) -> FreshModelView? {
        let file = files[fileIndex]
        let name = expression.lowerBound
        guard file.kind(name) == .identifier, file.text(name).startsWithUppercase, let call = file.call(at: name, limit: expression.upperBound),
            call.end == expression.upperBound, let arguments = call.arguments,
            let view = type(named: file.text(name), from: owner), view.isView, !memberShadows(file.text(name), in: owner)
        else { return nil }
        for (position, argument) in file.argumentList(arguments).enumerated() {
            let label = argument.label.map { file.text($0) }
            guard let receiving = receivingProperty(of: view, label: label, position: position), !receiving.isBuiltOnce,
                let fresh = freshValue(
                    of: argument.value, in: fileIndex, code: code, scope: owner, parameters: parameters, contextualType: receiving.property.type,
                    visiting: [])
            else { continue }
            return FreshModelView(
                view: view.name, label: label, position: position, model: fresh, site: TokenLocation(file: fileIndex, token: name))
        }
        return nil
    }

    // MARK: - Swinject registrations

    /// `container.resolve(Model.self)` (or with `name:`/`argument:`) in a file that imports
    /// Swinject: the project type the call asks for.
    private func registeredType(resolvedBy call: Call, in fileIndex: Int, scope: String?) -> String? {
        let file = files[fileIndex]
        guard file.imports.contains(where: { $0.module == "Swinject" }), let arguments = call.arguments,
            let first = file.argumentList(arguments).first, first.label == nil
        else { return nil }
        return metatypeName(first.value, in: fileIndex, scope: scope)
    }

    /// `Model.self`: the project type it names.
    private func metatypeName(_ value: Range<Int>, in fileIndex: Int, scope: String?) -> String? {
        let file = files[fileIndex]
        guard value.count >= 3, file.at(value.upperBound - 1, "self"), file.kind(value.upperBound - 2) == .period else { return nil }
        return resolve(file.text(value.lowerBound..<value.upperBound - 2), from: scope, file: fileIndex)
    }

    /// What resolving `type` returns when every Swinject registration of it
    /// (`container.register(Model.self) { r in Model(…) }`, in files that import Swinject)
    /// keeps the default object scope (`.graph`: each `resolve` outside a resolution runs
    /// the factory again) and its factory closure builds a new model on every path. Nil when
    /// one is scoped otherwise (`.inObjectScope(.container)` keeps the first object), when
    /// none is found, or when a factory returns something else.
    private func freshModel(registeredAs type: String, visiting: Set<TokenLocation>) -> FreshModel? {
        guard let registrations = swinjectRegistrations.value({ collectSwinjectRegistrations() })[type], !registrations.isEmpty else {
            return nil
        }
        var result: FreshModel?
        for registration in registrations {
            guard !registration.isScoped, !visiting.contains(registration.location) else { return nil }
            let key = registration.location
            let fresh = freshModelsByFunction.value(for: key) {
                OptionalFreshModel(
                    model: collectFreshModel(
                        returnedBy: registration.closure, statements: registration.statements, in: key.file, owner: registration.scope,
                        parameters: [], returnType: nil, visiting: visiting.union([key])))
            }.model
            guard let fresh, fresh.type == type else { return nil }
            result = FreshModel(type: type, joining: result, fresh)
        }
        return result
    }

    /// Every `register(T.self) { … }` with a trailing factory closure in the files that
    /// import Swinject, by the registered project type.
    private func collectSwinjectRegistrations() -> [String: [SwinjectRegistration]] {
        var result: [String: [SwinjectRegistration]] = [:]
        for (fileIndex, file) in files.enumerated() where file.imports.contains(where: { $0.module == "Swinject" }) {
            var contexts: CodeContexts?
            for token in file.tokens.indices where file.at(token, "register") && file.kind(token - 1) == .period {
                guard let call = file.call(at: token, limit: file.tokens.count), let arguments = call.arguments,
                    let first = file.argumentList(arguments).first, first.label == nil,
                    let closure = call.trailingClosures.first?.body
                else { continue }
                if contexts == nil { contexts = codeContexts(inFile: fileIndex) }
                let scope = contexts?.innermost(containing: token)?.type
                guard let type = metatypeName(first.value, in: fileIndex, scope: scope) else { continue }
                let statements = closureStatements(closure, in: file)
                let isScoped = file.kind(call.end) == .period && file.at(call.end + 1, "inObjectScope")
                result[type, default: []].append(
                    SwinjectRegistration(
                        location: TokenLocation(file: fileIndex, token: closure.lowerBound), closure: closure, statements: statements,
                        scope: scope, isScoped: isScoped))
            }
        }
        return result
    }
}

extension ProjectIndex {
    /// The first token of a closure's statements: after its parameters' `in`, on the line of
    /// its `{`.
    fileprivate func closureStatements(_ closure: Range<Int>, in file: ParsedFile) -> Int {
        var token = closure.lowerBound + 1
        while token < closure.upperBound - 1, !file.tokens[token].isAtStartOfLine, file.kind(token) != .leftBrace {
            if file.at(token, "in") { return token + 1 }
            token += 1
        }
        return closure.lowerBound + 1
    }

    // MARK: - Closure-typed properties of views

    /// The view's stored property of a function type that a call of `name` runs: the
    /// property itself (`factory(item)`, `self.factory(item)`), or a local of the code
    /// bound to it (`if let factory = makeModel`, `guard let makeModel`,
    /// `let factory = self.makeModel`) before the call. Nil when a parameter of the function
    /// (`parameters`) or of a closure, or a `for` or `case` binding, shadows the property.
    fileprivate func closureProperty(called name: Int, in fileIndex: Int, code: Range<Int>, scope: String, parameters: [Parameter]) -> String? {
        guard let view = types[scope], view.isView else { return nil }
        let file = files[fileIndex]
        var propertyName = file.text(name)
        if file.kind(name - 1) != .period {
            if parameters.contains(where: { $0.name == propertyName }) { return nil }
            let shadows = identifiers(named: propertyName, in: code.lowerBound..<name, of: file).contains { token in
                // `{ factory in`, `{ (factory, id) in`, `for factory in`, `case .some(let factory)`.
                file.at(token - 1, "for") || file.at(token - 1, "case") || file.at(token + 1, "in")
                    || (file.kind(token - 1) == .leftBrace || file.kind(token - 1) == .leftParen || file.kind(token - 1) == .comma)
                        && isClosureParameterList(after: token, in: file)
                    || file.at(token - 1, "let") && file.kind(token - 2) == .leftParen
            }
            if shadows { return nil }
            // The last binding of the name before the call, if the code declares it.
            var binding: Int?
            for token in identifiers(named: propertyName, in: code.lowerBound..<name, of: file)
            where file.at(token - 1, "let") || file.at(token - 1, "var") {
                binding = token
            }
            if let binding, file.kind(binding + 1) == .equal {
                var value = binding + 2
                if file.at(value, "self"), file.kind(value + 1) == .period { value += 2 }
                // The bound value ends at the condition's `{`, a `,`, `else` or the line's end.
                let next = value + 1
                guard file.kind(value) == .identifier,
                    file.kind(next) == .leftBrace || file.kind(next) == .comma || file.at(next, "else") || file.tokens[next].isAtStartOfLine
                else { return nil }
                propertyName = file.text(value)
            } else if binding != nil, file.kind(binding! + 1) == .colon {
                return nil
            }
        }
        guard let (_, property) = view.property(named: propertyName), property.isStored, property.attributes.isEmpty,
            let type = property.type, type.text.contains("->")
        else { return nil }
        return propertyName
    }

    /// Whether the names from `token` on are a closure's parameters: `in` follows, after
    /// names, commas and a closing parenthesis only.
    private func isClosureParameterList(after token: Int, in file: ParsedFile) -> Bool {
        var next = token + 1
        while file.kind(next) == .identifier || file.kind(next) == .comma || file.kind(next) == .rightParen { next += 1 }
        return file.at(next, "in")
    }

    /// The model a call of the view's closure-typed stored property `name` returns newly built
    /// each time: every value the project may store in it — its default, and the argument
    /// each construction site of the view passes for it — is a closure literal or a method
    /// reference (`container.makeModel`) that returns a fresh model on every path, or the
    /// constructing view's own such property passed on. Nil when a site passes anything else
    /// or the view has an initializer of its own (what it stores is not read). Worked out
    /// once per property.
    fileprivate func freshModel(storedIn name: String, of scope: String, visiting: Set<TokenLocation>) -> FreshModel? {
        guard let view = types[scope], let (file, property) = view.property(named: name) else { return nil }
        let key = TokenLocation(file: file, token: property.nameToken)
        guard !visiting.contains(key) else { return nil }
        return freshModelsByFunction.value(for: key) {
            OptionalFreshModel(model: collectFreshModel(storedIn: property, declaredIn: file, of: view, visiting: visiting.union([key])))
        }.model
    }

    private func collectFreshModel(storedIn property: Property, declaredIn fileIndex: Int, of view: TypeInfo, visiting: Set<TokenLocation>) -> FreshModel? {
        guard !view.functions.contains(where: { $0.function.kind == .initializer }) else { return nil }
        var values: [(file: Int, value: Range<Int>, code: CodeContext?, passedOn: ArgumentOrigin?)] = []
        if let initial = property.initializer { values.append((fileIndex, initial, nil, nil)) }
        for site in viewGraph.constructions(of: view.name) where site.context != .preview {
            guard let argument = site.argument(labeled: property.name) else {
                // Not passed: the default is stored, or nothing (an optional left nil).
                guard property.initializer != nil || property.type?.text.hasSuffix("?") == true else { return nil }
                continue
            }
            values.append((site.file, argument.value, codeContexts(inFile: site.file).innermost(containing: site.token), argument.origin))
        }
        guard !values.isEmpty else { return nil }
        var result: FreshModel?
        for stored in values {
            guard let fresh = freshModel(storedValue: stored.value, in: stored.file, code: stored.code, origin: stored.passedOn, visiting: visiting),
                result == nil || result!.type == fresh.type
            else { return nil }
            result = FreshModel(type: fresh.type, joining: result, fresh)
        }
        return result
    }

    /// A closure literal returning a fresh model on every path, a method reference to a
    /// function that does, or the constructing view's own closure property that does.
    private func freshModel(
        storedValue value: Range<Int>, in fileIndex: Int, code: CodeContext?, origin: ArgumentOrigin?, visiting: Set<TokenLocation>
    ) -> FreshModel? {
        let file = files[fileIndex]
        if case .property(let reference, let path)? = origin, path.isEmpty, reference.wrapper == nil, !reference.isComputed,
            let scope = code?.type
        {
            return freshModel(storedIn: reference.name, of: scope, visiting: visiting)
        }
        if file.kind(value.lowerBound) == .leftBrace, file.kind(value.upperBound - 1) == .rightBrace {
            return collectFreshModel(
                returnedBy: value, statements: closureStatements(value, in: file), in: fileIndex, owner: code?.type,
                parameters: code?.parameters ?? [], returnType: nil, visiting: visiting)
        }
        // A method reference: `container.makeModel`, `makeModel`, `Factory.make`.
        guard let chain = file.memberChain(at: value.lowerBound, limit: value.upperBound), chain.end == value.upperBound else { return nil }
        let name = file.text(chain.last)
        let receiverType: String?
        if chain.names.count == 1 || chain.names.count == 2 && file.at(chain.root, "self") {
            receiverType = code?.type
        } else {
            let receiver = chain.root..<chain.names[chain.names.count - 2] + 1
            receiverType = typeOfReceiver(
                receiver, chain: chain, in: fileIndex, code: code?.range ?? value, scope: code?.type, parameters: code?.parameters ?? [])
        }
        guard let receiverType, let receiver = types[receiverType], receiver.kind != .protocol, !ambiguousTypes.contains(receiverType),
            typeAndSubtypes(of: receiver).count == 1
        else { return nil }
        let functions = typeAndAncestors(of: receiver).lazy.map { type in
            type.functions.filter { $0.function.kind == .function && $0.function.name == name }.map { ($0.file, $0.function, type.name) }
        }.first { !$0.isEmpty } ?? []
        guard !functions.isEmpty else { return nil }
        var result: FreshModel?
        for (file, function, owner) in functions {
            guard let fresh = freshModel(returnedBy: function, in: file, owner: owner, visiting: visiting), result == nil || result!.type == fresh.type
            else { return nil }
            result = FreshModel(type: fresh.type, joining: result, fresh)
        }
        return result
    }
}

/// A Swinject factory registration: `container.register(Model.self) { r in Model(…) }`.
struct SwinjectRegistration: Sendable {
    /// The factory closure's opening brace.
    let location: TokenLocation
    let closure: Range<Int>
    /// The first token of its statements.
    let statements: Int
    /// The type whose code registers it.
    let scope: String?
    /// Followed by `.inObjectScope(…)`: not a new object on every `resolve`.
    let isScoped: Bool
}
