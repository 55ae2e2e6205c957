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

/// Answers the rules' own support code works out that more than one rule asks for (the
/// call site that changes a `@State`'s seed, for `state_initialized_from_outside` and
/// `state_initialized_from_parameter`), computed once per key like `Memo`'s. The index
/// does not know the answers' types (the rules declare them): each asker reads back the
/// type its `kind` of key stores.
public final class SharedAnswers: @unchecked Sendable {
    private final class Answer: @unchecked Sendable {
        let value: Any
        init(_ value: Any) { self.value = value }
    }

    private let memo = Memo<SharedAnswerKey, Answer>()

    init() {}

    public func value<Value>(for key: SharedAnswerKey, _ compute: () -> Value) -> Value {
        memo.value(for: key) { Answer(compute()) }.value as! Value
    }
}

/// A key of `SharedAnswers`: the question (`kind`, one per asking function), the place it
/// is about, and whatever else its answer depends on.
public struct SharedAnswerKey: Hashable, Sendable {
    public let kind: String
    public let location: TokenLocation
    public let details: [Int]

    public init(kind: String, location: TokenLocation, details: [Int] = []) {
        self.kind = kind
        self.location = location
        self.details = details
    }
}
