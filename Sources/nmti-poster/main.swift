import PosterCLI

// Everything but the process boundary lives in PosterCLI, where tests run it in-process.
// An `nmti-poster` with extra element types passes its own registry (docs/plugins.md).
NMTIPoster.main()
