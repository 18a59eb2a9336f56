import Events
import FSRS

/// Projector actors and read models (filled by the projections issue).
public enum ReadModels {}
