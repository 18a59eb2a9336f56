import Events
import Projections

/// Who may set a child's parental controls: a parent, meaning a live profile that is not a
/// child's, for a live child's profile. A child can never change its own limits (or another
/// child's), and a grown-up's profile has no parental controls to set.
enum ParentalAuthority {
    /// Requires that profile `parent` may set or clear `child`'s parental controls.
    /// - Throws: ``StoreError`` `parentRequired` when the command's profile is a child's;
    ///   `unknownProfile` / `profileDeleted` for a missing child; `invalidState` when `child`
    ///   is not a child's profile.
    static func requireParent(_ parent: ProfileID, of child: ProfileID, _ context: DecisionContext) throws(StoreError) {
        guard try !context.liveProfile(parent, field: "profile").isChild else {
            throw StoreError(.parentRequired, "profile \(parent) is a child's profile and cannot set parental controls; "
                             + "a parent's profile must send this command", stream: .profile(child), field: "profile")
        }
        let record = try context.liveProfile(child, field: "child")
        guard record.isChild else {
            throw StoreError(.invalidState, "profile \(child) is not a child's profile; parental controls apply only to profiles created with isChild: true",
                             stream: .profile(child), field: "child")
        }
    }
}
