import Foundation

/// A value computed on first use, once, whichever thread asks first (the index is shared
/// by the rules' threads).
final class Lazy<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var computed: Value?
    private var compute: (@Sendable () -> Value)?

    init(_ compute: @escaping @Sendable () -> Value) {
        self.compute = compute
    }

    var value: Value {
        lock.lock()
        defer { lock.unlock() }
        if let computed { return computed }
        let value = compute!()
        computed = value
        compute = nil
        return value
    }
}
