import SwiftUI
import UIKit

/// Built once, as a hosting controller's root.
struct ContactCard: View {
    @State private var name: String // expect: state_initialized_from_parameter

    init(name: String) {
        _name = State(initialValue: name)
    }

    var body: some View {
        Text(name)
    }
}

final class ContactCardController: UIViewController {
    var contact: Contact?

    override func viewDidLoad() {
        super.viewDidLoad()
        let host = UIHostingController(rootView: ContactCard(name: contact?.name ?? ""))
        addChild(host)
        view.addSubview(host.view)
    }
}
