/// Turns the words after a command's name into `ParsedValues`, checking them
/// against the command's spec. Pure: no I/O, no global state.
enum CommandParser {
    /// Whether `-h` or `--help` appears before any `--`; help wins over every
    /// other problem on the line, as users expect when they are lost.
    static func wantsHelp(_ words: [String]) -> Bool {
        for word in words {
            if word == "--" { return false }
            if word == "-h" || word == "--help" { return true }
        }
        return false
    }

    /// Parses options (`--name value`, `--name=value`, `-n value`, flags) and
    /// positional arguments; `--` ends options and `-` is a positional value.
    static func parse(_ words: [String], spec: CommandSpec, commandPath: [String]) throws(UsageError) -> ParsedValues {
        func failure(_ message: String, _ notes: [String] = []) -> UsageError {
            UsageError(message, notes: notes, commandPath: commandPath)
        }
        var values = ParsedValues(spec: spec, commandPath: commandPath)
        var positionals: [String] = []
        var index = 0
        var optionsEnded = false
        while index < words.count {
            let word = words[index]
            index += 1
            if optionsEnded || word == "-" || !word.hasPrefix("-") {
                positionals.append(word)
                continue
            }
            if word == "--" {
                optionsEnded = true
                continue
            }
            var spelled = word
            var attached: String?
            if word.hasPrefix("--"), let equals = word.firstIndex(of: "=") {
                spelled = String(word[..<equals])
                attached = String(word[word.index(after: equals)...])
            }
            if spelled.hasPrefix("--"), let instead = spec.retiredOptions[String(spelled.dropFirst(2))] {
                throw failure("option '\(spelled)' was removed: \(instead)")
            }
            guard let option = lookUp(spelled, in: spec) else {
                if spelled.hasPrefix("--"), let reason = spec.refusedOptions[String(spelled.dropFirst(2))] {
                    throw failure("unknown option '\(spelled)': \(reason)")
                }
                let known = (spec.options + [.help]).flatMap { [$0.short.map { "-\($0)" }, "--\($0.name)"] }
                    .compactMap { $0 }
                let notes = Suggestions.closest(to: spelled, among: known).map { ["Did you mean '\($0)'?"] } ?? []
                throw failure("unknown option '\(spelled)'", notes)
            }
            if option.isFlag {
                guard attached == nil else { throw failure("option '--\(option.name)' takes no value") }
                guard values.optionValues[option.name] == nil else {
                    throw failure("option '--\(option.name)' given more than once")
                }
                values.optionValues[option.name] = []
                continue
            }
            let value: String
            if let attached {
                value = attached
            } else if index < words.count, !looksLikeOption(words[index], in: spec) {
                value = words[index]
                index += 1
            } else {
                throw failure("option '\(option.synopsis)' expects a value")
            }
            guard option.isRepeating || values.optionValues[option.name] == nil else {
                throw failure("option '--\(option.name)' given more than once")
            }
            values.optionValues[option.name, default: []].append(value)
        }
        values.argumentValues = try assign(positionals, to: spec.arguments, failure: failure)
        return values
    }

    private static func assign(
        _ positionals: [String], to arguments: [ArgumentSpec], failure: (String, [String]) -> UsageError
    ) throws(UsageError) -> [String: [String]] {
        var remaining = positionals[...]
        var assigned: [String: [String]] = [:]
        for argument in arguments {
            if argument.isRepeating {
                assigned[argument.name] = Array(remaining)
                remaining = []
            } else if let value = remaining.popFirst() {
                assigned[argument.name] = [value]
            }
            if assigned[argument.name, default: []].isEmpty, !argument.isOptional {
                throw failure("missing argument <\(argument.name)>", [])
            }
        }
        if let extra = remaining.first {
            throw failure("unexpected argument '\(extra)'", [])
        }
        return assigned
    }

    private static func lookUp(_ spelled: String, in spec: CommandSpec) -> OptionSpec? {
        if spelled.hasPrefix("--") {
            return spec.option(named: String(spelled.dropFirst(2)))
        }
        guard spelled.count == 2, let letter = spelled.last else { return nil }
        return spec.options.first { $0.short == letter }
    }

    /// A following word is taken as an option's value unless it is another
    /// option; so `--label -5` works but `--output --force` reports a missing value.
    private static func looksLikeOption(_ word: String, in spec: CommandSpec) -> Bool {
        word.hasPrefix("--") || (word.count == 2 && lookUp(word, in: spec) != nil)
    }
}
