import SwiftUI
import UIKit

/// The widget's root: built once by its hosting controller and holding nothing that
/// changes, so its body is evaluated once and builds one row model.
struct HabitWidgetRoot: View {
    var body: some View {
        HabitRow(model: HabitRowModel(habit: Habit(title: "Read")))
    }
}

/// The same construction in a view its parent shows or hides: toggling `showsCard` adds
/// or removes the card, and the card, given no inputs, is not evaluated again while shown.
struct HabitPreviewCard: View {
    var body: some View {
        HabitRow(model: HabitRowModel(habit: Habit(title: "Walk")))
    }
}

/// With state of its own that changes while the card is shown: built again each time.
struct HabitCounterCard: View {
    @State private var taps = 0

    var body: some View {
        Button("Tapped \(taps)") { taps += 1 }
        HabitRow(model: HabitRowModel(habit: Habit(title: "Swim"))) // expect: model_created_in_body
    }
}

struct HabitWidgetGallery: View {
    @State private var showsCard = true

    var body: some View {
        Toggle("Card", isOn: $showsCard)
        if showsCard {
            HabitPreviewCard()
            HabitCounterCard()
        }
    }
}

final class HabitWidgetController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        let host = UIHostingController(rootView: HabitWidgetRoot())
        addChild(host)
        view.addSubview(host.view)
    }
}
