import SwiftUI

/// The controller is built in a local before `StateObject` is: on every initialization.
struct SlideshowView: View {
    @StateObject private var controller: SlideshowController // expect: state_object_initialized_from_outside

    init(photos: [Photo]) {
        let controller = SlideshowController(photos: photos)
        self._controller = StateObject(wrappedValue: controller)
    }

    var body: some View {
        VStack {
            if controller.photos.indices.contains(controller.currentIndex) {
                Text(controller.photos[controller.currentIndex].title)
            }
            Button("Next") { controller.advance() }
        }
    }
}
