@_exported import EventLog
@_exported import Events
@_exported import FSRS
@_exported import Projections

/// The store: log + codec + projections, commands, audit, rebuild, export (filled by the store issue).
public enum HindsightStore {}
