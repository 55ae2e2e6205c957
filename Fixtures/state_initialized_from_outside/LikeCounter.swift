import SwiftUI
import Observation

/// `likes` is declared with a value: `self.likes = likes` in `init` goes through `State`'s
/// setter before SwiftUI installs the storage and is dropped, so the counter always shows 0.
struct LikeCounter: View {
    @State private var likes: Int = 0 // expect: state_initialized_from_outside
    init(likes: Int) { self.likes = likes }
    var body: some View { Text("\(likes)") }
}

/// An `@Observable` store the session holds: the screen's body tracks it, renders again when
/// the avatar arrives and passes the new one, which the badge ignores.
@MainActor
@Observable
final class AvatarShelf {
    var images: [Int: String] = [:]
    func image(for id: Int) -> String? { images[id] }
    func load(_ id: Int) async { images[id] = await fetch(id) }
    private func fetch(_ id: Int) async -> String { "avatar-\(id)" }
}

@MainActor
@Observable
final class ShelfSession {
    let shelf = AvatarShelf()
}

struct AvatarBadge: View {
    @State private var image: String? // expect: state_initialized_from_outside
    init(image: String?) { _image = State(initialValue: image) }
    var body: some View { Text(image ?? "?") }
}

struct LikeScreen: View {
    @Environment(ShelfSession.self) private var session
    @State private var likes = 3
    let userID: Int

    var body: some View {
        VStack {
            LikeCounter(likes: likes)
            Button("Like") { likes += 1 }
            AvatarBadge(image: session.shelf.image(for: userID))
        }
        .task { await session.shelf.load(userID) }
    }
}
