extension EarlierEventVersion {
    /// The log-encoded body of this earlier-version event, for writing legacy records (golden
    /// files, migration tests) as an ``UnknownEvent``-shaped record that decoders then upcast.
    package var logBody: [UInt8] {
        var writer = BinaryWriter()
        encode(to: &writer)
        return writer.bytes
    }
}
