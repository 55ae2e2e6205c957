import SwiftUIStandIns

struct CounterView: View {
    @State var count = 0

    var body: String { "\(count)" }
}
