import Foundation
import Network
import SwiftUI

/// Work handed to `busyWork` runs on a private serial queue; `onMain` hops to the main queue.
@MainActor final class Workspace: ObservableObject {
    @Published var files: [String] = []
    @Published var isBusy = false
    private let busyQueue = DispatchQueue(label: "workspace.busy")

    func busyWork(_ work: @escaping () -> Void) {
        busyQueue.async { work() }
    }

    func onMain(_ work: @escaping () -> Void) {
        DispatchQueue.main.async { work() }
    }

    func reload() {
        busyWork {
            self.files = [] // expect: published_mutated_off_main
        }
        onMain {
            self.isBusy = false
        }
    }
}

/// A `didSet` runs where the property is set.
class EditorTab: ObservableObject { // expect: observable_object_main_actor
    @Published var title = ""
    var path = "" {
        didSet { title = path } // expect: published_mutated_off_main
    }
}

final class Renamer {
    func rename(_ tab: EditorTab, to path: String) async {
        await Task.yield()
        tab.path = path
    }
}

/// A path monitor started on a global queue calls its handler there.
final class LinkStatus: ObservableObject { // expect: observable_object_main_actor
    @Published var isOnline = false
    private let monitor = NWPathMonitor()
    private let monitorQueue = DispatchQueue.global(qos: .background)

    init() {
        monitor.pathUpdateHandler = { [weak self] path in
            self?.isOnline = path.status == .satisfied // expect: published_mutated_off_main
        }
        monitor.start(queue: monitorQueue)
    }
}

struct WorkspaceView: View {
    @ObservedObject var workspace: Workspace
    @ObservedObject var tab: EditorTab
    @ObservedObject var linkStatus: LinkStatus

    var body: some View {
        VStack {
            Text("\(workspace.files.count) \(workspace.isBusy ? "busy" : "")")
            Text(tab.title)
            Text(linkStatus.isOnline ? "online" : "offline")
        }
    }
}
