/// The event catalog: every domain event, the envelope and the codec (filled by the events issue).
public enum EventCatalog {}
