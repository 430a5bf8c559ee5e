// swift-tools-version:6.0
import PackageDescription

/// One system-library target per pkg-config name, imported only by the module named for its capability.
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
        // Where a byte sequence stops being UTF-8: the one check the result and theme readers share.
        .target(name: "UTF8Validation"),

        // Pure domain model shared with the quiz app: no C, no I/O beyond Foundation's JSON.
        .target(name: "NMTIDomain", dependencies: ["UTF8Validation"]),

        // The theme file format: a JSON5 reader that keeps line and column, diagnostics, the object reader.
        .target(name: "ThemeFormat", dependencies: ["UTF8Validation"]),

        // The display list's plain values: geometry, paints, text styles. No C, no I/O.
        .target(name: "PosterDisplay"),

        // C libraries from Debian; each is imported by the one module named for its capability.
        systemLibrary("CCairo", "cairo", "libcairo2-dev"),
        systemLibrary("CPangoCairo", "pangocairo", "libpango1.0-dev"),
        systemLibrary("CPangoFT2", "pangoft2", "libpango1.0-dev"),
        systemLibrary("CRsvg", "librsvg-2.0", "librsvg2-dev"),
        systemLibrary("CQrencode", "libqrencode", "libqrencode-dev"),
        systemLibrary("CDeflate", "libdeflate", "libdeflate-dev"),
        systemLibrary("CIsal", "libisal", "libisal-dev"),
        systemLibrary("CXml2", "libxml-2.0", "libxml2-dev"),  // SVG assets are checked on libxml2's own parse
        systemLibrary("CCrypto", "libcrypto", "libssl-dev"),  // SHA-256 and HMAC-SHA256 from OpenSSL
        systemLibrary("CICU", "icu-uc", "libicu-dev"),  // word boundaries in Chinese text (ICU's dictionary)
        // The HTTP server under `serve`: its header only, never linked. CMicroHTTPDShim opens the
        // library with dlopen when a server starts, so a process that only renders does not load it,
        // GnuTLS and seven more libraries (about 3 ms of every start-up, bench/README.md).
        .systemLibrary(name: "CMicroHTTPD", path: "Sources/CSystem/CMicroHTTPD", providers: [.apt(["libmicrohttpd-dev"])]),
        .target(name: "CMicroHTTPDShim", dependencies: ["CMicroHTTPD"], path: "Sources/CSystem/CMicroHTTPDShim"),
        // Pango's font-matching helper threads: one per process instead of two per font size
        // (it defines g_thread_new for Pango; every other thread goes to GLib unchanged).
        // ICU's word break iterator behind plain C types (its header says why).
        .target(name: "CWordBreak", dependencies: ["CICU"], path: "Sources/CSystem/CWordBreak"),
        .target(name: "CPangoHelperThreads", dependencies: ["CPangoFT2"], path: "Sources/CSystem/CPangoHelperThreads"),
        // JPEG recompression (libjpeg-turbo) and QR decoding (zbar) for the scan lint, opened with dlopen
        // on first use: a process that only renders loads neither (nor libX11, libv4l, D-Bus).
        .target(name: "CCodeScan", path: "Sources/CSystem/CCodeScan"),
        // epoll, eventfd, accept4 and splice for the HTTP gate in front of libmicrohttpd (Glibc's module lacks them).
        .target(name: "CLinuxEvents", path: "Sources/CSystem/CLinuxEvents"),

        // Hashing: SHA-256 and HMAC-SHA256 (libcrypto).
        .target(name: "PosterHashing", dependencies: ["CCrypto"]),
        // The PNG codec: encoding rasters (libdeflate, ISA-L) and decoding PNG assets and goldens.
        .target(name: "PosterPNG", dependencies: ["PosterDisplay", "CDeflate", "CIsal"]),
        // Scanning: reading a poster's QR codes back after a chat app's recompression (CCodeScan).
        .target(name: "PosterScan", dependencies: ["PosterDisplay", "CCodeScan"]),
        // Words: where words begin in Chinese text, for line breaking (ICU).
        .target(name: "PosterWords", dependencies: ["CWordBreak"]),
        // Drawing: fonts and text shaping, emoji, SVG and PNG assets, QR codes, the Cairo canvas.
        .target(
            name: "PosterGraphics",
            dependencies: ["PosterDisplay", "PosterPNG", "PosterFiles", "PosterWords", "CCairo", "CPangoCairo", "CPangoFT2", "CRsvg", "CQrencode", "CXml2", "CPangoHelperThreads"]
        ),
        // Files: bounded reads that never follow a link, atomic writes inside a folder the user gave,
        // output targets, temporary files and their clean-up on a signal.
        .target(name: "PosterFiles"),
        // Links on posters: how they are printed and signed (HMAC-SHA256), and the signing keys.
        .target(name: "PosterLinks", dependencies: ["NMTIDomain", "PosterHashing", "PosterFiles"]),
        // HTTP: the strict request gate and libmicrohttpd behind it, as plain Swift values.
        .target(name: "PosterHTTP", dependencies: ["CMicroHTTPD", "CMicroHTTPDShim", "CLinuxEvents"]),

        // The pipeline: themes (loaded and validated once), binding, element plugins, layout, lint,
        // drawing and encoding, behind one renderer.
        .target(
            name: "PosterKit",
            dependencies: ["NMTIDomain", "ThemeFormat", "PosterDisplay", "PosterGraphics", "PosterPNG", "PosterLinks", "PosterFiles", "PosterHashing", "PosterScan"]
        ),

        // Running many renders to files: one run engine over sources of jobs (batch plans, result
        // streams, shards of either), with the lock, the journal, resume and the manifest.
        .target(name: "PosterBatch", dependencies: ["NMTIDomain", "PosterKit", "PosterFiles", "PosterHashing"]),

        // Golden-image testing: cases, pixel comparison, tolerances, the HTML report; an update
        // records goldens as a source of PosterBatch's run engine.
        .target(name: "PosterGolden", dependencies: ["NMTIDomain", "PosterKit", "PosterBatch", "PosterPNG", "PosterFiles", "PosterHashing"]),

        // The HTTP render service (`serve`), over PosterKit and the HTTP module.
        .target(name: "PosterServer", dependencies: ["NMTIDomain", "PosterKit", "PosterHTTP", "PosterHashing", "PosterLinks"]),

        // The live preview behind `studio`: a page on 127.0.0.1 that re-renders a theme on every save.
        .target(name: "PosterStudio", dependencies: ["NMTIDomain", "PosterKit", "PosterHTTP", "PosterHashing", "PosterScan", "PosterFiles"]),

        // The command-line front end as a library, so tests drive it without a process.
        .target(name: "PosterCLI", dependencies: ["NMTIDomain", "PosterKit", "PosterBatch", "PosterGolden", "PosterServer", "PosterStudio", "PosterFiles", "PosterLinks", "PosterHashing"]),
        .executableTarget(name: "nmti-poster", dependencies: ["PosterCLI"]),
        // Throughput benchmark against Pillow, Chromium and the deflate floor: bench/README.md.
        .executableTarget(name: "nmti-bench", dependencies: ["NMTIDomain", "PosterKit", "PosterGraphics", "PosterPNG", "PosterHashing"]),

        // The plugin example of docs/plugins.md: a `stamp` element written only against PosterKit.
        .target(name: "StampElement", dependencies: ["PosterKit"], path: "Examples/StampElement"),

        // What more than one test target uses: the seeded byte mutator and its generator.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "NMTIDomainTests", dependencies: ["NMTIDomain", "TestSupport"]),
        .testTarget(name: "ThemeFormatTests", dependencies: ["ThemeFormat", "TestSupport"]),
        .testTarget(name: "UTF8ValidationTests", dependencies: ["UTF8Validation"]),
        .testTarget(name: "PosterDisplayTests", dependencies: ["PosterDisplay"]),
        .testTarget(name: "PosterHashingTests", dependencies: ["PosterHashing"]),
        .testTarget(name: "PosterGraphicsTests", dependencies: ["PosterGraphics", "TestSupport"]),
        .testTarget(name: "PosterWordsTests", dependencies: ["PosterWords"]),
        .testTarget(name: "PosterScanTests", dependencies: ["PosterScan", "PosterDisplay", "PosterGraphics", "TestSupport"]),
        .testTarget(name: "PosterPNGTests", dependencies: ["PosterPNG", "TestSupport"]),
        .testTarget(name: "PosterHTTPTests", dependencies: ["PosterHTTP"]),
        .testTarget(name: "PosterFilesTests", dependencies: ["PosterFiles", "TestSupport"]),
        .testTarget(name: "PosterLinksTests", dependencies: ["PosterLinks", "NMTIDomain"]),
        .testTarget(name: "PosterKitTests", dependencies: ["PosterKit", "PosterPNG", "PosterLinks", "TestSupport"]),
        .testTarget(name: "PosterBatchTests", dependencies: ["PosterBatch", "PosterFiles", "PosterHashing", "TestSupport"]),
        .testTarget(name: "PosterGoldenTests", dependencies: ["PosterGolden", "PosterPNG", "TestSupport"]),
        .testTarget(name: "PosterServerTests", dependencies: ["PosterServer", "PosterStudio", "PosterHTTP", "PosterHashing", "PosterLinks", "nmti-poster", "TestSupport"]),
        .testTarget(name: "PosterCLITests", dependencies: ["PosterCLI", "PosterFiles", "PosterHashing", "nmti-poster", "StampElement", "TestSupport"]),
        .testTarget(name: "StampElementTests", dependencies: ["StampElement", "PosterKit"]),
    ]
)
