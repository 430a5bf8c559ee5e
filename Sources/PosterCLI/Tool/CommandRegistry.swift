extension NMTIPoster {
    /// Every command of the tool, in help order: the one place commands are
    /// registered. Each command lives in its own file under Commands/.
    ///
    /// Groups nest commands under a word, for example:
    ///
    ///     .group("themes", abstract: "List and check poster themes.", [
    ///         .command(ThemesListCommand.self),
    ///         .command(ThemesValidateCommand.self),
    ///     ]),
    static var commands: [CommandNode] {
        [
            .command(ResolveCommand.self),
            .command(RenderCommand.self),
            .command(BatchCommand.self),
            .command(PreviewCommand.self),
            .command(ServeCommand.self),
            .command(StudioCommand.self),
            .group("themes", abstract: "List and check poster themes.", [
                .command(ThemesListCommand.self),
                .command(ThemesValidateCommand.self),
            ]),
            .group("manifest", abstract: "Work with batch manifests.", [
                .command(ManifestMergeCommand.self),
            ]),
            .group("golden", abstract: "Check and record golden images.", [.command(GoldenCheckCommand.self), .command(GoldenUpdateCommand.self)]),
        ]
    }
}
