import Foundation
import SwiftUI

/// The project's own `Task` initializers: `catch` runs in `MainActor.run { }`, `onFailure`
/// directly in the task the initializer starts, which inherits no actor here.
extension Task where Failure == Never, Success == Void {
    @discardableResult
    init(priority: TaskPriority? = nil, _ operation: @escaping () async throws -> Void, `catch`: @escaping (Error) -> Void) {
        self.init(priority: priority) {
            do {
                try await operation()
            } catch {
                await MainActor.run { `catch`(error) }
            }
        }
    }

    @discardableResult
    init(priority: TaskPriority? = nil, _ operation: @escaping () async throws -> Void, onFailure: @escaping (Error) -> Void) {
        self.init(priority: priority) {
            do {
                try await operation()
            } catch {
                onFailure(error)
            }
        }
    }
}

final class PaymentModel: ObservableObject { // expect: observable_object_main_actor
    @Published var error: Error?
    @Published var isPaying = false

    func pay() {
        isPaying = true
        Task(priority: .userInitiated, { @MainActor [weak self] in
            try await Task.sleep(nanoseconds: 1_000)
            self?.isPaying = false
        }, catch: { [weak self] error in
            self?.error = error
            self?.isPaying = false
        })
    }

    func retry() {
        Task(priority: .utility, { try await Task.sleep(nanoseconds: 1_000) }, onFailure: { [weak self] error in
            self?.error = error // expect: published_mutated_off_main
        })
    }
}

struct PaymentView: View {
    @StateObject private var model = PaymentModel()

    var body: some View {
        VStack {
            Text(model.isPaying ? "Paying" : "")
            Text(model.error.map { "\($0)" } ?? "")
        }
        .onAppear { model.pay() }
        .onAppear { model.retry() }
    }
}
