import SwiftUI

extension RefreshingList: View {
    var body: some View {
        List(episodes, id: \.self) { episode in
            Text(episode)
        }
        .refreshable {
            await downloads.refresh()
        }
    }
}
