import Combine
import Foundation

struct Photo: Identifiable, Hashable {
    let id: UUID
    var title: String
    var data: Data
}

/// Imports and thumbnails photos on background queues.
final class PhotoLibrary: LoadingModel {
    @Published var photos: [Photo] = []
    @Published var thumbnails: [UUID: Data] = [:]
    @Published var importProgress = 0.0

    private let thumbnailQueue = DispatchQueue(label: "com.example.photos.thumbnails", qos: .utility)
    private let importQueue: OperationQueue
    private let session = URLSession(configuration: .default)

    init() {
        importQueue = OperationQueue()
        importQueue.maxConcurrentOperationCount = 2
    }

    func reload() {
        isLoading = true
        DispatchQueue.global(qos: .userInitiated).async { [weak self] in
            let loaded = PhotoStore.loadAll()
            self?.photos = loaded // expect: published_mutated_off_main
            self?.isLoading = false // expect: published_mutated_off_main
        }
    }

    func makeThumbnails() {
        for photo in photos {
            thumbnailQueue.async {
                let thumbnail = PhotoStore.thumbnail(of: photo.data)
                self.thumbnails[photo.id] = thumbnail // expect: published_mutated_off_main
            }
        }
    }

    func importPhotos(_ urls: [URL]) {
        importProgress = 0
        for (offset, url) in urls.enumerated() {
            importQueue.addOperation {
                let photo = PhotoStore.read(url)
                self.photos.append(photo) // expect: published_mutated_off_main
                self.importProgress = Double(offset + 1) / Double(urls.count) // expect: published_mutated_off_main
            }
        }
    }

    func download(from url: URL) {
        session.dataTask(with: url) { data, _, error in
            if let error {
                self.lastError = error.localizedDescription // expect: published_mutated_off_main
                return
            }
            guard let data else { return }
            self.photos.append(Photo(id: UUID(), title: url.lastPathComponent, data: data)) // expect: published_mutated_off_main
        }.resume()
    }

    func rename(_ photo: Photo, to title: String) {
        let renameQueue = DispatchQueue(label: "com.example.photos.rename")
        renameQueue.async {
            guard let index = self.photos.firstIndex(of: photo) else { return }
            self.photos[index].title = title // expect: published_mutated_off_main
        }
    }
}

/// Shared by every library window.
let exportQueue = DispatchQueue(label: "com.example.photos.export", qos: .background)

extension PhotoLibrary {
    func export(_ photo: Photo) {
        exportQueue.async {
            self.importProgress = 0 // expect: published_mutated_off_main
        }
    }
}

enum PhotoStore {
    static func loadAll() -> [Photo] { [] }
    static func thumbnail(of data: Data) -> Data { data }
    static func read(_ url: URL) -> Photo { Photo(id: UUID(), title: url.lastPathComponent, data: Data()) }
}
