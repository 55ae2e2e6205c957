import Observation
import SwiftUI

// The package's own model and view: its run reports this, whoever uses the package.
@Observable
final class Counter { // expect: observable_object_main_actor
    var count = 0

    func bump() async {
        let next = await following()
        count = next // expect: observable_mutated_off_main
    }

    nonisolated func following() async -> Int { 1 }
}

public struct CounterBadge: View {
    @State private var counter = Counter()

    public init() {}

    public var body: some View {
        Text("\(counter.count)")
            .task { await counter.bump() }
    }
}
