import SwiftUI

/// The view is declared here; its `body` and a convenience initializer live in an
/// extension (`PhotoSearchView+Body.swift`). An initializer in an extension keeps the
/// memberwise one, which takes the model from the parent.
struct PhotoSearchView {
    @StateObject var search: PhotoSearchModel // expect: state_object_initialized_from_outside
}
