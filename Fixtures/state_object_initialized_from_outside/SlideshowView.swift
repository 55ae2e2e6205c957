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

/// A local with a fallback: the object is still built before `StateObject` sees it.
struct CoverSlideView: View {
    @StateObject private var controller: SlideshowController // expect: state_object_initialized_from_outside

    init(cover: Photo?) {
        let saved = cover.map { SlideshowController(photos: [$0]) }
        _controller = StateObject(wrappedValue: saved ?? SlideshowController(photos: []))
    }

    var body: some View {
        Text("\(controller.currentIndex + 1) of \(controller.photos.count)")
    }
}
