/// The repository a run belongs to: SARIF and GitHub annotations name files relative to it,
/// because GitHub resolves paths against the checkout's root, not the folder the tool ran in.
public enum RepositoryRoot {
    /// The nearest folder at or above `directory` (absolute) that holds a `.git` entry (a
    /// folder, or a file in worktrees and submodules); `directory` itself when there is none.
    public static func find(from directory: String) -> String {
        var folder = PathUtilities.normalize(directory)
        while true {
            if PathUtilities.exists(PathUtilities.join(folder, ".git")) { return folder }
            let parent = PathUtilities.directory(of: folder)
            if parent == folder || parent.isEmpty { return PathUtilities.normalize(directory) }
            folder = parent
        }
    }
}

extension ReportInput {
    /// A display path made absolute against `currentDirectory` (unchanged when that is nil).
    public func absolutePath(_ path: String) -> String? {
        if path.hasPrefix("/") { return PathUtilities.normalize(path) }
        guard let currentDirectory else { return nil }
        return PathUtilities.absolute(path, relativeTo: currentDirectory)
    }

    /// The path relative to `repositoryRoot` when the file lies inside it; nil otherwise (no
    /// root known, or a file elsewhere).
    public func repositoryRelativePath(_ path: String) -> String? {
        guard let repositoryRoot, let absolute = absolutePath(path) else { return nil }
        let root = PathUtilities.normalize(repositoryRoot)
        let prefix = root == "/" ? "/" : root + "/"
        guard absolute.hasPrefix(prefix) else { return nil }
        return String(absolute.dropFirst(prefix.count))
    }
}

/// Percent-encoding for URI references (RFC 3986): a path's unreserved characters, `/` and
/// the sub-delimiters stay; everything else, `:` included (so a relative reference never
/// looks like a scheme) and every non-ASCII byte of the UTF-8 form, is `%XX`.
public enum URIEncoding {
    public static func encodePath(_ path: String) -> String {
        var output = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                output.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                if "-._~/!$&'()*+,;=@".utf8.contains(byte) {
                    output.unicodeScalars.append(Unicode.Scalar(byte))
                } else {
                    output += "%" + hex(byte)
                }
            }
        }
        return output
    }

    /// `file:///abs/path/` for an absolute folder (with the trailing slash SARIF base URIs need).
    public static func fileURI(folder: String) -> String {
        let normalized = PathUtilities.normalize(folder)
        let withSlash = normalized.hasSuffix("/") ? normalized : normalized + "/"
        return "file://" + encodePath(withSlash)
    }

    /// `file:///abs/path/File.swift` for an absolute file.
    public static func fileURI(file: String) -> String {
        "file://" + encodePath(PathUtilities.normalize(file))
    }

    static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0x0F)])
    }
}
