import Events

extension ReadModels {
    /// Fresh read models for `configuration`, folded from the log of the store in
    /// `dataDirectory` up to `asOf` ("time travel"), and the last position folded. Nothing is
    /// written: no snapshot is read or saved, the log is not locked.
    ///
    /// The result equals a fold of the log's first P events into fresh models, P being the
    /// returned position. Only the projectors `selecting` picks are folded (all by default); the
    /// others stay empty at position 0 and must not be read.
    /// - Throws: ``HistoryError`` for a missing or damaged log, or a position beyond its end;
    ///   ``StoreError`` `invalidValue` for a configuration it cannot honour.
    /// - Complexity: O(events folded).
    package static func asOf(_ asOf: AsOf, dataDirectory: String,
                             configuration: ReadModelConfiguration,
                             selecting: (ReadModels) -> [any RunnableProjector] = \.all) async throws -> (models: ReadModels, position: UInt64) {
        let models = try ReadModels(configuration: configuration)
        let selected = selecting(models)
        let position = try await LogHistory(dataDirectory: dataDirectory).forEachBatch(asOf: asOf) { batch in
            for projector in selected { await projector.apply(batch) }
        }
        return (models, position)
    }
}
