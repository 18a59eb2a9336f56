import Events

/// A dictionary that remembers where its most recently used key lives, so a run of changes to
/// the same key (the activity fold's per-profile and per-day tables: consecutive events are
/// nearly always the same profile on the same day) costs a key comparison instead of a hash
/// and a probe each.
///
/// The remembered position is a `Dictionary.Index`, good until a key is added or removed; both
/// forget it. It is no part of the value: equality and ``dictionary`` see only the entries.
package struct RecentKeyTable<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    /// The entries.
    package private(set) var dictionary: [Key: Value]
    /// The key last asked for and where it lives, while no key was added or removed since.
    private var recent: (key: Key, index: Dictionary<Key, Value>.Index)?

    /// A table of `dictionary`'s entries.
    package init(_ dictionary: [Key: Value] = [:]) {
        self.dictionary = dictionary
    }

    /// The value of `key`, if any.
    /// - Complexity: O(1) expected.
    @inline(__always) package subscript(key: Key) -> Value? { dictionary[key] }

    /// Where a key's value lives, for ``subscript(at:)``: good until a key is added or removed.
    package typealias Index = Dictionary<Key, Value>.Index

    /// Where `key`'s value lives, adding `makeDefault()` first when the key is absent.
    /// - Complexity: O(1) expected; a key comparison when `key` is the one last asked for.
    @inline(__always)
    package mutating func index(of key: Key, default makeDefault: () -> Value) -> Index {
        if let recent, recent.key == key { return recent.index }
        let index: Index
        if let found = dictionary.index(forKey: key) {
            index = found
        } else {
            dictionary[key] = makeDefault()
            index = dictionary.index(forKey: key)!
        }
        recent = (key, index)
        return index
    }

    /// Where `key`'s value lives, if the key is present.
    /// - Complexity: O(1) expected; a key comparison when `key` is the one last asked for.
    @inline(__always)
    package mutating func index(of key: Key) -> Index? {
        if let recent, recent.key == key { return recent.index }
        guard let index = dictionary.index(forKey: key) else { return nil }
        recent = (key, index)
        return index
    }

    /// The value at `index` (from ``index(of:default:)`` or ``index(of:)``, with no key added
    /// or removed since), changed in place.
    @inline(__always) package subscript(at index: Index) -> Value {
        get { dictionary.values[index] }
        _modify { yield &dictionary.values[index] }
    }

    /// Changes the value of `key` in place, adding `makeDefault()` first when the key is absent.
    @inline(__always)
    package mutating func modify<Result>(_ key: Key, default makeDefault: () -> Value,
                                         _ change: (inout Value) -> Result) -> Result {
        change(&self[at: index(of: key, default: makeDefault)])
    }

    /// Sets or (with nil) removes the value of `key`.
    package mutating func update(_ key: Key, to value: Value?) {
        if let value, let recent, recent.key == key {
            dictionary.values[recent.index] = value
            return
        }
        recent = nil
        dictionary[key] = value
    }
}

extension RecentKeyTable: Equatable where Value: Equatable {
    /// Equal when they hold the same entries (what each remembers aside).
    package static func == (lhs: Self, rhs: Self) -> Bool { lhs.dictionary == rhs.dictionary }
}
