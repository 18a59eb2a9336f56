import Foundation
import Events

/// Tells a credential reference (`keychain:openai-api-key`, `env:OPENAI_KEY`,
/// `vault:secret/data/tts`) from a secret pasted by mistake, so a secret never enters the log.
enum CredentialPolicy {
    /// Prefixes of well-known secret formats (API keys, tokens, private keys).
    static let secretPrefixes = ["sk-", "sk_", "pk_live", "rk_live", "ghp_", "gho_", "github_pat_", "xoxb-", "xoxp-",
                                 "AKIA", "ASIA", "AIza", "ya29.", "eyJ", "-----BEGIN"]

    /// `text` as a credential reference: `scheme:name`, where the scheme is a lower-case word and
    /// the name does not look like a secret.
    /// - Throws: ``StoreError`` `secretRejected` when `text` looks like a secret (or is not of the
    ///   form `scheme:name`), `invalidValue` when it breaks the reference's character rules.
    static func reference(_ text: String) throws(StoreError) -> CredentialReference {
        let reference = try Input.checked { () throws(EventValidationError) in try CredentialReference(text) }
        let afterScheme = text.firstIndex(of: ":").map { String(text[text.index(after: $0)...]) } ?? text
        if let prefix = secretPrefixes.first(where: { text.hasPrefix($0) || afterScheme.hasPrefix($0) }) {
            throw rejected("starts like a secret ('\(prefix)…')")
        }
        guard let colon = text.firstIndex(of: ":"), colon != text.startIndex else {
            throw rejected("is not a reference of the form scheme:name")
        }
        let scheme = text[..<colon]
        let name = String(text[text.index(after: colon)...])
        guard scheme.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-") }), !name.isEmpty else {
            throw rejected("is not a reference of the form scheme:name")
        }
        if looksRandom(name) {
            throw rejected("holds a long random-looking token")
        }
        return reference
    }

    /// True when some run of letters and digits is 24 characters or longer and mixes digits
    /// with both cases, or is 32 or more hex digits: the shape of keys and tokens, not of names.
    static func looksRandom(_ name: String) -> Bool {
        for run in name.split(whereSeparator: { !($0.isASCII && ($0.isLetter || $0.isNumber)) }) {
            let hasDigit = run.contains(where: \.isNumber)
            let hasUpper = run.contains(where: \.isUppercase)
            let hasLower = run.contains(where: \.isLowercase)
            if run.count >= 24 && hasDigit && hasUpper && hasLower { return true }
            if run.count >= 32 && hasDigit && run.allSatisfy(\.isHexDigit) { return true }
        }
        return false
    }

    private static func rejected(_ why: String) -> StoreError {
        StoreError(.secretRejected, "the credential \(why); store the secret in the keychain or a secrets manager and pass a reference such as keychain:openai-api-key",
                   field: "credential")
    }
}
