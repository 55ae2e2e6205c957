import ObservationSyntax

// When presentation content runs (SPEC §10.3): SwiftUI keeps the escaping content closure of
// `.sheet`, `.fullScreenCover`, `.popover` and `.navigationDestination(for:)`/`(item:)`, and
// builds the content when it presents it, and again each time the presenting body runs while
// it is shown — never before it is presented. A read there sees every change made before the
// presentation; it goes stale only through a change made while it is shown. The content of
// `NavigationLink(destination:)`, `.navigationDestination(isPresented:)` and `.inspector` is
// a non-escaping closure, built with the presenting body.

extension ProjectIndex {
    /// Whether the code at `location` is the content of a presentation in rendering code:
    /// inside a closure that a presenting modifier builds its content from
    /// (`.sheet(isPresented: $p) { ShareSheet(items: [model.file]) }`), not its `onDismiss`.
    public func isPresentationContent(_ location: TokenLocation) -> Bool {
        let file = files[location.file]
        guard let context = codeContexts(inFile: location.file).innermost(containing: location.token) else { return false }
        for scope in scopes(in: context.range, of: file).enclosing(location.token) {
            guard case .closure(let callee?, _) = scope.kind else { continue }
            guard ViewCode.role(of: scope, in: file, index: self) != .action else { continue }
            if ["sheet", "fullScreenCover", "popover"].contains(file.text(callee)) { return true }
            if file.at(callee, "navigationDestination"), file.kind(callee + 1) == .leftParen {
                let arguments = file.groupRange(callee + 1, limit: file.tokens.count)
                if file.argument("for", in: arguments) != nil || file.argument("item", in: arguments) != nil { return true }
            }
        }
        return false
    }

    /// Whether the code at `location` runs in an `.onAppear` action of `view`'s own rendering
    /// code, in its synchronous flow (in the action itself, or in a closure a project function
    /// calls in place on the main actor): it runs as the view appears, before anything the
    /// user does in it — before any presentation of its content but one shown at once.
    public func runsAsViewAppears(_ location: TokenLocation, view: String) -> Bool {
        let steps = executionContext(at: location).steps
        guard let appear = steps.firstIndex(where: { $0.kind == .action && files[$0.site.file].at($0.site.token, "onAppear") }),
            codeContexts(inFile: steps[appear].site.file).innermost(containing: steps[appear].site.token)?.type == view,
            // An `.onAppear` in presented content runs after that content read the value.
            !isPresentationContent(steps[appear].site)
        else { return false }
        return steps[(appear + 1)...].allSatisfy { step in
            step.kind == .function || step.kind == .closure && step.isolation == .mainActor
        }
    }
}
