import CoreData
import SwiftUI

/// Files dropped on a view and a counter kept in Core Data: `NSItemProvider` calls its
/// completion blocks on an internal queue, and `perform` runs on the context's queue.
final class DropModel: ObservableObject { // expect: observable_object_main_actor
    @Published var files: [URL] = []
    @Published var saved = 0
    @Published var shown = 0
    private let container = NSPersistentContainer(name: "Store")
    private let background = NSManagedObjectContext(concurrencyType: .privateQueueConcurrencyType)

    func take(_ providers: [NSItemProvider]) {
        for provider in providers {
            _ = provider.loadObject(ofClass: URL.self) { url, _ in
                guard let url else { return }
                self.files.append(url) // expect: published_mutated_off_main
            }
            _ = provider.loadObject(ofClass: URL.self) { url, _ in
                guard let url else { return }
                DispatchQueue.main.async { self.files.append(url) }
            }
        }
    }

    func save() {
        background.perform {
            self.saved += 1 // expect: published_mutated_off_main
        }
        container.viewContext.perform {
            self.shown += 1
        }
    }
}

struct DropView: View {
    @StateObject private var model = DropModel()

    var body: some View {
        VStack {
            Text("\(model.files.count) files, \(model.saved) saved, \(model.shown) shown")
        }
        .onDrop(of: [.fileURL], isTargeted: nil) { providers in
            model.take(providers)
            return true
        }
        .onAppear { model.save() }
    }
}
