import ComposableArchitecture
import SwiftUI

/// The Composable Architecture hands each child a store scoped from its parent's: holding
/// the first one in `@State` is the library's pattern, not a lost update.
@Reducer
struct NoteSync {
    @ObservableState
    struct State: Equatable {
        var isSyncing = false
    }
}

struct NoteSyncView: View {
    @State var store: StoreOf<NoteSync>

    var body: some View {
        Text(store.isSyncing ? "Syncing" : "Synced")
    }
}

struct NoteSyncHost: View {
    let root: StoreOf<NoteSync>
    @State private var draftTitle = ""

    var body: some View {
        NoteSyncView(store: root)
            .navigationTitle(draftTitle)
    }
}
