import EventLog
import SystemSeam

/// The personal-data side store's durable files, through the one seam shared with the log and
/// the snapshots (``DurableFile`` over ``FileSystem``): after a crash a file is the old one or the
/// new one, whole.
enum AtomicFile {
    /// Replaces `path` (in `directory`) by `bytes`, readable by the owner only.
    /// - Throws: ``StoreError`` `personalData` naming the failing call, the file and the OS error.
    static func replace(_ bytes: [UInt8], to path: String, directory: String, fileSystem: FileSystem) throws(StoreError) {
        do {
            try DurableFile.replace(bytes, at: path, in: directory, ownerOnly: true, fileSystem: fileSystem)
        } catch {
            throw failure(error)
        }
    }

    /// Syncs `directory` so that renames and removals in it survive a crash.
    /// - Throws: ``StoreError`` `personalData`.
    static func syncDirectory(_ directory: String, fileSystem: FileSystem) throws(StoreError) {
        do {
            try fileSystem.syncDirectory(directory)
        } catch {
            throw failure(error)
        }
    }

    private static func failure(_ error: SystemCallError) -> StoreError {
        StoreError(.personalData, "\(error.call) failed: \(FileSystem.describe(errno: error.errno)) (errno \(error.errno)); "
                   + "check the disk and the directory's permissions", path: error.path)
    }
}
