import Foundation

/// Every entry under a directory with its kind, permissions and bytes, so a test can check that
/// a refused command wrote, created, removed and changed nothing.
struct DirectoryTree: Equatable, CustomStringConvertible {
    /// One entry: "d" (directory), "l -> target" (link) or "f" and its bytes.
    struct Entry: Equatable {
        var kind: String
        var permissions: Int
        var bytes: Data
    }

    var entries: [String: Entry]

    /// The tree under `url` (entries by path relative to it; the root itself included as ".").
    static func snapshot(_ url: URL) throws -> DirectoryTree {
        let manager = FileManager.default
        var entries: [String: Entry] = [:]
        func visit(_ path: String, relative: String) throws {
            let attributes = try manager.attributesOfItem(atPath: path)
            let permissions = (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
            switch attributes[.type] as? FileAttributeType {
            case .typeDirectory?:
                entries[relative] = Entry(kind: "d", permissions: permissions, bytes: Data())
                for name in try manager.contentsOfDirectory(atPath: path) {
                    try visit(path + "/" + name, relative: relative == "." ? name : relative + "/" + name)
                }
            case .typeSymbolicLink?:
                let target = try manager.destinationOfSymbolicLink(atPath: path)
                entries[relative] = Entry(kind: "l -> " + target, permissions: permissions, bytes: Data())
            default:
                entries[relative] = Entry(kind: "f", permissions: permissions, bytes: manager.contents(atPath: path) ?? Data())
            }
        }
        try visit(url.path, relative: ".")
        return DirectoryTree(entries: entries)
    }

    var description: String {
        entries.keys.sorted().map { "\($0) \(entries[$0]!.kind) \(String(entries[$0]!.permissions, radix: 8)) \(entries[$0]!.bytes.count)" }
            .joined(separator: "\n")
    }
}
