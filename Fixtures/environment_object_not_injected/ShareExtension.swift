import SwiftUI
import UIKit

/// Shown in the app under `RootView`, whose `EntryStore` the app injects, and by the share
/// extension in a hosting controller of its own: that root starts with an empty
/// environment, and nothing on that path injects the store.
struct EntryCountView: View {
    @EnvironmentObject private var entries: EntryStore // expect: environment_object_not_injected

    var body: some View {
        Text("\(entries.entries.count) entries")
    }
}

/// Presented from `RootView`: a sheet inherits its presenter's environment objects.
struct EntryEditorSheet: View {
    @EnvironmentObject private var entries: EntryStore

    var body: some View {
        Button("Add entry \(entries.entries.count + 1)") { entries.entries.append(Entry(text: "")) }
    }
}

/// Hosted with the store injected at its root.
struct EntrySummaryView: View {
    @EnvironmentObject private var entries: EntryStore

    var body: some View {
        Text(entries.entries.first?.text ?? "No entries")
    }
}

/// Built only by a factory whose callers are unknown: the path to it cannot be completed.
struct EntryArchiveView: View {
    @EnvironmentObject private var entries: EntryStore

    var body: some View {
        Text("\(entries.entries.count) archived")
    }
}

enum ArchiveScreens {
    static func archive() -> some View {
        EntryArchiveView()
    }
}

final class ShareViewController: UIViewController {
    private let store = EntryStore()

    override func viewDidLoad() {
        super.viewDidLoad()
        let count = UIHostingController(rootView: EntryCountView())
        let summary = UIHostingController(rootView: EntrySummaryView().environmentObject(store))
        for host in [count, summary] {
            addChild(host)
            view.addSubview(host.view)
        }
    }
}
