import ObservationSyntax

/// How often SwiftUI builds a view and evaluates a body, from the view graph (SPEC §9): what
/// the ownership rules need to tell "re-created on every render" from "built once".
extension ProjectIndex {
    /// Whether every known construction site of `view` runs once for the view's lifetime
    /// (or never in the app: previews and tests). False for a view with no known site, or a
    /// `public` one (other modules build it): its callers are unknown, so it is judged as one
    /// that re-renders.
    public func isBuiltOnlyOnce(_ view: String) -> Bool {
        let sites = viewGraph.constructions(of: view)
        guard !sites.isEmpty, let info = types[view], (info.declarations.first?.decl.modifiers.accessLevel ?? .internal) < .public
        else { return false }
        return sites.allSatisfy { $0.context == .preview || isOneTime($0) }
    }

    /// A site that builds its view once: a hosting root, an exporter, a class's initializer,
    /// or the scene root of an app or scene whose `body` is evaluated once — one holding no
    /// state or environment value whose change would evaluate it again (and so build the
    /// root again).
    public func isOneTime(_ site: ViewConstruction) -> Bool {
        switch site.context {
        case .oneTime(.sceneRoot):
            guard let container = site.enclosingType.flatMap({ types[$0] }) else { return false }
            return holdsNoChangingInput(container)
        case .oneTime:
            return true
        default:
            return false
        }
    }

    /// Whether the `body` of the rendering container `type` is evaluated once: an app or a
    /// scene holding nothing that changes, or a view built only at one-time places whose
    /// inputs are all constants (no wrapper, only value types), so nothing invalidates it.
    public func evaluatesBodyOnce(_ type: TypeInfo) -> Bool {
        if type.traits.contains(.app) || type.traits.contains(.scene) { return holdsNoChangingInput(type) }
        return type.isView && isBuiltOnlyOnce(type.name) && holdsNoChangingInput(type)
    }

    /// The first site that builds `view` while a body is evaluated again and again (rendering
    /// or presented content, the scene root of an app whose state changes), in file and
    /// token order: where a note shows the view being re-created.
    public func renderingSite(of view: String) -> ViewConstruction? {
        viewGraph.constructions(of: view).first { site in
            site.context == .rendering || site.context == .presentation || site.context == .oneTime(.sceneRoot) && !isOneTime(site)
        }
    }

    /// No stored instance property of `type` can change while it lives: each is a plain
    /// value of a known value type or a project struct or enum (`@Namespace` and delegate
    /// adaptors, which never change, allowed). Wrappers (`@State`, `@Environment`, …),
    /// objects and unknown types may change, and with them the body.
    private func holdsNoChangingInput(_ type: TypeInfo) -> Bool {
        type.properties.allSatisfy { fileIndex, property in
            guard property.isStored, !property.modifiers.contains("static"), !property.modifiers.contains("class") else {
                return true
            }
            if let wrapper = property.attributes.first(where: { $0.simpleName.startsWithUppercase && $0.simpleName != "MainActor" }) {
                return wrapper.simpleName == "Namespace" || delegateAdaptorAttributes.contains(wrapper.simpleName)
            }
            guard let held = declaredShape(of: property, in: files[fileIndex], scope: type.name)?.heldName else { return false }
            if knownValueTypes.contains(held) { return true }
            guard let resolved = resolve(held, from: type.name), let info = types[resolved] else { return false }
            return info.isValueType && !info.isView
        }
    }
}
