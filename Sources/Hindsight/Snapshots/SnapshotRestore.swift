import Projections

/// Restores many projectors from their snapshots at once: each projector's file is read,
/// checked and decoded in a child task of its own, so the restores share the cores and the
/// total is about the longest one rather than the sum.
///
/// A snapshot that is missing leaves its projector at position 0; one that is damaged, or was
/// taken by another version or under another configuration, leaves its projector at position 0
/// too (it is rebuilt from the log) and is reported in the ``Outcome``, so that the caller can
/// remove it once it knows the store is its own (after taking the log's lock).
package enum SnapshotRestore {
    /// What a restore did.
    package struct Outcome: Sendable {
        /// A snapshot a projector took: its projection's name, and the log position and anchor
        /// it covers (to be confirmed against the log, see ``LogAnchor``).
        package struct Taken: Sendable, Equatable {
            package var projection: String
            package var position: UInt64
            package var logAnchor: LogAnchor?

            /// A snapshot taken: of `projection`, covering the log through `position`.
            package init(projection: String, position: UInt64, logAnchor: LogAnchor?) {
                self.projection = projection
                self.position = position
                self.logAnchor = logAnchor
            }
        }

        /// The snapshots taken, in the order of the projectors given.
        package var taken: [Taken] = []
        /// The snapshots found but not taken (name, why), in the order given; damaged files are
        /// already reported by ``SnapshotStore/load(_:)`` and are not listed.
        package var discarded: [(projection: String, reason: String)] = []
    }

    /// Restores each of `projectors` from its snapshot in `store` where one matches, concurrently.
    /// Removes nothing: see ``discard(_:in:)``.
    /// - Complexity: the work of every load and decode, spread over the cooperative pool.
    package static func restore(_ projectors: [any RunnableProjector], from store: SnapshotStore) async -> Outcome {
        let results = await withTaskGroup(of: (Int, Result<Outcome.Taken, Discarded>?).self) { group in
            for (index, projector) in projectors.enumerated() {
                group.addTask { (index, await restore(projector, from: store)) }
            }
            var results = [Result<Outcome.Taken, Discarded>?](repeating: nil, count: projectors.count)
            for await (index, result) in group { results[index] = result }
            return results
        }
        var outcome = Outcome()
        for (projector, result) in zip(projectors, results) {
            switch result {
            case .success(let taken): outcome.taken.append(taken)
            case .failure(let discarded): outcome.discarded.append((projector.name, discarded.reason))
            case nil: break
            }
        }
        return outcome
    }

    /// Says why each snapshot of `outcome` was discarded through the store's log, and removes it.
    package static func discard(_ outcome: Outcome, in store: SnapshotStore) {
        for (projection, reason) in outcome.discarded {
            store.log("discarded snapshot \(store.path(of: projection)): \(reason); rebuilding from the log")
            store.remove(projection)
        }
    }

    /// Why a snapshot was not taken.
    private struct Discarded: Error {
        var reason: String
    }

    /// Loads `projector`'s snapshot from `store` and restores it.
    /// - Returns: nil when there is no usable file, success when the projector took the snapshot.
    private static func restore(_ projector: any RunnableProjector,
                                from store: SnapshotStore) async -> Result<Outcome.Taken, Discarded>? {
        guard let snapshot = store.load(projector.name) else { return nil }
        let reason = await projector.restore(from: snapshot)
        // Decoded: what the state keeps of the file in place (undo entries, the activity ledger's
        // cards) is read again only where a change needs it, so the process lets go of the pages.
        (snapshot.owner as? MappedFile)?.releaseResidentPages()
        guard let reason else {
            return .success(Outcome.Taken(projection: snapshot.projection, position: snapshot.position,
                                          logAnchor: snapshot.logAnchor))
        }
        return .failure(Discarded(reason: reason))
    }
}
