import SwiftUI

protocol ItemAnalytics {
    func log(_ event: String)
}

@MainActor
final class ItemDetailModel: ObservableObject {
    @Published var title = ""

    init(id: Int, analytics: ItemAnalytics) {
        analytics.log("item_view \(id)")
    }
}

@MainActor
final class ItemContainer: ObservableObject {
    let analytics: ItemAnalytics
    private lazy var pinned = ItemDetailModel(id: 0, analytics: analytics)

    init(analytics: ItemAnalytics) {
        self.analytics = analytics
    }

    /// A new model at every call: every render of the caller builds one.
    func makeItemDetailModel(id: Int) -> ItemDetailModel {
        ItemDetailModel(id: id, analytics: analytics)
    }

    /// The model it keeps: the same object at every call.
    func pinnedItemDetailModel() -> ItemDetailModel {
        pinned
    }
}

struct ItemDetailView: View {
    @StateObject private var model: ItemDetailModel // expect: state_object_initialized_from_outside

    init(model: ItemDetailModel) {
        _model = StateObject(wrappedValue: model)
    }

    var body: some View {
        Text(model.title)
    }
}

struct PinnedItemView: View {
    @StateObject private var model: ItemDetailModel

    init(model: ItemDetailModel) {
        _model = StateObject(wrappedValue: model)
    }

    var body: some View {
        Text(model.title)
    }
}

struct ItemScreen: View {
    @EnvironmentObject private var container: ItemContainer
    @State private var likes = 0

    var body: some View {
        VStack {
            ItemDetailView(model: container.makeItemDetailModel(id: 1)) // expect: model_created_in_body
            PinnedItemView(model: container.pinnedItemDetailModel())
            Button("Like \(likes)") { likes += 1 }
        }
    }
}
