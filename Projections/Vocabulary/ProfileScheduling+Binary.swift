import Events
import FSRS

// The snapshot encodings of the vocabulary state's per-profile values: scheduling and the
// day's new-card introductions.

extension ProfileScheduling: BinaryCodable {
    init(from reader: inout BinaryReader) throws(EventDecodingError) {
        let weights = try [Float](decoding: &reader)
        let retention = try reader.readFloat()
        let maximumInterval = try reader.readInt()
        let cutoff = try reader.readInt()
        let learning = try [Int](decoding: &reader)
        let relearning = try [Int](decoding: &reader)
        let fuzz = try reader.readBool()
        do {
            let parameters = try FSRSParameters(weights)
            self.init(try SchedulerConfiguration(
                parameters: parameters, desiredRetention: retention, maximumInterval: maximumInterval,
                dayCutoffHour: cutoff, learningSteps: learning, relearningSteps: relearning, fuzz: fuzz))
        } catch {
            throw reader.error(.invalidValue, "snapshot holds an invalid scheduler configuration: \(error)")
        }
    }

    func encode(to writer: inout BinaryWriter) {
        configuration.parameters.weights.encode(to: &writer)
        configuration.desiredRetention.encode(to: &writer)
        configuration.maximumInterval.encode(to: &writer)
        configuration.dayCutoffHour.encode(to: &writer)
        configuration.learningSteps.encode(to: &writer)
        configuration.relearningSteps.encode(to: &writer)
        configuration.fuzz.encode(to: &writer)
    }
}

extension DailyIntroductions: BinaryCodable {
    init(from reader: inout BinaryReader) throws(EventDecodingError) {
        day = try reader.readInt64()
        count = try reader.readInt()
    }

    func encode(to writer: inout BinaryWriter) {
        day.encode(to: &writer)
        count.encode(to: &writer)
    }
}
