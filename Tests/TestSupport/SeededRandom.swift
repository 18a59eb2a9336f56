// The tests' seeded generator, `SplitMix64`, is the package's one definition in the
// SeededRandom module; every test target imports it through TestSupport.
@_exported import SeededRandom
