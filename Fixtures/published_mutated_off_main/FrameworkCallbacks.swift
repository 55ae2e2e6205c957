import Combine
import CoreLocation
import LocalAuthentication
import SwiftUI

final class VaultModel: ObservableObject { // expect: observable_object_main_actor
    @Published var isUnlocked = false
    @Published var token = ""
    @Published var city = ""

    func unlock() {
        LAContext().evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Open the vault") { granted, _ in
            self.isUnlocked = granted // expect: published_mutated_off_main
        }
    }

    func refresh() -> AnyPublisher<Bool, Never> {
        Future { promise in
            Task {
                self.token = "fresh" // expect: published_mutated_off_main
                promise(.success(true))
            }
        }.eraseToAnyPublisher()
    }

    func locate(_ location: CLLocation) {
        CLGeocoder().reverseGeocodeLocation(location) { placemarks, _ in
            self.city = placemarks?.first?.locality ?? ""
        }
    }
}

struct VaultView: View {
    @StateObject private var vault = VaultModel()

    var body: some View {
        VStack {
            Text(vault.isUnlocked ? "Open" : "Locked")
            Text(vault.token)
            Text(vault.city)
        }
        .onAppear { vault.unlock() }
    }
}
