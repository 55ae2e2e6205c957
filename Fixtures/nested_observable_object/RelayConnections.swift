import Combine
import Foundation
import SwiftUI

/// A connection whose identity, endpoint and port are settled during initialization (in
/// `init`, in a private setup method only `init` calls, or by its holder's `init`); only
/// `state` changes later.
@MainActor
final class RelayConnection: ObservableObject {
    let id = UUID()
    var endpoint: String
    private(set) var port = 0
    @Published private(set) var state = "idle"

    var address: String { "\(endpoint):\(port)" }

    init(endpoint: String) {
        self.endpoint = endpoint
        configurePort()
    }

    private func configurePort() {
        port = endpoint.hasPrefix("https") ? 443 : 80
    }

    func connect() { state = "connected" }
}

/// Its view reads only what never changes after initialization: no change to miss.
@MainActor
final class RelayDirectory: ObservableObject {
    let primary = RelayConnection(endpoint: "https://relay.example.com")
}

struct RelayAddressView: View {
    @ObservedObject var directory: RelayDirectory

    var body: some View {
        Text(directory.primary.address).help(directory.primary.id.uuidString)
    }
}

/// Its `init` points the replica elsewhere before any view observes it.
@MainActor
final class RelayMirror: ObservableObject {
    let replica = RelayConnection(endpoint: "https://mirror.example.com")

    init(region: String) {
        replica.endpoint = "https://\(region).example.com"
    }
}

struct RelayMirrorLabel: View {
    @ObservedObject var mirror: RelayMirror

    var body: some View { Text(mirror.replica.endpoint) }
}

/// Its view reads the connection's `state`, which `connect()` changes later.
@MainActor
final class RelayMonitor: ObservableObject {
    let primary = RelayConnection(endpoint: "https://relay.example.com") // expect: nested_observable_object
}

struct RelayStateView: View {
    @ObservedObject var monitor: RelayMonitor

    var body: some View {
        Text(monitor.primary.state)
        Button("Connect") { monitor.primary.connect() }
    }
}

/// Announces every change it makes to the connection (`objectWillChange.send()`, or a
/// `@Published` change in the same function): its view's reads follow.
@MainActor
final class RelaySwitchboard: ObservableObject {
    let primary = RelayConnection(endpoint: "https://switchboard.example.com")
    @Published private(set) var lastAction = ""

    func connect() {
        primary.connect()
        objectWillChange.send()
    }

    func reconnect() {
        lastAction = "reconnect"
        primary.connect()
    }
}

struct RelaySwitchboardView: View {
    @ObservedObject var switchboard: RelaySwitchboard

    var body: some View {
        Text(switchboard.primary.state + switchboard.lastAction)
        Button("Connect") { switchboard.connect() }
        Button("Reconnect") { switchboard.reconnect() }
    }
}

/// Announces one of its changes to the connection but not the other.
@MainActor
final class RelayPanel: ObservableObject {
    let primary = RelayConnection(endpoint: "https://panel.example.com") // expect: nested_observable_object

    func connect() {
        primary.connect()
        objectWillChange.send()
    }

    func connectQuietly() { primary.connect() }
}

struct RelayPanelView: View {
    @ObservedObject var panel: RelayPanel

    var body: some View {
        Text(panel.primary.state)
        Button("Connect") { panel.connect() }
        Button("Connect quietly") { panel.connectQuietly() }
    }
}

extension Notification.Name {
    static let relayLogDidChange = Notification.Name("relayLogDidChange")
}

/// A log that announces its changes with a notification and a subject of its own.
@MainActor
final class RelayLog: ObservableObject {
    @Published private(set) var lines: [String] = []
    let didTrim = PassthroughSubject<Void, Never>()

    func append(_ line: String) {
        lines.append(line)
        NotificationCenter.default.post(name: .relayLogDidChange, object: self)
    }

    func trim() {
        lines.removeFirst()
        didTrim.send()
    }
}

/// Forwards the log's notification to its own `objectWillChange`.
@MainActor
final class RelayConsole: ObservableObject {
    let log = RelayLog()
    private var observation: AnyCancellable?

    init() {
        observation = NotificationCenter.default.publisher(for: .relayLogDidChange)
            .sink { [weak self] _ in self?.objectWillChange.send() }
    }
}

/// Forwards the log's subject to its own `objectWillChange`.
@MainActor
final class RelayTrimmer: ObservableObject {
    let log = RelayLog()
    private var observation: AnyCancellable?

    init() {
        observation = log.didTrim.sink { [weak self] in self?.objectWillChange.send() }
    }
}

struct RelayLogView: View {
    @ObservedObject var console: RelayConsole
    @ObservedObject var trimmer: RelayTrimmer

    var body: some View {
        Text("\(console.log.lines.count) lines, \(trimmer.log.lines.count) kept")
        Button("Log") { console.log.append("ping") }
        Button("Trim") { trimmer.log.trim() }
    }
}
