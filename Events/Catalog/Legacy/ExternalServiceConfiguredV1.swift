// A released schema version that is no longer written. Frozen: never edit a released shape.

/// `settings.external-service-configured` version 1: a name and a credential reference only.
/// Upcast to ``ExternalServiceConfigured`` (version 2) with no endpoint, no model (the
/// service's defaults) and enabled, which is how version 1 services were used.
public struct ExternalServiceConfiguredV1: EventPayload {
    /// The same type name as the current version.
    public static var typeName: String { ExternalServiceConfigured.typeName }
    /// The version of this shape.
    public static var schemaVersion: UInt32 { 1 }

    /// The service.
    public let service: String
    /// Where its credential is kept.
    public let credential: CredentialReference

    /// The version-1 event with these values.
    public init(service: String, credential: CredentialReference) {
        self.service = service
        self.credential = credential
    }

    /// Version 2 of the same configuration: default endpoint and model, enabled.
    public func upcastToCurrent() -> ExternalServiceConfigured {
        ExternalServiceConfigured(service: service, credential: credential, endpoint: nil, model: nil, enabled: true)
    }
}

extension ExternalServiceConfiguredV1: EarlierEventVersion {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        service = try String(from: &reader)
        credential = try CredentialReference(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        service.encode(to: &writer)
        credential.encode(to: &writer)
    }
}
