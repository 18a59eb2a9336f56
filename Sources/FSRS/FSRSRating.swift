/// How well a card was recalled: 1 Again, 2 Hard, 3 Good, 4 Easy.
public enum FSRSRating: Int, Sendable, Hashable, CaseIterable, Codable {
    case again = 1
    case hard = 2
    case good = 3
    case easy = 4
}
