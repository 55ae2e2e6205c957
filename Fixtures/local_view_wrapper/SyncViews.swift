import SwiftUI

final class SyncService {
    func status() async -> String { "online" }
}

struct SyncStatusList: View {
    let service: SyncService
    let dates: [String]

    var body: some View {
        VStack(alignment: .leading) {
            @State var status: String = "offline" // expect: local_view_wrapper

            Text(status)
                .task { status = await service.status() }

            ForEach(dates, id: \.self) { status in
                Text(status)
            }
        }
    }
}

struct SearchHeader: View {
    @State private var query = ""

    var body: some View {
        content
    }

    @ViewBuilder private var content: some View {
        @State var showsFilters = false // expect: local_view_wrapper
        TextField("Search", text: $query)
        Button("Filters") { showsFilters.toggle() }
        if showsFilters { Text("Filters") }
    }
}

struct ConstantTitle: View {
    var body: some View {
        @State var title = "Inbox"
        Text(title)
    }
}

#Preview {
    @Previewable @State var query = ""
    TextField("Search", text: $query)
}
