import SwiftUI
import UIKit

/// A summary card that UIKit hosts: built once, as the hosting controller's root, so the
/// title it is seeded with never changes while it lives. Only the pedantic rule reports it.
struct NoteSummaryCard: View {
    @State var title: String // expect: state_initialized_from_parameter

    var body: some View {
        Text(title).font(.headline)
    }
}

final class NoteSummaryController: UIViewController {
    private let note: Note

    init(note: Note) {
        self.note = note
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        super.viewDidLoad()
        let host = UIHostingController(rootView: NoteSummaryCard(title: note.title))
        addChild(host)
        view.addSubview(host.view)
    }
}

/// The app's one sync status object.
@MainActor
@Observable
final class NoteCloudStatus {
    static let shared = NoteCloudStatus()
    var isSyncing = false
}

/// Keeps a reference to a stable shared instance: the reference never changes.
struct NoteCloudBadge: View {
    @State var status: NoteCloudStatus // expect: state_initialized_from_parameter

    var body: some View {
        Image(systemName: status.isSyncing ? "arrow.triangle.2.circlepath" : "checkmark.icloud")
    }
}

/// Fed from this view's own `@State`: when the count changes, the counter keeps the first one.
struct NoteWordGoal: View {
    @State private var goal = 500

    var body: some View {
        VStack {
            NoteCloudBadge(status: .shared)
            NoteGoalCounter(goal: goal)
            Stepper("Goal", value: $goal, step: 100)
        }
    }
}

struct NoteGoalCounter: View {
    @State var goal: Int // expect: state_initialized_from_outside

    var body: some View {
        Text("\(goal) words")
    }
}
