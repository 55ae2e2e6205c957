import SwiftUI

/// A property wrapper that keeps its value in an object SwiftUI never observes: the view
/// reading the wrapped value does not update when the throttled write lands.
@MainActor
final class ThrottleBox<Value>: ObservableObject {
    @Published var latest: Value
    private var pending: Task<Void, Never>?

    init(_ value: Value) { latest = value }

    func schedule(_ value: Value) {
        pending?.cancel()
        pending = Task { [weak self] in
            try? await Task.sleep(for: .milliseconds(300))
            self?.latest = value
        }
    }
}

@MainActor
@propertyWrapper
struct Throttled<Value> {
    private var box: ThrottleBox<Value>

    init(wrappedValue: Value) { box = ThrottleBox(wrappedValue) }

    var wrappedValue: Value {
        get { box.latest }
        nonmutating set { box.schedule(newValue) }
    }
}

struct ImportProgress: View {
    let processed: Int
    @Throttled private var shownProcessed = 0 // expect: unobserved_model_in_view

    var body: some View {
        ProgressView(value: Double(shownProcessed), total: 100)
            .onChange(of: processed) { _, new in shownProcessed = new }
    }
}
