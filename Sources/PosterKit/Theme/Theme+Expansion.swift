import NMTIDomain

/// How long bound texts can get, computed from lengths only, so a theme whose
/// variables double at each step (`b: "{a}{a}"`, `c: "{b}{b}"` …) is refused at
/// load without ever building the text.
///
/// Variables may use only `{code}`, `{alias}`, `{pack}` and other variables, so
/// their values are fixed per variant: the lengths computed here for the 32
/// variants are exactly what `Theme.bind` produces.
enum ThemeExpansion {
    /// One variant: the code and pack the variable overrides choose by.
    struct Variant {
        let code: PersonalityCode
        let pack: QuizPack
        let builtIns: [String: Int]
    }

    /// The 32 variants with the UTF-8 lengths of the built-in values fixed per variant.
    static let variants: [Variant] = QuizPack.allCases.flatMap { pack in
        Personality.all.map { personality in
            Variant(code: personality.code, pack: pack, builtIns: [
                "code": personality.code.rawValue.utf8.count, "alias": personality.alias.utf8.count,
                "pack": pack.rawValue.utf8.count,
            ])
        }
    }

    /// The longest value each built-in name can have over every result, in UTF-8
    /// bytes; the user's own fields (`BindingDescriptor.userTextNames`) count as empty
    /// here, as they come from the result (bounded by its 64 KiB document and, in a
    /// bind, by `Template.maximumRenderedBytes`).
    static let builtInMaximumBytes: [String: Int] = {
        var longest: [String: Int] = [:]
        func note(_ name: String, _ value: String) { longest[name] = max(longest[name] ?? 0, value.utf8.count) }
        for result in Theme.variantResults {
            for (name, value) in BindingValues(result).values where !BindingDescriptor.userTextNames.contains(name) {
                note(name, value.text)
            }
        }
        for personality in Personality.all {
            note("inviter.code", personality.code.rawValue)
            note("inviter.alias", personality.alias)
            note("inviter.title", personality.title)
            note("inviter.emoji", personality.emoji)
            for other in Personality.all {
                note("pairing.label", personality.pairing(with: other, pack: .workplace).label)
            }
        }
        longest["pairing.line"] = Pairing.maximumLineUTF8Count
        note("linkKind", "invite")
        return longest
    }()

    /// The variables whose expansion stays within `ThemeLimits.maximumExpandedBytes`
    /// for every variant, in dependency order, with per-variant lengths; each
    /// variable over the limit is reported once (not those that are over only
    /// because they use one already reported).
    static func bounded(_ ordered: [ThemeVariable], reportingTo object: ObjectReader)
        -> (variables: [ThemeVariable], lengths: [[String: Int]])
    {
        let limit = ThemeLimits.maximumExpandedBytes
        var lengths = variants.map(\.builtIns)
        var kept: [ThemeVariable] = []
        var refused: Set<String> = []
        for variable in ordered {
            let templates = [variable.defaultValue] + Array(variable.byCode.values) + Array(variable.byPack.values)
            if templates.contains(where: { !refused.isDisjoint(with: $0.names) }) {
                refused.insert(variable.name)
                continue
            }
            var worst: (bytes: Int, variant: Variant)?
            for (index, variant) in variants.enumerated() {
                let template = variable.template(code: variant.code, pack: variant.pack)
                let bytes = template.expandedBytes { lengths[index][$0] ?? 0 }
                lengths[index][variable.name] = bytes
                if bytes > limit, bytes > worst?.bytes ?? 0 { worst = (bytes, variant) }
            }
            if let worst {
                refused.insert(variable.name)
                // Texts using it are not reported again: the variable is the problem.
                for index in lengths.indices { lengths[index][variable.name] = nil }
                object.report(
                    "variable '\(variable.name)' expands to \(describe(worst.bytes)) for \(worst.variant.pack.rawValue) \(worst.variant.code); a variable may expand to at most \(limit) bytes",
                    for: variable.name)
            } else {
                kept.append(variable)
            }
        }
        return (kept, lengths)
    }

    /// Reports every bound text (text, QR data, colour, asset path) that expands
    /// beyond the limit for some variant, user fields counted as empty.
    static func check(_ templates: [ThemeReadContext.BoundTemplate], lengths: [[String: Int]], diagnostics: Diagnostics) {
        let limit = ThemeLimits.maximumExpandedBytes
        for bound in templates {
            for (index, variant) in variants.enumerated() {
                let bytes = bound.template.expandedBytes { name in
                    lengths[index][name] ?? builtInMaximumBytes[name] ?? 0
                }
                guard bytes > limit else { continue }
                diagnostics.error(
                    "this \(bound.what) expands to \(describe(bytes)) for \(variant.pack.rawValue) \(variant.code) (without the user's own fields); a bound text may have at most \(limit) bytes",
                    path: bound.path, location: bound.location)
                break
            }
        }
    }

    private static func describe(_ bytes: Int) -> String {
        bytes == Int.max ? "more than 9.2e18 bytes" : "\(bytes) bytes"
    }
}
