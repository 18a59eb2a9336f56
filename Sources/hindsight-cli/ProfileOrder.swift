/// The one order every view lists profiles in: by name (case-insensitive, then exactly), then by
/// id, so two profiles of one name always come out the same way.
enum ProfileOrder {
    /// `profiles` in that order, `name` and `id` giving each one's shown name and id.
    static func sorted<Profile>(_ profiles: [Profile], name: (Profile) -> String, id: (Profile) -> String) -> [Profile] {
        profiles.map { (profile: $0, name: name($0), id: id($0)) }.sorted { a, b in
            let (left, right) = (a.name.lowercased(), b.name.lowercased())
            if left != right { return left < right }
            if a.name != b.name { return a.name < b.name }
            return a.id < b.id
        }.map(\.profile)
    }
}
