import EventLog
import Foundation
import Events
import SystemSeam

/// What a personal-data reference resolves to.
public enum PersonalDataValue: Sendable, Equatable, CustomStringConvertible {
    /// The text stored.
    case text(String)
    /// The profile it belonged to was forgotten: the value is gone for good.
    case erased
    /// No such entry (never written, e.g. a reference from another store).
    case unknown

    public var description: String {
        switch self {
        case .text(let text): text
        case .erased: "[erased]"
        case .unknown: "[unknown]"
        }
    }
}

/// The mutable side store beside the log that holds personal data (names, a child's name,
/// story text): one JSON file per profile, `<personal>/<profile-uuid>.json`, replaced atomically
/// on every change. Forgetting a profile replaces its file by a tombstone that keeps only the
/// erased keys, so their references read as ``PersonalDataValue/erased``.
///
/// It is the ``PersonalDataResolver`` of exports: ``openReadOnly(directory:)`` reads it beside a
/// store that may be running (each file is replaced atomically, so a reader sees whole files).
package struct PersonalDataStore: PersonalDataResolver {
    /// One profile's file.
    struct ProfileFile: Codable, Equatable {
        /// The stored values by reference key (upper-case UUID string).
        var entries: [String: String] = [:]
        /// Keys whose values were erased when the profile was forgotten.
        var erased: [String] = []
    }

    /// The side store's directory.
    package let directory: String
    /// The seam its reads and writes go through.
    private let fileSystem: FileSystem
    private var files: [ProfileID: ProfileFile] = [:]
    private var owners: [UUID: ProfileID] = [:]

    /// The side store in `directory`, created if missing, every file read.
    /// - Throws: ``StoreError`` `personalData` when the directory cannot be made, a file or the
    ///   directory cannot be read (permission denied: run as the owner; never advice to remove
    ///   anything), or a file reads but does not decode (damaged: restore it from a backup or
    ///   remove it to lose its entries).
    init(directory: String, fileSystem: FileSystem = .posix) throws(StoreError) {
        do {
            try fileSystem.makeDirectory(directory)
        } catch {
            throw StoreError(.personalData, "cannot create the personal-data directory: \(error)", path: directory)
        }
        try self.init(reading: directory, fileSystem: fileSystem)
    }

    /// The side store in `directory` for reading only: nothing is created or written; a missing
    /// directory is an empty side store (every reference reads as unknown).
    /// - Throws: ``StoreError`` `personalData` when the directory or a file cannot be read
    ///   (permission denied, I/O error) or a file does not decode, naming it.
    package static func openReadOnly(directory: String) throws(StoreError) -> PersonalDataStore {
        try PersonalDataStore(reading: directory, fileSystem: .posix)
    }

    private init(reading directory: String, fileSystem: FileSystem) throws(StoreError) {
        self.directory = directory
        self.fileSystem = fileSystem
        let names = (try PersonalDataFiles.names(in: directory, fileSystem: fileSystem) ?? []).filter { $0.hasSuffix(".json") }.sorted()
        for name in names {
            let path = directory + "/" + name
            guard let uuid = UUID(uuidString: String(name.dropLast(5))) else { continue }
            guard let bytes = try PersonalDataFiles.contents(of: path, fileSystem: fileSystem) else { continue }
            guard let file = try? JSONDecoder().decode(ProfileFile.self, from: Data(bytes)) else {
                throw StoreError(.personalData, "personal-data file is damaged: it reads but does not decode; "
                                 + "restore it from a backup, or remove it to lose its names", path: path)
            }
            let profile = ProfileID(uuid)
            files[profile] = file
            for key in file.entries.keys + file.erased {
                if let id = UUID(uuidString: key) { owners[id] = profile }
            }
        }
    }

    /// What `reference` holds, as an export shows it.
    package func value(of reference: PersonalDataReference) -> PersonalValue {
        switch storedValue(of: reference) {
        case .text(let text): .value(text)
        case .erased: .erased
        case .unknown: .unknown
        }
    }

    /// How many values of `profile` are held (not erased).
    func valueCount(of profile: ProfileID) -> Int { files[profile]?.entries.count ?? 0 }

    /// What `reference` holds.
    func storedValue(of reference: PersonalDataReference) -> PersonalDataValue {
        guard let owner = owners[reference.key], let file = files[owner] else { return .unknown }
        let key = reference.key.uuidString
        if let text = file.entries[key] { return .text(text) }
        return file.erased.contains(key) ? .erased : .unknown
    }

    /// Stores `entries` for `profile` (one atomic file write).
    /// - Throws: ``StoreError`` `personalData` when the file cannot be written.
    mutating func store(_ entries: [(reference: PersonalDataReference, text: String)], profile: ProfileID) throws(StoreError) {
        guard !entries.isEmpty else { return }
        var file = files[profile] ?? ProfileFile()
        for (reference, text) in entries { file.entries[reference.key.uuidString] = text }
        try write(file, profile: profile)
        for (reference, _) in entries { owners[reference.key] = profile }
    }

    /// Records `references` of `profile` as erased (an import of an export made after the profile
    /// was forgotten): they read as erased, as in the store exported. One atomic file write.
    /// - Throws: ``StoreError`` `personalData` when the file cannot be written.
    mutating func markErased(_ references: [PersonalDataReference], profile: ProfileID) throws(StoreError) {
        guard !references.isEmpty else { return }
        var file = files[profile] ?? ProfileFile()
        let keys = references.map(\.key.uuidString)
        for key in keys { file.entries[key] = nil }
        file.erased = Array(Set(file.erased).union(keys)).sorted()
        try write(file, profile: profile)
        for reference in references { owners[reference.key] = profile }
    }

    /// Erases every value of `profile`, keeping the keys as erased.
    /// - Returns: how many values were erased.
    /// - Throws: ``StoreError`` `personalData` when the file cannot be written.
    mutating func forget(_ profile: ProfileID) throws(StoreError) -> Int {
        var file = files[profile] ?? ProfileFile()
        let count = file.entries.count
        file.erased = Array(Set(file.erased).union(file.entries.keys)).sorted()
        file.entries = [:]
        try write(file, profile: profile)
        return count
    }

    /// The path of `profile`'s file.
    func path(of profile: ProfileID) -> String { directory + "/" + profile.uuid.uuidString + ".json" }

    private mutating func write(_ file: ProfileFile, profile: ProfileID) throws(StoreError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data: Data
        do { data = try encoder.encode(file) } catch {
            throw StoreError(.personalData, "cannot encode the personal data: \(error)", path: path(of: profile))
        }
        try AtomicFile.replace([UInt8](data), to: path(of: profile), directory: directory, fileSystem: fileSystem)
        files[profile] = file
    }
}
