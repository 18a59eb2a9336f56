import Events
import Projections

// The admission rule: whether one event may enter the log on the state before it. One check per
// kind of event, pure, on values (the event and the read models and command ledger it needs).
// The store's commands call the check of each event they emit; an import calls ``admit(_:)`` for
// every event of its file, folding each admitted event into the state before the next one (see
// `ImportAdmission`). So an import refuses exactly what the commands would refuse, with the same
// codes and messages.
extension DecisionContext {
    /// Checks that `event` may enter the log now.
    /// - Throws: ``StoreError`` naming the rule broken, as the command that emits such an event
    ///   would: `unknownProfile`, `profileDeleted`, `profileDisabled`, `unknownEntity`,
    ///   `entityDeleted`, `alreadyExists`, `wrongProfile`, `invalidState`, `reviewOutOfOrder`,
    ///   `nothingToUndo`, `parentalLimit`, `parentRequired`, `invalidValue` (a setting of a known key with the wrong scope or type).
    /// - Complexity: O(1) expected for most kinds; a deck check scans the profile's decks.
    func admit(_ event: PendingEvent) throws(StoreError) {
        let profile = event.profile
        switch event.event {
        case .profileCreated, .profileEnabled, .profileForgotten, .parentalControlsChanged, .parentalControlsCleared,
             .settingChanged, .settingUnset, .desiredRetentionChanged, .dayCutoffChanged:
            break
        default:
            try liveProfile(profile, field: "profile")
        }
        switch event.event {
        case .deckCreated(let created): try requireNew(.deck(created.deck), field: "deck")
        case .deckRenamed(let renamed): try liveDeck(renamed.deck, profile: profile)
        case .deckDeleted(let deleted): try liveDeck(deleted.deck, profile: profile)
        case .cardCreated(let created): try admitCardCreation(created.card, deck: created.deck, profile: profile)
        case .cardEdited(let edited): _ = try liveCard(edited.card, profile: profile)
        case .cardMoved(let moved): try admitMove(moved, profile: profile)
        case .cardSuspended(let suspended): try admitSuspension(suspended.card, profile: profile)
        case .cardUnsuspended(let unsuspended): try admitUnsuspension(unsuspended.card, profile: profile)
        case .cardDeleted(let deleted): _ = try liveCard(deleted.card, profile: profile)
        case .cardBuried(let buried): try admitBurial(buried.card, profile: profile, at: event.occurred)
        case .reviewGraded(let review): try admitReview(review.card, mode: review.mode, profile: profile, at: event.occurred)
        case .reviewUndone(let undone): try admitUndo(undone, profile: profile)
        case .studySessionStarted(let started):
            try admitStudySessionStart(started.session, deck: started.deck, profile: profile)
        case .studySessionEnded(let ended): try requireOpenSession(.studySession(ended.session), profile: profile)
        case .exampleSentenceAttached(let attached): _ = try liveCard(attached.card, profile: profile)
        case .translationAttached(let attached): _ = try liveCard(attached.card, profile: profile)
        case .spellingTestCreated(let created): try requireNew(.spellingTest(created.test), field: "test")
        case .spellingTestEdited(let edited): try requireSpellingTest(edited.test, profile: profile)
        case .spellingPracticeStarted(let started): try admitPracticeStart(started.session, test: started.test, profile: profile)
        case .wordSpelled(let spelled): try requireOpenSession(.spellingSession(spelled.session), profile: profile)
        case .spellingPracticeEnded(let ended): try requireOpenSession(.spellingSession(ended.session), profile: profile)
        case .storyRequested(let requested):
            try admitStoryRequest(requested.story, theme: requested.theme, profile: profile, at: event.occurred)
        case .storyGenerated(let generated): try requireAwaitingGeneration(generated.story, profile: profile)
        case .storyGenerationFailed(let failed): try requireAwaitingGeneration(failed.story, profile: profile)
        case .illustrationGenerated(let illustrated): _ = try requirePage(illustrated.story, illustrated.page.value, profile: profile)
        case .illustrationFailed(let failed): _ = try requirePage(failed.story, failed.page.value, profile: profile)
        case .storyFavourited(let favourited): try admitFavourite(favourited.story, profile: profile)
        case .storyUnfavourited(let unfavourited): try admitUnfavourite(unfavourited.story, profile: profile)
        case .storyRead(let read): _ = try requirePage(read.story, read.lastPageRead.value, profile: profile)
        case .storyDeleted(let deleted): try requireStory(deleted.story, profile: profile)
        case .parentalControlsChanged(let changed):
            if let parent = changed.setBy {
                try ParentalAuthority.requireParent(parent, of: profile, self)
            } else {
                try liveProfile(profile, field: "profile")
            }
        case .parentalControlsCleared(let cleared): try ParentalAuthority.requireParent(cleared.setBy, of: profile, self)
        case .profileCreated: try requireNew(.profile(profile), field: "profile")
        case .profileEnabled: try admitEnabling(profile)
        case .profileForgotten: try admitForgetting(profile)
        case .settingChanged(let changed):
            try ParentalAuthority.requireSettingAuthor(owner: profile, setBy: changed.setBy, setting: .key(changed.key), self)
            try settings.checkRecorded(changed.key, value: changed.value, scope: .profile)
        case .settingUnset(let unset):
            try ParentalAuthority.requireSettingAuthor(owner: profile, setBy: unset.setBy, setting: .key(unset.key), self)
            try settings.checkRecorded(unset.key, value: nil, scope: .profile)
            try admitSettingUnset(unset.key, profile: profile)
        case .desiredRetentionChanged(let changed):
            try ParentalAuthority.requireSettingAuthor(owner: profile, setBy: changed.setBy, setting: .desiredRetention, self)
        case .dayCutoffChanged(let changed):
            try ParentalAuthority.requireSettingAuthor(owner: profile, setBy: changed.setBy, setting: .dayCutoff, self)
        case .appSettingChanged(let changed):
            try requireGrownUp(profile)
            try settings.checkRecorded(changed.key, value: changed.value, scope: .app)
        case .appSettingUnset(let unset):
            try requireGrownUp(profile)
            try settings.checkRecorded(unset.key, value: nil, scope: .app)
            try requireAppSettingValue(unset.key)
        case .spellingTestArchived(let archived): try admitArchiving(archived.test, profile: profile)
        case .spellingTestDeleted(let deleted): try requireSpellingTest(deleted.test, profile: profile)
        case .cardReset(let reset): try admitReset(reset.card, profile: profile)
        case .cardDueSet(let set): try admitDueSet(set.card, profile: profile)
        case .cardsRescheduled(let rescheduled): try admitReschedule(rescheduled.cards, profile: profile)
        case .externalServiceRemoved(let removed): try admitServiceRemoval(removed.service, profile: profile)
        case .profileRenamed, .profileSwitched, .profileDeleted, .profileDisabled,
             .externalServiceConfigured, .schedulerParametersChanged,
             .dictationFinished, .unknown:
            break
        }
    }
}
