import SwiftUI
import UIKit

// A table whose cells are hosting configurations, built in content handed to a SwiftUI
// representable: whether the environment around the table reaches them is not known.
struct EntryTable<Cell: View>: UIViewControllerRepresentable {
    let cell: (Int) -> UIHostingConfiguration<Cell, EmptyView>

    func makeUIViewController(context: Context) -> UITableViewController { UITableViewController() }
    func updateUIViewController(_ controller: UITableViewController, context: Context) {}
}

struct EntryList: View {
    var body: some View {
        EntryTable { row in UIHostingConfiguration { EntryCell(row: row) } }
    }
}

struct EntryCell: View {
    let row: Int
    @EnvironmentObject private var entries: EntryStore

    var body: some View { Text("\(entries.entries.count) \(row)") }
}
