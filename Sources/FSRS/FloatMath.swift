#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The single-precision libm functions the memory model is computed with, behind one seam.
///
/// fsrs-rs computes in IEEE `f32` with the platform's `expf`, `powf` and `logf`; calling the
/// same C functions (glibc on Linux) is what makes this implementation bit-identical to it.
/// Swift's generic `exp` on `Float` also ends there, but naming the C functions keeps the
/// promise visible.
enum FloatMath {
    @inline(__always) static func exp(_ x: Float) -> Float { expf(x) }
    @inline(__always) static func pow(_ x: Float, _ y: Float) -> Float { powf(x, y) }
    @inline(__always) static func log(_ x: Float) -> Float { logf(x) }
}
