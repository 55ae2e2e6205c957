import SwiftUI

struct GalleryView: View {
    @StateObject private var library = PhotoLibrary()
    @StateObject private var search = SearchModel()
    @StateObject private var feed = FeedModel()
    @StateObject private var inbox = InboxModel()
    @StateObject private var profile = ProfileModel()
    @StateObject private var window = WindowObserver()

    var body: some View {
        NavigationStack {
            List {
                if library.isLoading {
                    ProgressView(value: library.importProgress)
                }
                if let error = library.lastError {
                    Text(error).foregroundStyle(.red)
                }
                ForEach(library.photos) { photo in
                    HStack {
                        Text(photo.title)
                        Text("\(library.thumbnails[photo.id]?.count ?? 0) bytes")
                    }
                }
                Section(search.isSearching ? "Searching…" : "Results") {
                    ForEach(search.results, id: \.self) { Text($0) }
                }
                Section(feed.status) {
                    ForEach(feed.items, id: \.self) { Text($0) }
                }
            }
            .searchable(text: $search.query)
            .navigationTitle("\(profile.displayName) · \(inbox.unread) unread")
            .toolbar {
                if profile.isSaving || !window.isKeyWindow {
                    ProgressView()
                }
            }
            .task {
                library.reload()
                search.search()
            }
        }
    }
}
