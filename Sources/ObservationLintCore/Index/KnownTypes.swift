import ObservationSyntax

/// Standard library, Foundation and CoreGraphics value types (SPEC §1): holding one never
/// needs observation.
let knownValueTypes: Set<String> = [
    "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
    "Double", "Float", "Float16", "Float80", "CGFloat", "Bool", "String", "Substring",
    "Character", "Date", "UUID", "URL", "Data", "Decimal", "TimeInterval", "Duration",
    "CGPoint", "CGSize", "CGRect", "CGVector", "Range", "ClosedRange", "DateComponents",
    "Locale", "TimeZone", "Calendar", "IndexPath", "IndexSet", "Measurement", "URLComponents",
    "AttributedString", "Color", "Font", "Image", "Angle", "EdgeInsets", "UnitPoint", "LocalizedStringKey",
    "Swift.Int", "Swift.String", "Swift.Bool", "Swift.Double", "Foundation.Date", "Foundation.URL",
    "Foundation.UUID", "Foundation.Data",
]

/// Superclasses and protocols from Swift and Foundation that make nothing observable and
/// keep no state of the class's.
public let knownStatelessSupertypes: Set<String> = [
    "NSObject", "AnyObject", "Identifiable", "Hashable", "Equatable", "Comparable", "Codable", "Encodable",
    "Decodable", "Sendable", "@uncheckedSendable", "@unchecked Sendable", "CustomStringConvertible",
    "CustomDebugStringConvertible", "Error", "LocalizedError", "NSCopying", "NSCoding", "NSSecureCoding",
    "CaseIterable", "RawRepresentable", "Swift.Sendable", "Foundation.NSObject",
]

/// Names through which a type conforms to the protocols observation cares about, with the
/// trait each gives (one lookup per inherited name).
enum WellKnownProtocol {
    static let traits: [String: ObservationTraits] = {
        let protocols: [(name: String, module: String, trait: ObservationTraits)] = [
            ("ObservableObject", "Combine", .observableObject), ("Observable", "Observation", .observable),
            ("View", "SwiftUI", .view), ("App", "SwiftUI", .app), ("ViewModifier", "SwiftUI", .viewModifier),
            ("DynamicProperty", "SwiftUI", .dynamicProperty), ("PreviewProvider", "SwiftUI", .previewProvider),
            ("Scene", "SwiftUI", .scene), ("Perceptible", "Perception", .observable),
            // Core Data's managed objects conform to ObservableObject (iOS 13, macOS 10.15):
            // they send `objectWillChange` for changes of their managed properties.
            ("NSManagedObject", "CoreData", .observableObject),
        ]
        var traits: [String: ObservationTraits] = [:]
        for entry in protocols {
            traits[entry.name] = entry.trait
            traits[entry.module + "." + entry.name] = entry.trait
        }
        return traits
    }()
}

/// Attributes that make a class observable: the Observation macro, SwiftData's `@Model`
/// (which expands to it), and Point-Free Perception's back-port `@Perceptible`.
let observableMacroNames: Set<Substring> = ["Observable", "Model", "Perceptible"]

extension Property {
    /// Taken out of observation: `@ObservationIgnored`, or Perception's `@PerceptionIgnored`.
    public var isObservationIgnored: Bool {
        attributes.contains { $0.simpleName == "ObservationIgnored" || $0.simpleName == "PerceptionIgnored" }
    }
}

/// The Composable Architecture's stores: views observe them through observation the library
/// derives from the reducer's state, so no wrapper rule judges them (SPEC §9, "Known libraries").
let composableArchitectureStoreNames: Set<String> = ["Store", "StoreOf", "ViewStore", "ViewStoreOf"]
