// The two SwiftUI names the sample's views need, so that the sample builds on Linux too.
// The configuration file excludes this folder: observation-lint would take a project's own
// `State` for a type that is not SwiftUI's.
public protocol View {
    associatedtype Body
    var body: Body { get }
}

@propertyWrapper public struct State<Value> {
    public var wrappedValue: Value

    public init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }
}
