import SwiftUI

extension AccountHeader: View {
    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            Text(session.greeting)
                .font(.caption)
            Text(session.account.displayName)
                .font(.title3.bold())
            if !session.currentLyricLine.isEmpty {
                Text(session.currentLyricLine)
                    .italic()
            }
        }
    }
}
