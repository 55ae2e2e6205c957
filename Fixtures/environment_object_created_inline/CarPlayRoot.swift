import SwiftUI
import UIKit

/// The CarPlay screen's root: built once by its hosting controller and holding nothing that
/// changes, so its body is evaluated once and injects one store.
struct CarPlayRoot: View {
    var body: some View {
        LibraryView()
            .environmentObject(PodcastLibrary())
    }
}

final class CarPlayController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        let host = UIHostingController(rootView: CarPlayRoot())
        addChild(host)
        view.addSubview(host.view)
    }
}
