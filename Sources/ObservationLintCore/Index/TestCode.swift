import ObservationSyntax

// Code that only test targets (or documentation) build: the app never runs it, so its
// writes, reads and view constructions witness nothing (SPEC §10).

extension ProjectIndex {
    /// Whether the app never runs the code of the file at position `file`: it is test or
    /// documentation code by its folders (`SourceRole`: `Tests`, `AppTests`, `.docc`), or it
    /// imports a test framework (`XCTest`, `Testing`), which no app target links: a test
    /// file kept in an app folder and left out of the app target by the project.
    public func neverRunsInApp(file: Int) -> Bool {
        filesOutsideApp.value {
            files.map { file in
                !SourceRole(path: file.path).isReportedByDefault
                    || file.imports.contains { Self.testFrameworks.contains($0.module) }
            }
        }[file]
    }

    private static let testFrameworks: Set<String> = ["XCTest", "Testing"]
}
