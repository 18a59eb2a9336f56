/// The one home of how the CLI writes time studied: minutes with one decimal, from whole
/// seconds (`0.3` for 20 s, `1.0` for 60 s), in every view that shows a minutes column.
enum MinutesText {
    /// `milliseconds` as minutes with one decimal: whole seconds (59 999 ms counts as 59 s), then
    /// minutes rounded half up to a tenth (`0.1` from 3 s, `1.0` from 57 s).
    static func minutes(milliseconds: Int64) -> String {
        let tenths = (milliseconds / 1000 * 10 + 30) / 60
        return "\(tenths / 10).\(tenths % 10)"
    }
}
