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

/// Names through which a type conforms to the protocols observation cares about.
enum WellKnownProtocol {
    static let observableObject: Set<String> = ["ObservableObject", "Combine.ObservableObject"]
    static let observable: Set<String> = ["Observable", "Observation.Observable"]
    static let view: Set<String> = ["View", "SwiftUI.View"]
    static let app: Set<String> = ["App", "SwiftUI.App"]
    static let viewModifier: Set<String> = ["ViewModifier", "SwiftUI.ViewModifier"]
    static let dynamicProperty: Set<String> = ["DynamicProperty", "SwiftUI.DynamicProperty"]
    static let previewProvider: Set<String> = ["PreviewProvider", "SwiftUI.PreviewProvider"]
}

/// Attributes that make a class observable: the Observation macro, and SwiftData's `@Model`
/// (which expands to it).
let observableMacroNames: Set<Substring> = ["Observable", "Model"]
