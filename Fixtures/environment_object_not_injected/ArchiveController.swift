import SwiftUI
import UIKit

/// A hosting controller's root starts with an empty environment, but `ArchiveList` never
/// builds the `EntryCounter` view: inside it, `EntryCounter()` calls its own method of that
/// name (Swift looks the name up in the view's members before the module's types).
final class ArchiveController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        addChild(UIHostingController(rootView: ArchiveList()))
    }
}

struct ArchiveList: View {
    var body: some View {
        List { EntryCounter() }
    }

    @ViewBuilder func EntryCounter() -> some View {
        Text("Archived entries")
    }
}

struct EntryCounter: View {
    @EnvironmentObject private var entries: EntryStore

    var body: some View {
        Text("\(entries.entries.count) entries")
    }
}
