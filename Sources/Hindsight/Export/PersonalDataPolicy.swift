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

    /// The text an export shows for `reference`.
    func text(of reference: PersonalDataReference) -> String {
        switch policy {
        case .resolve(let resolver):
            return resolver.value(of: reference).exportText
        case .redact(let salt):
            let mac = Self.mac(reference, salt: salt)
            return "person-" + mac.prefix(4).map { byte in
                let hex = String(byte, radix: 16)
                return byte < 16 ? "0" + hex : hex
            }.joined()
        }
    }

    /// The event as exported: under redaction every reference is swapped for its pseudonymous
    /// UUID; otherwise the event unchanged.
    func exported(_ event: RecordedEvent) -> RecordedEvent {
        guard case .redact(let salt) = policy, !event.event.personalDataFields.isEmpty else { return event }
        let replaced = event.event.replacingPersonalData { reference in
            let mac = Self.mac(reference, salt: salt)
            return PersonalDataReference(key: mac.withUnsafeBufferPointer { buffer in
                UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buffer)[16..<32]).loadUnaligned(as: UUID.self)
            })
        }
        return RecordedEvent(position: event.position, id: event.id, stream: event.stream,
                             streamVersion: event.streamVersion, profile: event.profile, occurred: event.occurred,
                             recordedAt: event.recordedAt, event: replaced)
    }

    /// The personal-data fields of `event` (as recorded, before redaction) with their texts,
    /// keyed by the path of each field in the event's payload.
    func texts(of event: DomainEvent) -> [(path: PersonalDataField.Path, text: String)] {
        event.personalDataFields.map { ($0.path, text(of: $0.reference)) }
    }

    private static func mac(_ reference: PersonalDataReference, salt: String) -> [UInt8] {
        let bytes = withUnsafeBytes(of: reference.key.uuid) { Array($0) }
        return SHA256.hmac(key: Array(salt.utf8), message: bytes)
    }
}
