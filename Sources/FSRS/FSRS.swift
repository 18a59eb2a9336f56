/// FSRS-6 and FSRS-5 memory model: pure maths on value types (filled by the FSRS issue).
public enum FSRSModel {}
