import Foundation

/// A value computed on first use, once, whichever thread asks first (the index is shared
/// by the rules' threads).
final class Lazy<Value: Sendable>: @unchecked Sendable {
    private let storage = OnDemand<Value>()
    private let compute: @Sendable () -> Value

    init(_ compute: @escaping @Sendable () -> Value) {
        self.compute = compute
    }

    var value: Value { storage.value(compute) }
}

/// Values computed on first use, once per key, whichever thread asks first. The value is
/// computed outside the lock, so two threads asking for the same new key at once may both
/// compute it (the answers are equal); threads asking for other keys do not wait.
final class Memo<Key: Hashable & Sendable, Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    /// Read and written under `lock` only: no run-time exclusivity check needed.
    @exclusivity(unchecked) private var values: [Key: Value] = [:]

    func value(for key: Key, _ compute: () -> Value) -> Value {
        lock.lock()
        let known = values[key]
        lock.unlock()
        if let known { return known }
        let value = compute()
        lock.lock()
        defer { lock.unlock() }
        // One lookup to store it; another thread's value, stored first, stays (rare).
        if let raced = values.updateValue(value, forKey: key) {
            values[key] = raced
            return raced
        }
        return value
    }

    /// The value computed for `key` so far, if any (computing nothing).
    func known(_ key: Key) -> Value? {
        lock.lock()
        defer { lock.unlock() }
        return values[key]
    }
}

/// A value computed on first use, once, by a computation given at that use (one that needs
/// what owns it, such as the index, which cannot be captured while it is being built).
final class OnDemand<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    /// Read and written under `lock` only.
    @exclusivity(unchecked) private var computed: Value?

    func value(_ compute: () -> Value) -> Value {
        lock.lock()
        defer { lock.unlock() }
        if let computed { return computed }
        let value = compute()
        computed = value
        return value
    }
}
