import EventLog
import Foundation

/// Names the files of a data directory the store does not use, for ``StoreVerifier``: anything
/// beside `log/`, `snapshots/` and `personal/`; in `log/` anything but segments, their indexes and
/// seals, and the lock; in `snapshots/` anything but `*.snapshot`; in `personal/` anything but
/// `<profile-uuid>.json`. A file with a name the store uses but of the wrong kind (a directory or
/// a symbolic link where a file belongs) is named too, and so is a leftover `*.tmp` of an
/// interrupted write. Each comes with a reason a user understands.
enum DataDirectoryFiles {
    /// The unrecognised files of the data directory `layout`, in path order.
    static func unrecognised(in layout: DataDirectoryLayout) -> [UnrecognisedFile] {
        var found: [UnrecognisedFile] = []
        for name in names(in: layout.path) where !["log", "snapshots", "personal"].contains(name) {
            found.append(UnrecognisedFile(path: layout.path + "/" + name,
                                          reason: "not part of a Hindsight store; the store never reads or changes it"))
        }
        found += files(in: layout.log, expected: isLogFile, what: "the log uses only its segments (<20 digits>.log), "
                       + "their .idx and .seal files and writer.lock; it ignores this one")
        found += files(in: layout.snapshots, expected: { $0.hasSuffix(".snapshot") },
                       what: "the store reads only <read model>.snapshot files here; it ignores this one")
        found += files(in: layout.personal, expected: isPersonalFile,
                       what: "the personal-data store reads only <profile UUID>.json files; it ignores this one")
        return found.sorted { $0.path < $1.path }
    }

    /// The entries of `directory` that are not files the store expects there, each with why.
    private static func files(in directory: String, expected: (String) -> Bool, what: String) -> [UnrecognisedFile] {
        var found: [UnrecognisedFile] = []
        for name in names(in: directory) {
            let path = directory + "/" + name
            if name.hasSuffix(SegmentName.temporarySuffix) {
                found.append(UnrecognisedFile(path: path, reason: "left over from a write that was interrupted; "
                                              + "the store deletes or replaces it when it next writes here"))
            } else if !expected(name) {
                found.append(UnrecognisedFile(path: path, reason: what))
            } else if let kind = wrongKind(path) {
                found.append(UnrecognisedFile(path: path, reason: "is \(kind) where the store expects a plain file; "
                                              + "the store cannot use it: move it away and restore the file from a backup"))
            }
        }
        return found
    }

    /// "a directory" or "a symbolic link" when `path` is not a regular file.
    private static func wrongKind(_ path: String) -> String? {
        let type = (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
        switch type {
        case .typeDirectory?: return "a directory"
        case .typeSymbolicLink?: return "a symbolic link"
        case .typeRegular?, nil: return nil
        default: return "a special file"
        }
    }

    private static func isLogFile(_ name: String) -> Bool {
        if name == SegmentName.lockFile || SegmentName.base(ofSegment: name) != nil { return true }
        for suffix in [".idx", ".seal"] where name.hasSuffix(suffix) {
            let digits = name.dropLast(suffix.count)
            return digits.utf8.count == 20 && digits.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        }
        return false
    }

    private static func isPersonalFile(_ name: String) -> Bool {
        name.hasSuffix(".json") && UUID(uuidString: String(name.dropLast(5))) != nil
    }

    private static func names(in directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
    }
}
