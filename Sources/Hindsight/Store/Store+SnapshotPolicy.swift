extension Store {
    /// Writes every read model's snapshot when the policy's count of events since the last ones
    /// is reached (``StoreOptions/SnapshotPolicy/everyEvents``). The caller holds the gate, after
    /// its batch was appended and folded.
    ///
    /// A failure here is not the command's or the import's: their events are recorded and folded,
    /// and snapshots are only a cache (the next open folds the log past older ones). Throwing
    /// would tell the caller that a recorded batch failed (an import would say "nothing was
    /// imported"). The failure goes to ``StoreOptions/diagnostics`` instead, and the next batch
    /// tries again.
    func saveSnapshotsIfDue() async {
        guard let every = options.snapshots.everyEvents, position - lastSnapshotPosition >= UInt64(every) else { return }
        do {
            try await saveSnapshots()
        } catch {
            options.diagnostics("snapshots not written at position \(position) (the events are recorded; the next open folds them from the log): \(error)")
        }
    }
}
