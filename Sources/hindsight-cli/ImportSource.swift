import Foundation
import Hindsight
import FSRS

/// Where an import's text comes from: a file the store's import reads itself, or standard input
/// (`-`), a pipe or a device (`/dev/stdin`), which cannot be read by size and is therefore
/// copied whole into a temporary file first and read from there like any file.
enum ImportSource {
    /// The FILE that means standard input.
    static let standardInput = "-"

    /// The path to read `file` (absolute, or ``standardInput``) from: standard input is `/dev/stdin`.
    static func readablePath(_ file: String) -> String { file == standardInput ? "/dev/stdin" : file }

    /// How errors name `file`: its path, or "standard input".
    static func displayName(_ file: String) -> String { file == standardInput ? "standard input" : file }

    /// A regular file to read `file` (absolute, or ``standardInput``) from, for an import that
    /// reads it more than once: `file` itself, or, for standard input, a pipe or a device, a copy
    /// made at `spool` (which the caller removes).
    /// - Throws: ``ImportCommandError`` when a pipe fails while being read or the copy cannot be made.
    static func regularFile(_ file: String, spool: String) throws -> String {
        guard file == standardInput || isStream(file) else { return file }
        try copy(file, to: spool)
        return spool
    }

    /// The temporary file a copy of `file` is made in (see ``regularFile(_:spool:)``).
    static func spoolPath(_ spoolID: UUID) -> String {
        NSTemporaryDirectory() + "/hindsight-import-\(spoolID.uuidString).spool"
    }

    /// Whether `path` exists and is neither a regular file nor a directory (a FIFO, a character
    /// device, a socket): something to read to its end rather than by its size.
    private static func isStream(_ path: String) -> Bool {
        guard let type = try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType else {
            return false
        }
        return type != .typeRegular && type != .typeDirectory
    }

    /// Copies `file` (or standard input) to its end into a new file at `spool`, in chunks.
    private static func copy(_ file: String, to spool: String) throws {
        let name = displayName(file)
        guard let input = file == standardInput ? FileHandle.standardInput : FileHandle(forReadingAtPath: file) else {
            throw ImportCommandError("cannot read \(name): it cannot be opened; check its permissions; nothing was imported")
        }
        guard FileManager.default.createFile(atPath: spool, contents: nil, attributes: [.posixPermissions: 0o600]),
              let output = FileHandle(forWritingAtPath: spool) else {
            throw ImportCommandError("cannot copy \(name) to a temporary file in \(NSTemporaryDirectory()); "
                                     + "check that directory ($TMPDIR); nothing was imported")
        }
        defer { try? output.close() }
        do {
            while let chunk = try input.read(upToCount: 1 << 20), !chunk.isEmpty {
                try output.write(contentsOf: chunk)
            }
        } catch {
            throw ImportCommandError("cannot read \(name) to its end: \(error.localizedDescription); nothing was imported")
        }
    }

    /// Checks the header of a revlog CSV before the store is asked anything (which profile,
    /// which deck), so a file that is not a revlog at all is named as such first.
    /// - Throws: ``ImportCommandError`` naming the line, what was found, and, for a CSV export of
    ///   events, what to import instead.
    static func checkRevlogHeader(_ text: String, file: String) throws(ImportCommandError) {
        var rest = text.utf8[...]
        var lineNumber = 1
        while !rest.isEmpty {
            let end = rest.firstIndex(of: UInt8(ascii: "\n")) ?? rest.endIndex
            let line = rest[rest.startIndex..<end]
            if !line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
                do { _ = try RevlogCSV.parse(String(decoding: line, as: UTF8.self)) } catch {
                    let exported = line.starts(with: "position,eventId,type,".utf8)
                        ? "; this is a CSV export of events, which import does not read: import the JSON Lines export "
                            + "('export --format jsonl') instead" : ""
                    throw ImportCommandError("line \(lineNumber): \(error.message) (path \(displayName(file)))"
                                             + "\(exported); nothing was imported")
                }
                return
            }
            lineNumber += 1
            rest = end == rest.endIndex ? rest[end...] : rest[rest.index(after: end)...]
        }
    }
}
