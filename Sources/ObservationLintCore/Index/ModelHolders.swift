import ObservationSyntax

/// A stored property of a view or an app that holds a project type: `@StateObject private
/// var store = Store()`, `@ObservedObject var model: Model`, `let items: [Item]`,
/// `@EnvironmentObject var session: any SessionProviding`.
public struct ModelHolder: Sendable {
    /// The view's or app's qualified name.
    public let holder: String
    public let file: Int
    public let property: Property
    /// The property wrapper's simple name (`StateObject`), or nil for a plain property.
    public let wrapper: String?
}

/// Collects, once, which project types views and apps hold in stored properties (directly,
/// optional, in a collection, or as `any P`), by the held type's qualified name.
enum ModelHolderCollector {
    /// Types in parallel; each held type's holders in holder name order.
    static func collect(_ index: ProjectIndex, jobs: Int) -> [String: [ModelHolder]] {
        let types = index.types.values.filter { ($0.isView || $0.traits.contains(.app)) && index.isOwn($0) }
            .sorted { $0.name < $1.name }
        var result: [String: [ModelHolder]] = [:]
        for found in parallelMap(types, jobs: jobs, { holders(in: $0, index: index) }) {
            for (held, holder) in found { result[held, default: []].append(holder) }
        }
        return result
    }

    /// The stored properties of one view or app that hold project types, with those types.
    private static func holders(in type: TypeInfo, index: ProjectIndex) -> [(held: String, holder: ModelHolder)] {
        var result: [(held: String, holder: ModelHolder)] = []
        for (fileIndex, property) in type.properties where property.isStored {
            let file = index.files[fileIndex]
            let shape: TypeShape?
            if let written = property.type?.text, written.hasPrefix("any ") {
                shape = TypeShape(String(written.dropFirst(4)))
            } else {
                shape = index.declaredShape(of: property, in: file, scope: type.name)
            }
            guard let name = shape?.heldName, let held = index.resolve(name, from: type.name) else { continue }
            let wrapper = property.attributes.first { $0.simpleName.startsWithUppercase }
            let holder = ModelHolder(
                holder: type.name, file: fileIndex, property: property, wrapper: wrapper.map { String($0.simpleName) })
            result.append((held, holder))
        }
        return result
    }
}
