import SwiftUI
import UIKit

/// Views, modifiers and `DynamicProperty` structs are where these wrappers belong.
struct ReaderView: View {
    @State private var page = 0
    @StateObject private var settings = ReaderSettings()
    @Environment(\.dismiss) private var dismiss
    @FocusState private var isSearchFocused: Bool
    @GestureState private var pinchScale = 1.0
    @SceneStorage("chapter") private var chapter = 0

    var body: some View {
        Text("Page \(page), chapter \(chapter), \(settings.theme)")
            .font(.system(size: settings.fontSize * pinchScale))
            .focused($isSearchFocused)
            .onTapGesture { dismiss() }
    }
}

struct ReaderToolbar: View {
    let model: ReaderToolbarModel

    var body: some View {
        Text(model.themeLabel)
    }
}

struct ReaderFooter: View {
    @ObservedObject var model: ReaderFooterModel

    var body: some View {
        Text(model.settings.theme)
    }
}

struct ReaderHeader: View {
    @ObservedObject var model: ReaderHeaderModel

    var body: some View {
        Text(model.settings.theme)
    }
}

struct PageTurnHighlight: ViewModifier {
    @State private var isHighlighted = false

    func body(content: Content) -> some View {
        content.opacity(isHighlighted ? 0.5 : 1)
    }
}

struct ReadingClock: DynamicProperty {
    @State private var start = Date()
    @Environment(\.calendar) var calendar
}

/// A representable's coordinator gets a binding from its view: reading and writing it
/// reaches the view's state.
struct PageCurlView: UIViewControllerRepresentable {
    @Binding var page: Int

    func makeUIViewController(context: Context) -> UIPageViewController {
        let controller = UIPageViewController(transitionStyle: .pageCurl, navigationOrientation: .horizontal)
        controller.delegate = context.coordinator
        return controller
    }

    func updateUIViewController(_ controller: UIPageViewController, context: Context) {}

    func makeCoordinator() -> Coordinator {
        Coordinator(page: $page)
    }

    final class Coordinator: NSObject, UIPageViewControllerDelegate {
        @Binding var page: Int

        init(page: Binding<Int>) {
            _page = page
        }

        func pageViewController(
            _ controller: UIPageViewController, didFinishAnimating finished: Bool,
            previousViewControllers: [UIViewController], transitionCompleted completed: Bool
        ) {
            if completed { page += 1 }
        }
    }
}
