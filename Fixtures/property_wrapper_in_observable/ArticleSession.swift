import SwiftUI
import Observation

@propertyWrapper
struct Clamped<Value: Comparable> {
    var value: Value
    let range: ClosedRange<Value>

    init(wrappedValue: Value, _ range: ClosedRange<Value>) {
        self.range = range
        self.value = min(max(wrappedValue, range.lowerBound), range.upperBound)
    }

    var wrappedValue: Value {
        get { value }
        set { value = min(max(newValue, range.lowerBound), range.upperBound) }
    }
}

@globalActor
actor ArticleStoreActor {
    static let shared = ArticleStoreActor()
}

@MainActor
@Observable
final class ArticleSession {
    var articleID: String
    @Clamped(0...1) var scrollProgress = 0.0 // expect: property_wrapper_in_observable
    @SceneStorage("article.anchor") var anchor: String? // expect: property_wrapper_in_observable
    @ObservationIgnored @Clamped(0...3) var zoom = 1.0

    init(articleID: String) {
        self.articleID = articleID
    }
}

/// A class that implements `Observable` by hand (no macro): wrappers are fine there.
final class LegacyBridge: ObservableObject, Observable {
    @Published var status = ""
}

/// Not `@Observable`: `@Published` belongs here.
@MainActor
final class DownloadQueue: ObservableObject {
    @Published var pending: [String] = [] // expect: published_never_read
}
