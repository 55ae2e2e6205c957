import SwiftUI

struct UnreadBadge {
    @EnvironmentObject var mailbox: Mailbox // expect: unread_observed_object
    @State private var count = 0 // expect: stale_state_copy
}

extension UnreadBadge: View {
    var body: some View {
        Text("\(count)")
            .onAppear { count = mailbox.unread }
    }
}

/// Re-copied whenever the count changes: silent.
struct UnreadTitle: View {
    @EnvironmentObject var mailbox: Mailbox
    @State private var title = ""

    var body: some View {
        Text(title)
            .onAppear { title = "\(mailbox.unread) unread" }
            .onChange(of: mailbox.unread) { _, count in title = "\(count) unread" }
    }
}

/// The folder list is synced in `.task` before the copy, and each later sync sends `synced`,
/// whose handler copies again: silent for `folders`; `isSyncing` is reset later by `reset()`, which
/// sends nothing.
struct FolderHeader: View {
    @ObservedObject var mailbox: Mailbox
    @State private var folderCount = 0
    @State private var status = "" // expect: stale_state_copy

    var body: some View {
        VStack {
            Text("\(folderCount) folders")
            Text(status)
        }
        .task {
            await mailbox.sync()
            refresh()
        }
        .onReceive(mailbox.synced) { refresh() }
    }

    private func refresh() {
        folderCount = mailbox.folders.count
        if mailbox.isSyncing {
            status = "Syncing"
        } else {
            status = "Up to date"
        }
    }
}

struct OutboxSummary: View {
    let outbox: Outbox
    @State private var pendingCount = 0 // expect: stale_state_copy
    @State private var subject = ""

    var body: some View {
        VStack {
            Text("\(pendingCount) waiting")
            TextField("Subject", text: $subject)
            Button("Send") { outbox.send(subject) }
        }
        .onAppear {
            pendingCount = outbox.pending.count
            subject = outbox.pending.first ?? ""
        }
    }
}

/// The screen that shows them: each is on screen while the mailbox and the outbox change.
struct InboxScreen: View {
    @StateObject private var mailbox = Mailbox()
    @State private var outbox = Outbox()

    var body: some View {
        VStack {
            UnreadBadge()
            UnreadTitle()
            FolderHeader(mailbox: mailbox)
            OutboxSummary(outbox: outbox)
            FolderUnreadRow(folder: "Inbox")
            FolderUnreadTitle(folder: "Inbox")
        }
        .environmentObject(mailbox)
    }
}

/// Copied in `.task(id:)` of the folder the parent passes: it copies again for another folder,
/// not when mail arrives (`receive()`).
struct FolderUnreadRow: View {
    let folder: String
    @EnvironmentObject var mailbox: Mailbox // expect: unread_observed_object
    @State private var unreadAtOpen = 0 // expect: stale_state_copy

    var body: some View {
        Text("\(folder): \(unreadAtOpen)")
            .task(id: folder) { unreadAtOpen = mailbox.unread }
    }
}

/// `.task(id:)` of the count itself copies again whenever it changes: silent.
struct FolderUnreadTitle: View {
    let folder: String
    @EnvironmentObject var mailbox: Mailbox
    @State private var unread = 0

    var body: some View {
        Text("\(folder): \(unread)")
            .task(id: mailbox.unread) { unread = mailbox.unread }
    }
}
