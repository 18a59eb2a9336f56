import Events
import Foundation

/// How an export shows personal data (the fields listed in ``DomainEvent/personalDataFields``).
public enum PersonalDataPolicy: Sendable {
    /// Each reference is resolved through the side store: its value in the clear, or
    /// `[erased]` / `[unknown]`. The events keep their references.
    case resolve(any PersonalDataResolver)
    /// Each reference is replaced by a pseudonym: `person-` followed by the first 8 hex digits
    /// of HMAC-SHA-256(key: salt, message: the reference's 16 bytes). The same reference gets the
    /// same pseudonym within an export (and in every export with the same salt); without the salt
    /// no one can tell which reference, let alone which value, it stands for. The reference in
    /// the event itself is replaced by a UUID made of bytes 16-31 of the same HMAC, so the export
    /// holds no key into the side store. Choose a new random salt per export to prevent linking
    /// exports to one another.
    case redact(salt: String)
}

/// Renders personal-data references under a ``PersonalDataPolicy``.
struct PersonalDataRenderer {
    let policy: PersonalDataPolicy
    /// The salt as an HMAC key, its blocks hashed once per export (nil unless redacting).
    private let key: HMACKey?

    /// A renderer under `policy`.
    init(policy: PersonalDataPolicy) {
        self.policy = policy
        if case .redact(let salt) = policy { key = HMACKey(Array(salt.utf8)) } else { key = nil }
    }

    /// The text an export shows for `reference`.
    func text(of reference: PersonalDataReference) -> String { render(reference).text }

    /// How an export shows `reference`: the reference the exported event holds in its place (the
    /// pseudonymous one under redaction, else itself) and the text shown for it (one HMAC under
    /// redaction). The policy's one rule, for the decoded events and the records written straight.
    func render(_ reference: PersonalDataReference) -> (reference: PersonalDataReference, text: String) {
        switch policy {
        case .resolve(let resolver): return (reference, resolver.value(of: reference).exportText)
        case .redact:
            let mac = mac(reference)
            return (Self.pseudonymReference(mac), Self.pseudonymText(mac))
        }
    }

    /// The event as exported: under redaction every reference is swapped for its pseudonymous
    /// UUID; otherwise the event unchanged.
    func exported(_ event: RecordedEvent) -> RecordedEvent { rendered(event).event }

    /// The event as exported (``exported(_:)``) and the texts of its personal-data fields (as
    /// recorded, before redaction), keyed by the path of each field in the payload: one HMAC per
    /// reference under redaction.
    func rendered(_ event: RecordedEvent) -> (event: RecordedEvent, texts: [(path: PersonalDataField.Path, text: String)]) {
        let fields = event.event.personalDataFields
        guard !fields.isEmpty else { return (event, []) }
        let renders = fields.map { render($0.reference) }
        let texts = zip(fields, renders).map { field, render in (field.path, render.text) }
        guard case .redact = policy else { return (event, texts) }
        let replaced = event.event.replacingPersonalData { reference in
            // Every reference replaced is one of the event's personal-data fields.
            renders[fields.firstIndex { $0.reference == reference }!].reference
        }
        let exported = RecordedEvent(position: event.position, id: event.id, stream: event.stream,
                                     streamVersion: event.streamVersion, profile: event.profile, occurred: event.occurred,
                                     recordedAt: event.recordedAt, event: replaced)
        return (exported, texts)
    }

    /// `person-` and the first 8 hex digits (lower case) of `mac`: its first word's.
    private static func pseudonymText(_ mac: SHA256.State) -> String {
        String(unsafeUninitializedCapacity: 15) { text in
            let digits: StaticString = "0123456789abcdef"
            let prefix: StaticString = "person-"
            for offset in 0..<7 { text[offset] = prefix.utf8Start[offset] }
            for index in 0..<8 { text[7 + index] = digits.utf8Start[Int((mac.a >> (28 - 4 * UInt32(index))) & 0xF)] }
            return 15
        }
    }

    /// The reference an export holds in place of one whose HMAC is `mac`: bytes 16-31 of it (its
    /// last four words, big-endian).
    private static func pseudonymReference(_ mac: SHA256.State) -> PersonalDataReference {
        let words = (mac.e.bigEndian, mac.f.bigEndian, mac.g.bigEndian, mac.h.bigEndian)
        return PersonalDataReference(key: withUnsafeBytes(of: words) { $0.loadUnaligned(as: UUID.self) })
    }

    /// HMAC-SHA-256 of the reference's 16 bytes under the salt (only called when redacting).
    private func mac(_ reference: PersonalDataReference) -> SHA256.State {
        // Set whenever the policy redacts, the only case that asks for a MAC.
        key!.mac(of: reference.key)
    }
}
