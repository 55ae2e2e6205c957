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
