import SwiftUI

struct GalleryRootView: View {
    @State private var model = GalleryModel(albumID: UUID())
    @State private var settings = ViewerSettings()

    var body: some View {
        NavigationStack {
            GalleryView(model: model)
                .toolbar { EditingToolbar() }
                .sheet(isPresented: .constant(false)) {
                    ViewerSettingsView(settings: settings)
                }
        }
        .environment(model)
    }
}
