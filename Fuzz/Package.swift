// swift-tools-version:6.0
import PackageDescription

/// Fuzz targets and the concurrency soak, kept out of the main package so that a
/// plain `swift build` there never sees libFuzzer or sanitizer flags.
///
///   scripts/fuzz            libFuzzer on result decoding, theme loading and asset decoding
///   scripts/soak            5,000+ renders on 2, 4 and 8 threads, optionally under ASan
///
/// Each fuzz target is built with `-sanitize=fuzzer -DFUZZING` for libFuzzer; a plain
/// build gives a replay tool that runs the files named on its command line through
/// the same entry point (to reproduce a crash under a debugger).
let package = Package(
    name: "NMTIPosterFuzz",
    dependencies: [.package(name: "NMTIPoster", path: "..")],
    targets: [
        // The libFuzzer driver hand-off and the replay tool, shared by the three targets.
        .target(name: "FuzzDriver"),
        .executableTarget(name: "fuzz-result", dependencies: ["FuzzDriver", .product(name: "NMTIDomain", package: "NMTIPoster")]),
        .executableTarget(
            name: "fuzz-theme",
            dependencies: ["FuzzDriver", .product(name: "PosterKit", package: "NMTIPoster"),
                           .product(name: "NMTIDomain", package: "NMTIPoster")]),
        .executableTarget(name: "fuzz-asset", dependencies: ["FuzzDriver", .product(name: "PosterKit", package: "NMTIPoster")]),
        .executableTarget(
            name: "nmti-soak",
            dependencies: [.product(name: "PosterKit", package: "NMTIPoster"), .product(name: "NMTIDomain", package: "NMTIPoster")]),
    ]
)
