// `import Hindsight` gives an app the whole public API: the log, the events, FSRS and the
// read models' value types.
@_exported import EventLog
@_exported import Events
@_exported import FSRS
@_exported import Projections
