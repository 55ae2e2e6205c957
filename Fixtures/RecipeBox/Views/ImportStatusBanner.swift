import SwiftUI

/// Shown under the recipe list while a pasted import runs.
struct ImportStatusBanner: View {
    // The importer belongs to the library (`library.importer`); nothing puts it into the
    // environment.
    @EnvironmentObject private var importer: RecipeImporter // expect: environment_object_not_injected

    var body: some View {
        if importer.isRunning {
            ProgressView(value: importer.progress) {
                Text("Importing recipes…")
            }
            .padding(.horizontal)
        }
    }
}
