import ObservationLintCore
import ObservationSyntax

/// The code SwiftUI runs while it evaluates a rendering container's (view, view modifier, app, scene)
/// `body`, for the rules about what happens during an update (`model_created_in_body`,
/// `environment_object_created_inline`, `state_mutation_in_body`).
enum RenderingCode {
    /// Rendering containers: views, view modifiers, apps and scenes (the index's definition).
    static func isRendering(_ type: TypeInfo) -> Bool {
        ViewCode.isRenderingContainer(type)
    }

    /// Where rendering starts in one declaration of a container (the index's definition).
    static func bodies(in decl: TypeDecl, file: Int, of type: TypeInfo) -> [RenderingBody] {
        ViewCode.renderingRoots(in: decl, file: file, of: type)
    }

    /// Whether the type is, or is nested in, a `PreviewProvider`: preview code.
    static func isPreviewCode(_ type: TypeInfo, index: ProjectIndex) -> Bool {
        var name: String? = type.name
        while let current = name {
            if index.types[current]?.traits.contains(.previewProvider) == true { return true }
            name = current.enclosingTypeName
        }
        return false
    }

    /// Whether a view is only ever used by preview code: every reference to its name
    /// outside its own declarations sits in a `#Preview` or a `PreviewProvider` (a wrapper
    /// view written for previews). False when nothing references it.
    static func isUsedOnlyInPreviews(_ type: TypeInfo, index: ProjectIndex) -> Bool {
        let simpleName = String(type.name.simpleTypeName)
        var ownCode: [Int: [Range<Int>]] = [:]
        for declaration in type.declarations { ownCode[declaration.file, default: []].append(declaration.decl.declaration) }
        var references = 0
        var previewCode: [Int: [Range<Int>]] = [:]
        for reference in index.references(toTypeNamed: simpleName) {
            let (fileIndex, token) = (reference.file, reference.token)
            if ownCode[fileIndex]?.contains(where: { $0.contains(token) }) == true { continue }
            let code: [Range<Int>]
            if let known = previewCode[fileIndex] {
                code = known
            } else {
                code = index.files[fileIndex].previews.map(\.body)
                    + index.typeDeclarations(in: fileIndex).filter { isPreviewCode($0.info, index: index) }.map(\.decl.declaration)
                previewCode[fileIndex] = code
            }
            guard code.contains(where: { $0.contains(token) }) else { return false }
            references += 1
        }
        return references > 0
    }

    /// Whether the token is a name starting with an uppercase ASCII letter (a type's name,
    /// by convention), without building its text.
    static func isCapitalizedName(_ token: Int, in file: ParsedFile) -> Bool {
        guard file.kind(token) == .identifier else { return false }
        let byte = file.source.bytes[Int(file.tokens[token].start)]
        return byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")
    }

    /// `@State private var count = 0` → `State`; a SwiftUI wrapper attribute by simple name.
    static func wrapper(of property: Property) -> String? {
        property.attributes.first { $0.simpleName.startsWithUppercase && $0.simpleName != "MainActor" }
            .map { String($0.simpleName) }
    }

    /// Whether the model type is an observable or an ObservableObject class of the project.
    static func isModel(_ info: TypeInfo) -> Bool {
        info.isClass && (info.isObservable || info.isObservableObject)
    }

    /// How to hold a model in the view that owns it.
    static func ownerWrapper(for info: TypeInfo) -> String {
        info.isObservable ? "@State" : "@StateObject"
    }
}

/// The notes of a witnessed re-render (SPEC §10), in the order things happen: the write
/// that changes state a body reads, the read, the bodies that pass the change down, the body
/// that builds the model again, and what the rebuilt model loses.
enum Witness {
    /// The trigger: "`selectedTab` changes here, in a button action in `TabBar.body`", the
    /// read, and each parent body that runs again and passes the change down.
    static func triggerNotes(_ trigger: ReRenderTrigger, context: RuleContext) -> [DiagnosticNote] {
        var notes: [DiagnosticNote] = []
        let reader = "`\(trigger.readerName).body`"
        if let write = trigger.write {
            let place = write.token..<write.token + 1
            if let read = trigger.read {
                notes.append(context.note("\(trigger.state) changes here, \(trigger.context)", at: place, in: write.file))
                notes.append(context.note("\(reader) reads it here, so it runs again", at: read.token..<read.token + 1, in: read.file))
            } else {
                notes.append(context.note(
                    "\(trigger.state) changes here, \(trigger.context); \(reader) observes `\(trigger.property)`, so it runs again",
                    at: place, in: write.file))
            }
        } else if let read = trigger.read {
            notes.append(context.note(
                "\(reader) reads \(trigger.state) here, so it runs again \(trigger.context)", at: read.token..<read.token + 1, in: read.file))
        }
        for step in trigger.passedDown {
            let parent = step.site.enclosingTypeName ?? "?"
            notes.append(context.note(
                "`\(parent).body` runs again and passes `\(step.site.viewName)` \(step.input), so its body runs again", at: step.site.token..<step.site.token + 1,
                in: step.site.file))
        }
        return notes
    }

    /// What the rebuilt model loses: "its `results`, written in `SearchModel.search()`, are
    /// dropped" and "its initializer starts a `Task` again". `keepsFirst`: the child keeps the
    /// first object (`@StateObject`, `@State`), so only the effect counts.
    static func lossNotes(_ loss: ModelLoss, model: String, keepsFirst: Bool, context: RuleContext) -> [DiagnosticNote] {
        var notes: [DiagnosticNote] = []
        if !keepsFirst, let change = loss.changedState.first {
            notes.append(context.note(
                "the new `\(model)` starts without the old one's `\(change.field)`, written here \(change.context)",
                at: change.location.token..<change.location.token + 1, in: change.location.file))
        }
        if let effect = loss.effect {
            let place = effect.place.map { " (\($0))" } ?? ""
            notes.append(context.note(
                "its initializer \(effect.description) again\(place)", at: effect.location.token..<effect.location.token + 1,
                in: effect.location.file))
        }
        return notes
    }

    /// What the message says is lost: "its `results` are lost", "its initializer starts a
    /// `Task` again", or both.
    static func lossSummary(_ loss: ModelLoss, keepsFirst: Bool) -> String? {
        var parts: [String] = []
        if !keepsFirst, let change = loss.changedState.first { parts.append("its `\(change.field)` is lost") }
        if let effect = loss.effect { parts.append("its initializer \(effect.description) again") }
        return parts.isEmpty ? nil : parts.joined(separator: " and ")
    }
}
