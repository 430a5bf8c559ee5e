extension Theme {
    /// Checks what a render of this theme could cost: the expanded length of every
    /// bound text, then the estimated drawing work against `ThemeLimits`' budget.
    func checkBudgets(context: ThemeReadContext, diagnostics: Diagnostics) {
        ThemeExpansion.check(context.boundTemplates, lengths: context.variableLengths, diagnostics: diagnostics)
    }
}
