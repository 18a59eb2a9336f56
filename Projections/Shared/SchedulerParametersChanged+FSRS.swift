import Events
import FSRS

extension SchedulerParametersChanged {
    /// The FSRS parameters this change puts in force, or nil when FSRS refuses its weights (one
    /// outside its bounds: the event itself only guarantees 19 or 21 finite numbers, and a JSON
    /// Lines import only decodes it).
    ///
    /// The one check every reader of the log makes: the vocabulary fold, the profiles fold and
    /// the audit ignore a change that gives nil and keep the parameters in force before it, so
    /// the weights the profiles read model reports are always the ones scheduling uses.
    package var fsrsParameters: FSRSParameters? { try? FSRSParameters(parameters.weights) }
}
