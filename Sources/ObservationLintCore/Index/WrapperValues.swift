import ObservationSyntax

/// The value a property wrapper is initialized with, and how Swift evaluates it.
public struct WrapperValue: Sendable, Equatable {
    /// The value's tokens.
    public let value: Range<Int>
    /// The project function the value is passed through (`globalStateObject` in
    /// `globalStateObject(Model())`), nil for `Wrapper(wrappedValue: value)` itself. Its
    /// parameter is no autoclosure: the value is evaluated at the call, every time the
    /// expression runs, not inside the wrapper's autoclosure.
    public let helper: String?
}

extension ProjectIndex {
    /// The value the wrapper is initialized with when `expression` of `fileIndex` is exactly
    /// `Wrapper(wrappedValue: x)` (see `wrapperInitialValue`), or a call of a top-level project
    /// function that returns its one argument so wrapped:
    /// `func globalStateObject<T>(_ v: T) -> StateObject<T> { StateObject(wrappedValue: v) }`.
    public func wrapperValue(in expression: Range<Int>, file fileIndex: Int, wrappers: Set<String>) -> WrapperValue? {
        let file = files[fileIndex]
        if let value = file.wrapperInitialValue(in: expression, wrappers: wrappers) {
            return WrapperValue(value: value, helper: nil)
        }
        guard let (typeName, call) = file.constructorCall(in: expression), let name = typeName, !name.contains("."),
            let arguments = call.arguments,
            call.trailingClosures.isEmpty, let candidates = topLevelFunctions[name], !candidates.isEmpty,
            candidates.allSatisfy({ wraps($0.function, in: $0.file, wrappers: wrappers) })
        else { return nil }
        let list = file.argumentList(arguments)
        guard list.count == 1, !list[0].value.isEmpty else { return nil }
        return WrapperValue(value: list[0].value, helper: name)
    }

    /// Whether `function` takes one plain parameter and its body only returns it wrapped.
    private func wraps(_ function: FunctionDecl, in fileIndex: Int, wrappers: Set<String>) -> Bool {
        let file = files[fileIndex]
        guard function.kind == .function, function.parameters.count == 1, let parameter = function.parameters.first,
            !parameter.isAutoclosure, !(parameter.type?.text.contains("->") ?? false),
            let body = function.body, file.kind(body.lowerBound) == .leftBrace
        else { return false }
        let start = file.at(body.lowerBound + 1, "return") ? body.lowerBound + 2 : body.lowerBound + 1
        guard let value = file.wrapperInitialValue(in: start..<body.upperBound - 1, wrappers: wrappers) else { return false }
        return value.count == 1 && file.spells(value.lowerBound, parameter.name)
    }
}
