import Foundation

/// Checks a service endpoint: an `https` URL (or `http` to a loopback host, for a model served on
/// the device) with a host, and no user, password, query or fragment, where a secret could hide;
/// secrets belong behind the credential reference, never in the log.
enum EndpointPolicy {
    /// `text`, trimmed, as an endpoint.
    /// - Throws: ``StoreError`` `invalidValue` (field `endpoint`) saying what an endpoint must be.
    static func endpoint(_ text: String) throws(StoreError) -> String {
        let trimmed = try Input.nonEmpty(text, field: "endpoint")
        guard let url = URLComponents(string: trimmed), let scheme = url.scheme?.lowercased(),
              let host = url.host, !host.isEmpty else {
            throw invalid(trimmed, "is not a URL with a scheme and a host")
        }
        guard scheme == "https" || (scheme == "http" && ["localhost", "127.0.0.1", "::1"].contains(host)) else {
            throw invalid(trimmed, "must use https (http only to localhost)")
        }
        guard url.user == nil, url.password == nil, url.query == nil, url.fragment == nil else {
            throw invalid(trimmed, "must not hold a user, password, query or fragment; keep secrets behind the credential reference")
        }
        return trimmed
    }

    private static func invalid(_ text: String, _ reason: String) -> StoreError {
        StoreError(.invalidValue, "endpoint '\(text)' \(reason)", field: "endpoint")
    }
}
