#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one wording of a permission problem, wherever a store's file or directory cannot be read
/// because of who runs the program: the data is there, so the advice is about the user and the
/// permissions, never to restore, rebuild or delete anything.
package enum PermissionDenied {
    /// Whether the system's error number `errorNumber` is a permission problem (`EACCES`, `EPERM`).
    package static func matches(_ errorNumber: Int32) -> Bool {
        errorNumber == EACCES || errorNumber == EPERM
    }

    /// "permission denied reading `what`; run as the store's owner or fix its permissions".
    package static func message(reading what: String) -> String {
        "permission denied reading \(what); run as the store's owner or fix its permissions"
    }
}
