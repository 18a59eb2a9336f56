/// A key of an ``OrderedKeySet``: totally ordered, with a deterministic priority (a hash of the
/// key, the same on every machine and run) that shapes the treap.
public protocol OrderedKeySetKey: Comparable, Sendable {
    /// A well-mixed hash of the key. Equal keys have equal priorities.
    var treapPriority: UInt64 { get }
}

/// An ordered set of keys: a treap whose priorities are hashes of the keys, so its shape
/// depends only on the set of keys held (never on insertion order or on randomness).
///
/// Nodes live in one array (indices, a free list) so inserts and removes allocate only when
/// the array grows. Used as the due index of the vocabulary read model: keys (due ms, card id).
public struct OrderedKeySet<Key: OrderedKeySetKey>: Sendable {
    struct Node: Sendable {
        var key: Key
        var priority: UInt64
        var left: Int32
        var right: Int32
    }

    static var none: Int32 { -1 }

    var nodes: [Node] = []
    var freeList: [Int32] = []
    var root: Int32 = -1
    /// The number of keys held.
    public private(set) var count: Int = 0

    /// An empty set.
    public init() {}

    /// The set of `sortedKeys`, which must be strictly ascending, built in one pass (a Cartesian
    /// tree by priority with a stack) instead of one descent per key. Holds the same keys, with
    /// the same heap order on priorities, as inserting them one by one.
    /// - Complexity: O(n).
    init(sortedKeys: [Key]) {
        nodes.reserveCapacity(sortedKeys.count)
        var spine: [Int32] = []  // the right spine, root first
        spine.reserveCapacity(64)
        for key in sortedKeys {
            assert(nodes.isEmpty || nodes[nodes.count - 1].key < key, "keys must be strictly ascending")
            let priority = key.treapPriority
            let fresh = Int32(nodes.count)
            var lastPopped = Self.none
            while let top = spine.last, nodes[Int(top)].priority < priority {
                lastPopped = spine.removeLast()
            }
            nodes.append(Node(key: key, priority: priority, left: lastPopped, right: Self.none))
            if let top = spine.last { nodes[Int(top)].right = fresh }
            spine.append(fresh)
        }
        root = spine.first ?? Self.none
        count = sortedKeys.count
    }

    /// True when no key is held.
    public var isEmpty: Bool { count == 0 }

    /// Whether `key` is held.
    /// - Complexity: O(log n) expected.
    public func contains(_ key: Key) -> Bool {
        var node = root
        while node != Self.none {
            let current = nodes[Int(node)]
            if key == current.key { return true }
            node = key < current.key ? current.left : current.right
        }
        return false
    }

    /// The smallest key, if any.
    /// - Complexity: O(log n) expected.
    public var first: Key? {
        var node = root
        guard node != Self.none else { return nil }
        while nodes[Int(node)].left != Self.none { node = nodes[Int(node)].left }
        return nodes[Int(node)].key
    }

    /// Adds `key`; returns false (and changes nothing) when it was already held.
    /// - Complexity: O(log n) expected.
    @discardableResult
    public mutating func insert(_ key: Key) -> Bool {
        if contains(key) { return false }
        let fresh = allocate(Node(key: key, priority: key.treapPriority, left: Self.none, right: Self.none))
        let top = root
        root = nodes.withUnsafeMutableBufferPointer { Self.insert(fresh, into: top, $0) }
        count += 1
        return true
    }

    /// Moves `old` to `new`: removes `old` (if present) and inserts `new`, reusing the removed
    /// node's slot. When `old` was present, `new` must not be (one key moves; the due index
    /// holds each card once).
    /// - Complexity: O(log n) expected.
    mutating func replace(_ old: Key, with new: Key) {
        let top = root
        let (newRoot, freed) = nodes.withUnsafeMutableBufferPointer { buffer -> (Int32, Int32) in
            var freed = Self.none
            let rest = Self.remove(old, from: top, freed: &freed, buffer)
            guard freed != Self.none else { return (rest, freed) }
            // `new` takes the slot of `old`: the caller moves one key, so `new` cannot be
            // present already and the membership descent of ``insert(_:)`` is skipped.
            buffer[Int(freed)] = Node(key: new, priority: new.treapPriority, left: Self.none, right: Self.none)
            return (Self.insert(freed, into: rest, buffer), freed)
        }
        root = newRoot
        if freed == Self.none { insert(new) }
    }

