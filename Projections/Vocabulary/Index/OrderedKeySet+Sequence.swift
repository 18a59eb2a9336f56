extension OrderedKeySet: Sequence {
    /// Walks the keys in ascending order with an explicit stack (depth O(log n) expected).
    public struct Iterator: IteratorProtocol {
        let nodes: [Node]
        var stack: [Int32] = []

        init(_ set: OrderedKeySet, from lowerBound: Key?) {
            nodes = set.nodes
            stack.reserveCapacity(48)
            var node = set.root
            // Descend to the first key >= lowerBound, stacking the nodes still to visit.
            while node != OrderedKeySet.none {
                let current = nodes[Int(node)]
                if let lowerBound, current.key < lowerBound {
                    node = current.right
                } else {
                    stack.append(node)
                    node = current.left
                }
            }
        }

        /// The next key in ascending order.
        public mutating func next() -> Key? {
            guard let node = stack.popLast() else { return nil }
            let current = nodes[Int(node)]
            var child = current.right
            while child != OrderedKeySet.none {
                stack.append(child)
                child = nodes[Int(child)].left
            }
            return current.key
        }
    }

    /// The keys from the smallest, in ascending order.
    /// - Complexity: O(log n) to start, O(1) amortised per key.
    public func makeIterator() -> Iterator { Iterator(self, from: nil) }

    public var underestimatedCount: Int { count }

    /// The keys at or above `lowerBound`, in ascending order.
    /// - Complexity: O(log n) to start, O(1) amortised per key.
    public func keys(from lowerBound: Key) -> IteratorSequence<Iterator> {
        IteratorSequence(Iterator(self, from: lowerBound))
    }

    /// The smallest key strictly above `key`, if any.
    /// - Complexity: O(log n) expected.
    public func firstKey(after key: Key) -> Key? {
        var node = root
        var best: Key?
        while node != Self.none {
            let current = nodes[Int(node)]
            if key < current.key {
                best = current.key
                node = current.left
            } else {
                node = current.right
            }
        }
        return best
    }
}

extension OrderedKeySet: Equatable {
    /// Two sets are equal when they hold the same keys (their storage layout may differ).
    /// - Complexity: O(n).
    public static func == (lhs: OrderedKeySet, rhs: OrderedKeySet) -> Bool {
        lhs.count == rhs.count && lhs.elementsEqual(rhs)
    }
}
