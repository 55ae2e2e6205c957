import Combine
import Foundation

@MainActor
final class CheckoutModel: ObservableObject {
    @Published var items: [String] = []
    @Published var couponCode = ""
    @Published private(set) var lastSubmittedAt: Date? // expect: published_never_read
    @Published private(set) var submitCount = 0 // expect: published_never_read
    @Published var auditLog: [String] = [] // expect: published_never_read
    @Published var isExpressEnabled = false, expressFee = 4.99 // expect: published_never_read
    @Published var shippingNote: String? // read with `if let shippingNote`
    @Published var giftMessage: String? // read with `guard let giftMessage = giftMessage`

    private var cancellables: Set<AnyCancellable> = []

    init(couponCode: String = "") {
        self.couponCode = couponCode
        $couponCode
            .removeDuplicates()
            .sink { [weak self] code in self?.auditLog.append("coupon \(code)") }
            .store(in: &cancellables)
    }

    var total: Double {
        Double(items.count) * 9.99 + (isExpressEnabled ? 4.99 : 0)
    }

    func submit() {
        lastSubmittedAt = .now
        submitCount += 1
        auditLog.append("submitted \(items.count) items")
    }

    func describeShipping() -> String {
        if let shippingNote {
            return "Note: \(shippingNote)"
        }
        return "No note"
    }

    func wrap() -> String {
        guard let giftMessage = giftMessage else { return "" }
        return giftMessage
    }
}
