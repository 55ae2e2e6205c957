import PhotosUI
import SwiftData
import SwiftUI

/// Loads the picked photo with the completion-handler form of `loadTransferable`, whose
/// handler the item provider calls on an internal queue.
@MainActor @Observable final class AvatarPicker {
    var avatar: Image?
    var caption = ""

    func load(_ item: PhotosPickerItem) {
        _ = item.loadTransferable(type: Image.self) { result in
            self.avatar = try? result.get() // expect: observable_mutated_off_main
            DispatchQueue.main.async { self.caption = "Loaded" }
        }
    }
}

struct AvatarPickerView: View {
    @State private var picker = AvatarPicker()
    @State private var item: PhotosPickerItem?

    var body: some View {
        VStack {
            (picker.avatar ?? Image(systemName: "person")).resizable()
            Text(picker.caption)
            PhotosPicker("Choose", selection: $item)
        }
        .onChange(of: item) { _, item in if let item { picker.load(item) } }
    }
}

/// A SwiftData model: `@Model` makes it `Observable`. The app makes no context of its own,
/// so the entry the editor changes is the one the list shows.
@Model final class CookbookEntry {
    var title: String
    var servings: Int

    init(title: String, servings: Int) {
        self.title = title
        self.servings = servings
    }
}

/// No actor isolation: its `async` methods run on the global executor.
final class CookbookEntryEditor {
    let entry: CookbookEntry

    init(entry: CookbookEntry) { self.entry = entry }

    func rename(to title: String) async {
        let cleaned = await CookbookNames.clean(title)
        entry.title = cleaned // expect: observable_mutated_off_main
        await MainActor.run { entry.servings = 2 }
    }
}

enum CookbookNames {
    static func clean(_ title: String) async -> String { title.trimmingCharacters(in: .whitespaces) }
}

struct CookbookListView: View {
    @Query private var entries: [CookbookEntry]

    var body: some View {
        List(entries) { entry in
            CookbookEntryRow(entry: entry)
                .task { await CookbookEntryEditor(entry: entry).rename(to: entry.title) }
        }
    }
}

struct CookbookEntryRow: View {
    let entry: CookbookEntry

    var body: some View { Text("\(entry.title): \(entry.servings)") }
}
