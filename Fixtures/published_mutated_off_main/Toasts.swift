import Foundation
import SwiftUI

/// Toasts any code may show; views observe the shared center.
final class ToastCenter: ObservableObject { // expect: observable_object_main_actor
    static let shared = ToastCenter()
    @Published var toasts: [String] = []
    @Published var isShown = false

    func show(_ toast: String) {
        toasts.append(toast) // expect: published_mutated_off_main
    }

    func reveal() {
        isShown = true
    }
}

enum Connectivity {
    /// Synchronous, no isolation: runs where its caller runs.
    static func check() -> Bool {
        let online = Reachability.isReachable()
        if !online { ToastCenter.shared.show("Offline") }
        return online
    }
}

/// A nonisolated async global function: the global executor.
func fetchCatalog() async -> [String] {
    guard Connectivity.check() else { return [] }
    return await Backend.catalog()
}

/// Hands its work to a task that inherits no actor, and writes the view model it was given.
final class CatalogLoader {
    let status: CatalogStatus

    init(status: CatalogStatus) {
        self.status = status
    }

    func start() {
        Task {
            let items = await fetchCatalog()
            status.items = items // expect: published_mutated_off_main
            finish()
        }
    }

    private func finish() {
        status.isLoading = false // expect: published_mutated_off_main
    }

    func reset() {
        // Called from a view's action only: the main thread.
        status.items = []
        ToastCenter.shared.reveal()
    }
}

final class CatalogStatus: ObservableObject { // expect: observable_object_main_actor
    @Published var items: [String] = []
    @Published var isLoading = true
}

struct CatalogView: View {
    @ObservedObject var status: CatalogStatus
    @ObservedObject var toasts = ToastCenter.shared
    let loader: CatalogLoader

    var body: some View {
        VStack {
            if status.isLoading { ProgressView() }
            ForEach(status.items, id: \.self) { Text($0) }
            ForEach(toasts.toasts, id: \.self) { Text($0) }
            if toasts.isShown { Text("shown") }
            Button("Reset") { loader.reset() }
        }
    }
}

enum Reachability {
    static func isReachable() -> Bool { true }
}

enum Backend {
    static func catalog() async -> [String] { [] }
}
