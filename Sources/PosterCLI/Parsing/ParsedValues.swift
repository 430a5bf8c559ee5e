/// The arguments and options given to one command, checked against its spec.
///
/// Look-ups use the names declared in the spec; asking for an undeclared name
/// is a programming error and traps, so typos surface in the first test.
struct ParsedValues: Sendable {
    /// The spec the values were parsed against.
    let spec: CommandSpec
    /// The words that selected the command, such as `["themes", "list"]`.
    let commandPath: [String]
    var argumentValues: [String: [String]] = [:]
    var optionValues: [String: [String]] = [:]
    /// Options the environment gave, by name, with their variable (see `fillFromEnvironment`).
    var environmentSources: [String: String] = [:]

    init(spec: CommandSpec, commandPath: [String]) {
        self.spec = spec
        self.commandPath = commandPath
    }

    /// The value of a single positional argument, nil if an optional one was left out.
    func argument(_ name: String) -> String? {
        arguments(name).first
    }

    /// Every value of a (repeating) positional argument.
    func arguments(_ name: String) -> [String] {
        precondition(spec.arguments.contains { $0.name == name }, "\(spec.name) declares no argument <\(name)>")
        return argumentValues[name] ?? []
    }

    /// The value of an option: the last one given, else its default.
    func option(_ name: String) -> String? {
        options(name).last ?? declaredOption(name).defaultValue
    }

    /// Every value given for a (repeating) option, without the default.
    func options(_ name: String) -> [String] {
        precondition(!declaredOption(name).isFlag, "--\(name) is a flag")
        return optionValues[name] ?? []
    }

    /// Whether a flag was given.
    func flag(_ name: String) -> Bool {
        precondition(declaredOption(name).isFlag, "--\(name) takes a value")
        return optionValues[name] != nil
    }

    /// An integer option within `range`, else a usage error naming the option.
    func integer(_ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let text = option(name) else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw UsageError(
                "\(source(of: name)) expects an integer from \(range.lowerBound) to \(range.upperBound), "
                    + "got '\(text)'",
                commandPath: commandPath)
        }
        return value
    }

    private func declaredOption(_ name: String) -> OptionSpec {
        guard let option = spec.option(named: name) else {
            preconditionFailure("\(spec.name) declares no option --\(name)")
        }
        return option
    }
}
