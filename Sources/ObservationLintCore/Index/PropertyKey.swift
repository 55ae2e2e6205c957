import ObservationSyntax

/// A property declaration as a dictionary key: the declaration itself (one object per
/// declaration, kept alive by the key), for facts worked out once per property.
struct PropertyKey: Hashable, Sendable {
    let property: Property

    init(_ property: Property) {
        self.property = property
    }

    static func == (lhs: PropertyKey, rhs: PropertyKey) -> Bool { lhs.property === rhs.property }

    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(property)) }
}
