import SwiftUI

extension PhotoSearchView: View {
    init(query: String) {
        let model = PhotoSearchModel()
        model.query = query
        _search = StateObject(wrappedValue: model)
    }

    var body: some View {
        VStack {
            TextField("Search", text: $search.query)
            List(search.results) { Text($0.title) }
        }
    }
}
