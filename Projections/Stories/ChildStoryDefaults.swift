import Events

/// The story limits a child's profile is created with, recorded in the log with its creation
/// (a `ParentalControlsChanged` with no parent), so a child is never without limits until a parent
/// decides otherwise, and changing these defaults later never rewrites a child's history.
///
/// **3 stories a local day, any theme.** A bedtime routine is one story, sometimes two; 3 leaves
/// room for one the child did not like while keeping generation, which costs money and screen
/// time, bounded, as the story and screen-time apps for children do by default (a small daily
/// allowance a parent can raise). Themes are not restricted: the generator's own content rules
/// keep stories child-safe, and refusing a child's first request for a theme nobody chose
/// against would only teach the app is broken. A parent changes or clears them.
public enum ChildStoryDefaults {
    /// Stories a child may request per local day before a parent sets a limit.
    public static let dailyStoryLimit: UInt32 = 3
    /// The themes a child may choose before a parent sets a list.
    public static let themes = StoryThemes.any

    /// The event that records the defaults for a new child's profile.
    public static var controls: ParentalControlsChanged {
        ParentalControlsChanged(setBy: nil, dailyStoryLimit: dailyStoryLimit, themes: themes)
    }
}
