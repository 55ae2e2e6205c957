import SwiftUI
import UIKit

/// Only ever the root of a hosting controller: built once, and its object with it.
struct RadarWidgetView: View {
    @ObservedObject var radar = Weather.RadarModel()

    var body: some View {
        Text("Frame \(radar.frame)")
    }
}

final class RadarWidgetController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        let host = UIHostingController(rootView: RadarWidgetView())
        addChild(host)
        view.addSubview(host.view)
    }
}

/// Only ever the root of the project's own hosting controller subclass: built once too.
struct RadarLegendView: View {
    @ObservedObject var radar = Weather.RadarModel()

    var body: some View {
        Text("Legend for frame \(radar.frame)")
    }
}

final class RadarLegendController: UIHostingController<RadarLegendView> {
    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .black
    }
}

final class RadarLegendPresenter {
    func show(from parent: UIViewController) {
        parent.present(RadarLegendController(rootView: RadarLegendView()), animated: true)
    }
}
