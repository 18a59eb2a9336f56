// What `import Hindsight` brings besides the store itself: the words its API speaks, and no
// more. An app that opens a store, sends commands and reads the read models back imports
// `Hindsight` alone; an app that wants the engine underneath imports that module by name
// (`import EventLog` for `LogWriter` and `LogReader`, `import FSRS` for `Scheduler` and the
// revlog codec).
//
// - `Events`, whole: the ids, values and events a command names and the history reads back.
//   Every public type there is a word of the store's API (the codec's machinery is `package`),
//   so an event type added there needs no line here.
// - `Projections`, whole: the read models' values the queries return (and, for an app's own
//   read model, what it folds and snapshots). Its machinery (projectors, packed storage) is
//   `package`.
// - From `FSRS`, the scheduling values that the options and the read models name; not the
//   scheduler, the memory model or the revlog codec.
// - From `EventLog`, the log options that `StoreOptions` carries; not the log's reader, writer
//   or verifier.
//
// Why re-exports and not typealiases: a typealias names a type but not its members, so under
// `MemberImportVisibility` (on for every target here, and Swift 7's default) an app calling
// `CardID(_:)` or reading `CardState.phase` through a typealias would still have to import the
// defining module. A scoped re-export names the type and makes its members visible.
@_exported import Events
@_exported import Projections
@_exported import struct FSRS.CardState
@_exported import enum FSRS.CardPhase
@_exported import struct FSRS.MemoryState
@_exported import struct FSRS.FSRSParameters
@_exported import struct FSRS.FSRSParameterError
@_exported import struct FSRS.SchedulerConfiguration
@_exported import struct FSRS.SchedulerConfigurationError
@_exported import enum FSRS.LocalDay
@_exported import struct EventLog.LogOptions
