import Combine
import UIKit

/// SwiftUI injects an ObservableObject app delegate into the environment itself.
@MainActor
final class AppDelegate: NSObject, UIApplicationDelegate, ObservableObject {
    @Published var pushToken: String?

    func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data) {
        pushToken = deviceToken.map { String(format: "%02x", $0) }.joined()
    }
}
