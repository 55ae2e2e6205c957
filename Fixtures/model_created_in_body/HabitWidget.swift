import SwiftUI
import UIKit

/// The widget's root: built once by its hosting controller and holding nothing that
/// changes, so its body is evaluated once and builds one row model.
struct HabitWidgetRoot: View {
    var body: some View {
        HabitRow(model: HabitRowModel(habit: Habit(title: "Read")))
    }
}

/// The same construction in a view that a parent renders is built again on every render.
struct HabitPreviewCard: View {
    var body: some View {
        HabitRow(model: HabitRowModel(habit: Habit(title: "Walk"))) // expect: model_created_in_body
    }
}

struct HabitWidgetGallery: View {
    @State private var showsCard = true

    var body: some View {
        Toggle("Card", isOn: $showsCard)
        if showsCard {
            HabitPreviewCard()
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
