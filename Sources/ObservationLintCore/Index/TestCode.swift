import ObservationSyntax

// Code that only test targets (or documentation) build: the app never runs it, so its
// writes, reads and view constructions witness nothing (SPEC §10).

extension ProjectIndex {
    /// Whether the app never runs the code of the file at position `file`: it is test or
    /// documentation code by its folders (`SourceRole`: `Tests`, `AppTests`, `.docc`), or it
    /// imports a test framework (`XCTest`, `Testing`), which no app target links: a test
    /// file kept in an app folder and left out of the app target by the project; or only
    /// test bundles of an Xcode project compile it (`buildTargets`).
    public func neverRunsInApp(file: Int) -> Bool {
        filesOutsideApp.value {
            files.indices.map { position in
                let file = files[position]
                return !SourceRole(path: file.path).isReportedByDefault
                    || file.imports.contains { $0.module == "XCTest" || $0.module == "Testing" }
                    || buildTargets[position]?.isTestCodeOnly == true
            }
        }[file]
    }
}
