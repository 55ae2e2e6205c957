import SwiftUI

// A write whose flow also writes state the view reads runs its body again: the body reads
// the new value. A write in a `Task` the action starts is another flow.
@MainActor final class DayRouter: ObservableObject {
    @Published var selectedDay = 0
    @Published var openedDay: Int?
    func open(_ day: Int) {
        selectedDay = day
        openedDay = day
    }
}

@MainActor final class DayLog: ObservableObject {
    @Published var opened = 0
    @Published var last = ""
}

struct DayAgenda: View {
    @Binding var day: Int
    let router: DayRouter
    var body: some View {
        Text("\(day)")
        Text("\(router.openedDay ?? 0)")
    }
}

struct DayScreen: View {
    @EnvironmentObject var router: DayRouter
    var body: some View { DayAgenda(day: $router.selectedDay, router: router) }
}

struct DayMenu: View {
    @State private var selection = ""
    let log: DayLog  // expect: unobserved_model_in_view
    var body: some View {
        Text(selection)
        Text("\(log.opened)")
        Text(log.last)
        Button("Open") {
            selection = "a"
            log.opened = 1
            Task { @MainActor in log.last = "opened" }
        }
    }
}
