import SwiftUIStandIns

struct BadgeView: View {
    @State var label = "new"

    var body: String { label }
}
