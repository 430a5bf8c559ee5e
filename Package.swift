// swift-tools-version:6.0
import PackageDescription

/// One system-library target per pkg-config name; only `PosterGraphics` imports them.
func systemLibrary(_ name: String, _ pkgConfig: String, _ apt: String) -> Target {
    .systemLibrary(
        name: name,
        path: "Sources/CSystem/\(name)",
        pkgConfig: pkgConfig,
        providers: [.apt([apt])]
    )
}

let package = Package(
    name: "NMTIPoster",
    products: [
        .library(name: "NMTIDomain", targets: ["NMTIDomain"]),
        .library(name: "PosterKit", targets: ["PosterKit"]),
        .library(name: "PosterBatch", targets: ["PosterBatch"]),
        .library(name: "PosterGolden", targets: ["PosterGolden"]),
        .library(name: "PosterServer", targets: ["PosterServer"]),
        .library(name: "PosterCLI", targets: ["PosterCLI"]),
        .executable(name: "nmti-poster", targets: ["nmti-poster"]),
    ],
    targets: [
        // Pure domain model shared with the quiz app: no C, no I/O beyond Foundation's JSON.
        .target(name: "NMTIDomain"),

        // The theme file format: a JSON5 reader that keeps line and column, diagnostics, the object reader.
        .target(name: "ThemeFormat"),

        // The display list's plain values: geometry, paints, text styles. No C, no I/O.
        .target(name: "PosterDisplay"),

        // C libraries from Debian, quarantined behind PosterGraphics.
        systemLibrary("CCairo", "cairo", "libcairo2-dev"),
        systemLibrary("CPangoCairo", "pangocairo", "libpango1.0-dev"),
        systemLibrary("CPangoFT2", "pangoft2", "libpango1.0-dev"),
        systemLibrary("CRsvg", "librsvg-2.0", "librsvg2-dev"),
        systemLibrary("CQrencode", "libqrencode", "libqrencode-dev"),
        systemLibrary("CDeflate", "libdeflate", "libdeflate-dev"),
        systemLibrary("CIsal", "libisal", "libisal-dev"),
        systemLibrary("CXml2", "libxml-2.0", "libxml2-dev"),  // SVG assets are checked on libxml2's own parse
        systemLibrary("CCrypto", "libcrypto", "libssl-dev"),  // SHA-256 and HMAC-SHA256 from OpenSSL
        // The HTTP server under `serve`: its header only, never linked. CMicroHTTPDShim opens the
        // library with dlopen when a server starts, so a process that only renders does not load it,
        // GnuTLS and seven more libraries (about 3 ms of every start-up, bench/README.md).
        .systemLibrary(name: "CMicroHTTPD", path: "Sources/CSystem/CMicroHTTPD", providers: [.apt(["libmicrohttpd-dev"])]),
        .target(name: "CMicroHTTPDShim", dependencies: ["CMicroHTTPD"], path: "Sources/CSystem/CMicroHTTPDShim"),
        // epoll, eventfd and accept4 for the HTTP gate in front of libmicrohttpd (Glibc's module lacks them).
        .target(name: "CLinuxEvents", path: "Sources/CSystem/CLinuxEvents"),

        // The only module that imports C: drawing, text shaping, assets, QR, PNG.
        .target(
            name: "PosterGraphics",
            dependencies: [
                "PosterDisplay", "CCairo", "CPangoCairo", "CPangoFT2", "CRsvg", "CQrencode", "CDeflate", "CIsal", "CXml2",
                "CCrypto", "CMicroHTTPD", "CMicroHTTPDShim", "CLinuxEvents",
            ],
        ),

        // Themes, binding, layout and the render pipeline.
        .target(name: "PosterKit", dependencies: ["NMTIDomain", "ThemeFormat", "PosterDisplay", "PosterGraphics"]),

        // Batch renders: plans, shards, the journal and the manifest.
        .target(name: "PosterBatch", dependencies: ["NMTIDomain", "PosterKit", "PosterGraphics"]),

        // Golden-image testing: cases, pixel comparison, tolerances, the HTML report.
        .target(name: "PosterGolden", dependencies: ["NMTIDomain", "PosterKit", "PosterGraphics"]),

        // The HTTP render service (`serve`), pure Swift over PosterKit and PosterGraphics' HTTP wrapper.
        .target(name: "PosterServer", dependencies: ["NMTIDomain", "PosterKit", "PosterBatch", "PosterGraphics"]),

        // The command-line front end as a library, so tests drive it without a process.
        .target(name: "PosterCLI", dependencies: ["NMTIDomain", "PosterKit", "PosterBatch", "PosterGolden", "PosterServer"]),
        .executableTarget(name: "nmti-poster", dependencies: ["PosterCLI"]),
        // Throughput benchmark against Pillow, Chromium and the deflate floor: bench/README.md.
        .executableTarget(name: "nmti-bench", dependencies: ["NMTIDomain", "PosterKit", "PosterGraphics", "CDeflate"]),

        // The plugin example of docs/plugins.md: a `stamp` element written only against PosterKit.
        .target(name: "StampElement", dependencies: ["PosterKit"], path: "Examples/StampElement"),

        // What more than one test target uses: the seeded byte mutator and its generator.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "NMTIDomainTests", dependencies: ["NMTIDomain", "TestSupport"]),
        .testTarget(name: "ThemeFormatTests", dependencies: ["ThemeFormat", "TestSupport"]),
        .testTarget(name: "PosterGraphicsTests", dependencies: ["PosterGraphics", "TestSupport"]),
        .testTarget(name: "PosterKitTests", dependencies: ["PosterKit", "TestSupport"]),
        .testTarget(name: "PosterBatchTests", dependencies: ["PosterBatch", "TestSupport"]),
        .testTarget(name: "PosterGoldenTests", dependencies: ["PosterGolden", "TestSupport"]),
        .testTarget(name: "PosterServerTests", dependencies: ["PosterServer", "PosterGraphics", "nmti-poster", "TestSupport"]),
        .testTarget(name: "PosterCLITests", dependencies: ["PosterCLI", "nmti-poster", "StampElement"]),
        .testTarget(name: "StampElementTests", dependencies: ["StampElement", "PosterKit"]),
    ]
)
