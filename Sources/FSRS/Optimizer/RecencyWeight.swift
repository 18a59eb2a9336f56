/// The weight fsrs-rs gives the item at `index` of `count` time-ordered items, for training and
/// evaluation alike: 0.25 + 0.75·(index/(count − 1))³, so the newest reviews count four times
/// as much as the oldest. Computed in `Float`, as fsrs-rs does.
func recencyWeight(index: Int, count: Int) -> Float {
    let length = max(Float(count) - 1, 1)
    let x = Float(index) / length
    return 0.25 + 0.75 * (x * x * x)
}