    /// Removes `key`; returns false when it was not held.
    /// - Complexity: O(log n) expected.
    @discardableResult
    public mutating func remove(_ key: Key) -> Bool {
        let top = root
        var freed = Self.none
        root = nodes.withUnsafeMutableBufferPointer { Self.remove(key, from: top, freed: &freed, $0) }
        guard freed != Self.none else { return false }
        freeList.append(freed)
        count -= 1
        return true
    }

    /// Removes every key, keeping the storage.
    public mutating func removeAll() {
        nodes.removeAll(keepingCapacity: true)
        freeList.removeAll(keepingCapacity: true)
        root = Self.none
        count = 0
    }

    private mutating func allocate(_ node: Node) -> Int32 {
        if let reused = freeList.popLast() {
            nodes[Int(reused)] = node
            return reused
        }
        nodes.append(node)
        return Int32(nodes.count - 1)
    }

    // The tree operations work on the node storage through one unsafe buffer per public call,
    // so each step of a descent is a plain load or store (no uniqueness or bounds check).

    /// Inserts node `fresh` into the subtree at `subtree`; returns the subtree's new root.
    private static func insert(_ fresh: Int32, into subtree: Int32, _ nodes: UnsafeMutableBufferPointer<Node>) -> Int32 {
        guard subtree != none else { return fresh }
        if nodes[Int(fresh)].priority > nodes[Int(subtree)].priority {
            let (left, right) = split(subtree, at: nodes[Int(fresh)].key, nodes)
            nodes[Int(fresh)].left = left
            nodes[Int(fresh)].right = right
            return fresh
        }
        if nodes[Int(fresh)].key < nodes[Int(subtree)].key {
            nodes[Int(subtree)].left = insert(fresh, into: nodes[Int(subtree)].left, nodes)
        } else {
            nodes[Int(subtree)].right = insert(fresh, into: nodes[Int(subtree)].right, nodes)
        }
        return subtree
    }

    /// Splits `subtree` into keys below `key` and keys above it (`key` itself is not held).
    private static func split(_ subtree: Int32, at key: Key, _ nodes: UnsafeMutableBufferPointer<Node>) -> (Int32, Int32) {
        guard subtree != none else { return (none, none) }
        if nodes[Int(subtree)].key < key {
            let (left, right) = split(nodes[Int(subtree)].right, at: key, nodes)
            nodes[Int(subtree)].right = left
            return (subtree, right)
        } else {
            let (left, right) = split(nodes[Int(subtree)].left, at: key, nodes)
            nodes[Int(subtree)].left = right
            return (left, subtree)
        }
    }

    /// Joins two subtrees where every key of `left` is below every key of `right`.
    private static func merge(_ left: Int32, _ right: Int32, _ nodes: UnsafeMutableBufferPointer<Node>) -> Int32 {
        if left == none { return right }
        if right == none { return left }
        if nodes[Int(left)].priority > nodes[Int(right)].priority {
            nodes[Int(left)].right = merge(nodes[Int(left)].right, right, nodes)
            return left
        }
        nodes[Int(right)].left = merge(left, nodes[Int(right)].left, nodes)
        return right
    }

    /// Removes `key` from the subtree at `subtree`, setting `freed` to its node's slot when it
    /// was held; returns the subtree's new root.
    private static func remove(_ key: Key, from subtree: Int32, freed: inout Int32,
                               _ nodes: UnsafeMutableBufferPointer<Node>) -> Int32 {
        guard subtree != none else { return none }
        let current = nodes[Int(subtree)]
        if key == current.key {
            freed = subtree
            return merge(current.left, current.right, nodes)
        }
        if key < current.key {
            nodes[Int(subtree)].left = remove(key, from: current.left, freed: &freed, nodes)
        } else {
            nodes[Int(subtree)].right = remove(key, from: current.right, freed: &freed, nodes)
        }
        return subtree
    }
}
