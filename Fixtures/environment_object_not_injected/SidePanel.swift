import SwiftUI

/// The side panel's selection: only the panels provide it, to the content they wrap.
@MainActor
final class PanelSelection: ObservableObject {
    @Published var selectedID: Entry.ID?
}

/// Renders the content its caller hands over inside its own injection.
struct SidePanel<Content: View>: View {
    @StateObject private var selection = PanelSelection()
    @ViewBuilder let content: () -> Content

    var body: some View {
        HStack {
            SelectionHeader()
            content()
        }
        .environmentObject(selection)
    }
}

/// Injects the selection around its header only: the footer is shown without it.
struct SplitPanel<Header: View, Footer: View>: View {
    @StateObject private var selection = PanelSelection()
    private let header: Header
    private let footer: Footer

    init(@ViewBuilder header: () -> Header, @ViewBuilder footer: () -> Footer) {
        self.header = header()
        self.footer = footer()
    }

    var body: some View {
        VStack {
            header.environmentObject(selection)
            footer
        }
    }
}

/// Built by `EntrySidebar`, but rendered by the panels, inside their injection.
struct SelectionHeader: View {
    @EnvironmentObject private var selection: PanelSelection

    var body: some View {
        Text(selection.selectedID == nil ? "Nothing selected" : "Selected")
    }
}

struct SelectionFooter: View {
    @EnvironmentObject private var selection: PanelSelection // expect: environment_object_not_injected

    var body: some View {
        Text(selection.selectedID == nil ? "" : "Clear selection")
    }
}

/// Built in a helper of `EntrySidebar` that hands it to `SidePanel`.
struct SelectionSummary: View {
    @EnvironmentObject private var selection: PanelSelection

    var body: some View {
        Text(selection.selectedID == nil ? "No entry" : "One entry")
    }
}

struct EntrySidebar: View {
    var body: some View {
        SidePanel { summary }
        SplitPanel {
            SelectionHeader()
        } footer: {
            SelectionFooter()
        }
    }

    private var summary: some View {
        SelectionSummary().padding()
    }
}
