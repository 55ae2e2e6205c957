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
