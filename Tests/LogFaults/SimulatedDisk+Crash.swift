import TestSupport

extension DiskState {
    /// The state after a power loss now, chosen by `seed` (see ``SimulatedDisk``'s model).
    func crashed(seed: UInt64) -> DiskState {
        var random = SplitMix64(seed: seed)
        var next = DiskState()
        next.nextInode = nextInode
        for (inode, file) in files {
            let bytes = Self.crashedBytes(of: file, random: &random)
            next.files[inode] = File(data: bytes, durable: bytes, pending: [])
        }
        for (path, directory) in directories {
            var entries = directory.durable
            for change in directory.pending where random.next() % 2 == 0 { Self.apply(change, to: &entries) }
            next.directories[path] = Directory(entries: entries, durable: entries, pending: [])
        }
        // Files no entry names are gone.
        let named = Set(next.directories.values.flatMap { $0.entries.values })
        next.files = next.files.filter { named.contains($0.key) }
        return next
    }

    /// A file's bytes after a crash: each sector from one moment among the synced state and the
    /// states after each pending change, the length from one moment too.
    private static func crashedBytes(of file: File, random: inout SplitMix64) -> [UInt8] {
        guard !file.pending.isEmpty else { return file.durable }
        var moments = [file.durable]
        var data = file.durable
        for change in file.pending {
            apply(change, to: &data)
            moments.append(data)
        }
        let length = moments[Int(random.next() % UInt64(moments.count))].count
        var bytes = [UInt8](repeating: 0, count: length)
        let sector = SimulatedDisk.sectorSize
        var start = 0
        while start < length {
            let end = min(start + sector, length)
            // Sectors no pending change touched are the same at every moment.
            let moment = moments[Int(random.next() % UInt64(moments.count))]
            if moment.count > start {
                let available = min(end, moment.count)
                bytes.replaceSubrange(start..<available, with: moment[start..<available])
            }
            start = end
        }
        return bytes
    }
}
