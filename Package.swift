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

/// Pixel loops (PNG filters, blur, image comparison) are 20-50x slower unoptimised;
/// optimising these modules in debug builds keeps the test suite fast.
let optimizedEvenInDebug: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug))]

let package = Package(
    name: "NMTIPoster",
    products: [
        .library(name: "NMTIDomain", targets: ["NMTIDomain"]),
        .library(name: "PosterKit", targets: ["PosterKit"]),
        .library(name: "PosterServer", targets: ["PosterServer"]),
        .executable(name: "nmti-poster", targets: ["nmti-poster"]),
    ],
    targets: [
        // Pure domain model shared with the quiz app: no C, no I/O beyond Foundation's JSON.
        .target(name: "NMTIDomain"),

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
        systemLibrary("CMicroHTTPD", "libmicrohttpd", "libmicrohttpd-dev"),  // the HTTP server under `serve`
        // Three non-variadic doors to libmicrohttpd's variadic calls, which Swift cannot make.
        .target(name: "CMicroHTTPDShim", dependencies: ["CMicroHTTPD"], path: "Sources/CSystem/CMicroHTTPDShim"),

        // The only module that imports C: drawing, text shaping, assets, QR, PNG.
        .target(
            name: "PosterGraphics",
            dependencies: ["CCairo", "CPangoCairo", "CPangoFT2", "CRsvg", "CQrencode", "CDeflate", "CIsal", "CXml2", "CCrypto", "CMicroHTTPD", "CMicroHTTPDShim"],
            swiftSettings: optimizedEvenInDebug
        ),

        // Themes, binding, layout and the render pipeline.
        .target(name: "PosterKit", dependencies: ["NMTIDomain", "PosterGraphics"], swiftSettings: optimizedEvenInDebug),

        // The HTTP render service (`serve`), pure Swift over PosterKit and PosterGraphics' HTTP wrapper.
        .target(name: "PosterServer", dependencies: ["NMTIDomain", "PosterKit", "PosterGraphics"]),

        // The command-line front end as a library, so tests drive it without a process.
        .target(name: "PosterCLI", dependencies: ["NMTIDomain", "PosterKit", "PosterServer"]),
        .executableTarget(name: "nmti-poster", dependencies: ["PosterCLI"]),
        // Throughput benchmark against Pillow, Chromium and the deflate floor: bench/README.md.
        .executableTarget(name: "nmti-bench", dependencies: ["NMTIDomain", "PosterKit", "PosterGraphics", "CDeflate"]),

        // What more than one test target uses: the seeded byte mutator and its generator.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "NMTIDomainTests", dependencies: ["NMTIDomain", "TestSupport"]),
        .testTarget(name: "PosterGraphicsTests", dependencies: ["PosterGraphics", "TestSupport"]),
        .testTarget(name: "PosterKitTests", dependencies: ["PosterKit", "TestSupport"]),
        .testTarget(name: "PosterCLITests", dependencies: ["PosterCLI", "nmti-poster"]),
        .testTarget(name: "PosterServerTests", dependencies: ["PosterServer", "PosterGraphics", "nmti-poster"]),
    ]
)
