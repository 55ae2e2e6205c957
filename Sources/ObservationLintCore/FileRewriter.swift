import Foundation

/// Writes a fixed file in place of the one that was linted (`--fix`): atomically (a
/// temporary file in the same folder, with the same permissions, renamed over it), and only
/// if the file still holds the text that was read (an editor may have saved it since).
public enum FileRewriter {
    /// Nil when written; otherwise why the file was left alone.
    public static func replace(_ path: String, displayPath: String, expecting original: [UInt8], with bytes: [UInt8]) -> InputError? {
        // Through a symlink, the file it points to is the one to replace.
        let target = PathUtilities.realPath(path) ?? path
        guard let current = FileManager.default.contents(atPath: target) else {
            return InputError(file: displayPath, message: "cannot read the file again to fix it; it was left alone")
        }
        guard [UInt8](current) == original else {
            return InputError(file: displayPath, message: "the file changed on disk since it was read; it was left alone (run --fix again)")
        }
        let attributes = (try? FileManager.default.attributesOfItem(atPath: target)) ?? [:]
        let folder = (target as NSString).deletingLastPathComponent
        let name = (target as NSString).lastPathComponent
        let temporary = folder + "/.\(name).observation-lint-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max)).tmp"
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: temporary), options: .withoutOverwriting)
            if let permissions = attributes[.posixPermissions] {
                try FileManager.default.setAttributes([.posixPermissions: permissions], ofItemAtPath: temporary)
            }
            guard rename(temporary, target) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: String(cString: strerror(errno))])
            }
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            return InputError(file: displayPath, message: "cannot write the fixed file (\(error.localizedDescription)); it was left alone")
        }
        return nil
    }
}
