/// Options that may also come from the environment (`serve`): `--max-per-ip` from
/// `NMTI_MAX_PER_IP`, and so on. The command line wins over the environment.
extension ParsedValues {
    /// The variable that stands for option `name`: `NMTI_` and the name in upper case, `-` as `_`.
    static func environmentVariable(for name: String) -> String {
        "NMTI_" + name.uppercased().replacingOccurrences(of: "-", with: "_")
    }

    /// Fills every option of the spec that the command line did not give from its
    /// variable, except those in `skipping` (which read their own). A flag's variable
    /// is `1`, `true`, `yes` or `on` (set) or `0`, `false`, `no`, `off` or empty (not
    /// set); a repeatable option's variable is a comma-separated list. Empty
    /// variables are ignored. Fails naming the variable when a flag's value is neither.
    mutating func fillFromEnvironment(_ environment: [String: String], skipping: Set<String> = []) throws(UsageError) {
        // A retired option's variable left in a deployment would otherwise be ignored without a word.
        for (name, instead) in spec.retiredOptions.sorted(by: { $0.key < $1.key }) {
            let variable = Self.environmentVariable(for: name)
            if let text = environment[variable], !text.isEmpty {
                throw UsageError("environment variable \(variable) (--\(name)) was removed: \(instead); unset it", commandPath: commandPath)
            }
        }
        for option in spec.options where !skipping.contains(option.name) && optionValues[option.name] == nil {
            let variable = Self.environmentVariable(for: option.name)
            guard let text = environment[variable] else { continue }
            if option.isFlag {
                switch text.lowercased() {
                case "1", "true", "yes", "on": optionValues[option.name] = []
                case "0", "false", "no", "off", "": continue
                default:
                    throw UsageError(
                        "environment variable \(variable) (--\(option.name)) expects 1, true, yes or on, or 0, false, no or off, got '\(text)'",
                        commandPath: commandPath)
                }
            } else {
                guard !text.isEmpty else { continue }
                let values = option.isRepeating
                    ? text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } : [text]
                optionValues[option.name] = values
            }
            environmentSources[option.name] = variable
        }
    }

    /// How messages name where option `name` came from: `option '--port'`, or
    /// `environment variable NMTI_PORT (--port)` when the environment gave it.
    func source(of name: String) -> String {
        environmentSources[name].map { "environment variable \($0) (--\(name))" } ?? "option '--\(name)'"
    }
}
