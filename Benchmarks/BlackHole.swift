/// Consumes a value in a way the optimizer cannot see through, so work whose result is
/// otherwise unused is not removed. (The idea of package-benchmark's `blackHole`.)
@inline(never) @_optimize(none)
func blackHole<T>(_ value: T) {
    _ = value
}
