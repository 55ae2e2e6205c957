import SwiftUI

/// The body is in RefreshingList+Body.swift.
struct RefreshingList {
    let episodes: [String]
    @EnvironmentObject private var downloads: DownloadStore // expect: unread_observed_object
}
