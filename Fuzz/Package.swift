// swift-tools-version:6.0
import PackageDescription

/// Fuzz targets and the concurrency soak, kept out of the main package so that a
/// plain `swift build` there never sees libFuzzer or sanitizer flags.
///
///   scripts/fuzz            libFuzzer on result decoding, theme loading, asset decoding, link
///                           parsing and signing, and the HTTP service behind its gate
///   scripts/soak            5,000+ renders on 2, 4 and 8 threads, optionally under ASan
///
/// Each fuzz target is built with `-sanitize=fuzzer -DFUZZING` for libFuzzer; a plain
/// build gives a replay tool that runs the files named on its command line through
/// the same entry point (to reproduce a crash under a debugger).
let package = Package(
    name: "NMTIPosterFuzz",
    dependencies: [.package(name: "NMTIPoster", path: "..")],
    targets: [
        // The libFuzzer driver hand-off and the replay tool, shared by the fuzz targets.
        .target(name: "FuzzDriver"),
        .executableTarget(name: "fuzz-result", dependencies: ["FuzzDriver", .product(name: "NMTIDomain", package: "NMTIPoster")]),
        .executableTarget(
            name: "fuzz-theme",
            dependencies: ["FuzzDriver", .product(name: "PosterKit", package: "NMTIPoster"),
                           .product(name: "NMTIDomain", package: "NMTIPoster")]),
        .executableTarget(name: "fuzz-asset", dependencies: ["FuzzDriver", .product(name: "PosterKit", package: "NMTIPoster")]),
        .executableTarget(
            name: "fuzz-link",
            dependencies: ["FuzzDriver", .product(name: "NMTIDomain", package: "NMTIPoster"), .product(name: "PosterKit", package: "NMTIPoster")]),
        // fuzz-http reaches the gate and the service's handler with @testable imports of
        // modules its dependencies build (a debug build compiles them with -enable-testing).
        .executableTarget(
            name: "fuzz-http",
            dependencies: ["FuzzDriver", .product(name: "PosterServer", package: "NMTIPoster"),
                           .product(name: "PosterKit", package: "NMTIPoster"), .product(name: "NMTIDomain", package: "NMTIPoster")]),
        .executableTarget(
            name: "nmti-soak",
            dependencies: [.product(name: "PosterKit", package: "NMTIPoster"), .product(name: "NMTIDomain", package: "NMTIPoster")]),
    ]
)
