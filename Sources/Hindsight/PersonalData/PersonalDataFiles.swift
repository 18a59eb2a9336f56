#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

import EventLog
import SystemSeam

/// Reads the personal-data side store's directory and files through the ``FileSystem`` seam,
/// with the system's error number kept, so that each failure is told apart: a permission problem (nothing is damaged; run as
/// the store's owner), a missing file or directory, another I/O error, and only a file that
/// reads but does not decode is damaged (see ``PersonalDataStore``).
enum PersonalDataFiles {
    /// The names of the entries in `directory`, or nil when it does not exist.
    /// - Throws: ``StoreError`` `personalData`: permission denied, not a directory, or another
    ///   system error, naming the directory.
    static func names(in directory: String, fileSystem: FileSystem) throws(StoreError) -> [String]? {
        do {
            return try fileSystem.list(directory)
        } catch {
            if error.errno == ENOENT { return nil }
            throw failure(error.errno, path: directory, reading: "the personal-data directory")
        }
    }

    /// The bytes of the file at `path`, or nil when it no longer exists.
    /// - Throws: ``StoreError`` `personalData`: permission denied, or another system error
    ///   (a directory where a file should be, an I/O error), naming the file.
    static func contents(of path: String, fileSystem: FileSystem) throws(StoreError) -> [UInt8]? {
        do {
            return try fileSystem.readFile(path)
        } catch {
            if error.errno == ENOENT { return nil }
            throw failure(error.errno, path: path, reading: "the personal-data file")
        }
    }

    /// The error for a failed read of `what` at `path` with error number `errorNumber`.
    /// Permission problems never advise removing anything: the data is there, only not readable
    /// by this user.
    static func failure(_ errorNumber: Int32, path: String, reading what: String) -> StoreError {
        let reason = String(cString: strerror(errorNumber))
        if PermissionDenied.matches(errorNumber) {
            return StoreError(.personalData, PermissionDenied.message(reading: what), path: path)
        }
        switch errorNumber {
        case ENOTDIR:
            return StoreError(.personalData, "\(what) is not a directory; move the file away so the store can use that name",
                              path: path)
        case EISDIR:
            return StoreError(.personalData, "\(what) is a directory, not a file; move it away", path: path)
        default:
            return StoreError(.personalData, "cannot read \(what): \(reason); check the disk", path: path)
        }
    }
}
