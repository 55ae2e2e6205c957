import ObservationSyntax

/// A value one of a type's initializers passes on with `self.init(…)`.
public struct DelegatedArgument: Sendable {
    /// The delegating initializer: every construction that selects it passes this value on.
    public let initializer: FunctionDecl
    public let file: Int
    /// The argument's tokens.
    public let value: Range<Int>
}

extension ProjectIndex {
    /// The values `type`'s initializers pass for `parameter` of its initializer `target`
    /// when they delegate to it: `init(mint: M) { self.init(mint: mint, model: Model(mint)) }`
    /// passes `Model(mint)` for `model`. Only a `self.init(…)` whose labels select `target`
    /// and no other initializer counts; the argument is the one the labels give the
    /// parameter, skipping defaulted parameters as Swift does.
    public func delegatedArguments(
        for parameter: Parameter, of target: FunctionDecl, declaredIn targetFile: Int, in type: TypeInfo
    ) -> [DelegatedArgument] {
        var result: [DelegatedArgument] = []
        for (fileIndex, initializer) in type.functions where initializer.kind == .initializer {
            guard let body = initializer.body, fileIndex != targetFile || initializer.nameToken != target.nameToken else { continue }
            let file = files[fileIndex]
            for token in body where file.at(token, "init") && file.kind(token - 1) == .period && file.at(token - 2, "self") {
                guard let call = file.call(at: token, limit: body.upperBound), let arguments = call.arguments,
                    call.trailingClosures.isEmpty
                else { continue }
                let selected = initializers(of: type, selectedBy: call, in: fileIndex)
                guard selected.count == 1, selected[0].file == targetFile, selected[0].function.nameToken == target.nameToken else { continue }
                let list = file.argumentList(arguments)
                guard let position = Self.argumentPosition(of: parameter, in: target.parameters, labels: list.map { $0.label.map(file.text) })
                else { continue }
                result.append(DelegatedArgument(initializer: initializer, file: fileIndex, value: list[position].value))
            }
        }
        return result
    }

    /// Which argument (by position) the labels give `parameter`: arguments fill the
    /// parameters in order, a defaulted parameter whose label does not match is skipped
    /// (`ArgumentBinding`).
    static func argumentPosition(of parameter: Parameter, in parameters: [Parameter], labels: [String?]) -> Int? {
        guard let bound = ArgumentBinding.parameters(of: labels, firstTrailingClosure: nil, in: parameters, complete: false) else { return nil }
        return bound.firstIndex { parameters[$0] == parameter }
    }
}
