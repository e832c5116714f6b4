/// The Swift of navhost's options (the HostOptions target): `HostSettings` (the values),
/// `HostFlag` (the names), `HostOptions` (ArgumentParser's reading), the plain reading and
/// writing that `ServeCommandLine` and the tools use, and `workerSettings`, what navhost passes
/// its workers: every part of an option but its rules and its use.
func hostCode(_ declarations: [Declaration]) -> String {
    let options = declarations.filter(\.isHostOption)
    var out = generatedHeader + "import ArgumentParser\nimport WorkerLaunch\n\n"
    out += settingsAndFlags(
        options, name: "HostSettings",
        summary: [
            "What navhost's command line sets, as plain values with their defaults. Two readers fill",
            "it: ArgumentParser (`HostOptions`, every form, help and errors) and",
            "`ServeCommandLine(reading:)` (the plain form, without ArgumentParser); `arguments`",
            "writes it back as a command line. The rules are `validationError`'s.",
        ],
        names: "HostFlag", namesSummary: "The long flags of navhost's options, without \"--\".")
    let every = options.flatMap { $0.inversion == true ? [literal($0.flag), literal("no-" + $0.flag)] : [literal($0.flag)] }
    out += """
            /// Every flag, with the `no-` form of those that have one.
            public static let all = [\(every.joined(separator: ", "))]
        }

        /// navhost's options as ArgumentParser reads them (help, every form, errors): `navhost serve`
        /// reads them when `ServeCommandLine(reading:)` leaves a command line to it, and the tools
        /// pass them on to the host they start (`arguments`).
        public struct HostOptions: ParsableArguments {
            public init() {}


        """
    for option in options { out += argumentParserProperty(option, names: "HostFlag", access: "public ") }
    out += """
            public func validate() throws {
                if let error = settings.validationError { throw ValidationError(error) }
            }

            /// What the options say.
            public var settings: HostSettings {
                var settings = HostSettings()

        """
    for option in options { out += "        settings.\(option.property) = \(option.property)\n" }
    out += """
                return settings
            }

            /// The same options as command-line words, to start a host with them.
            public var arguments: [String] { settings.arguments }
        }

        extension HostSettings {
            /// The settings as command-line words, every option spelled out, to start a host with them.
            public var arguments: [String] {
                var words: [String] = []

        """
    for option in options { out += argumentWriting(option, names: "HostFlag", unlessDefault: false) }
    out += """
                return words
            }

            /// Sets the option named `flag` (without "--") from its value as ArgumentParser reads it
            /// (a number with its type's `init?(_: String)`); false for a flag that takes no value, a
            /// name that is no option, or a value that does not parse.
            public mutating func set(_ flag: String, to value: String) -> Bool {
                switch flag {

        """
    for option in options where option.type != "Bool" { out += settingCase(option, names: "HostFlag") }
    out += """
                default: return false
                }
                return true
            }

            /// Sets a flag that takes no value (`--name`, or `--no-name` for one with an inversion);
            /// false for any other name.
            public mutating func set(flag: String) -> Bool {
                switch flag {

        """
    for option in options where option.type == "Bool" {
        out += "        case HostFlag.\(option.property): \(option.property) = true\n"
        if option.inversion == true { out += "        case \"no-\" + HostFlag.\(option.property): \(option.property) = false\n" }
    }
    out += """
                default: return false
                }
                return true
            }

            /// Whether an option may be given more than once (it collects its values).
            public static func isRepeatable(_ flag: String) -> Bool {
                switch flag {

        """
    let repeatable = options.filter { $0.type == "[String]" }.map { "HostFlag.\($0.property)" }
    if !repeatable.isEmpty { out += "        case \(repeatable.joined(separator: ", ")): return true\n" }
    out += """
                default: return false
                }
            }

            /// The options navhost passes on to its workers, under the same names, as a worker's
            /// settings; the workers' own options (the host's pid, ...) keep their defaults, for
            /// navhost to set for each worker it starts.
            public var workerSettings: WorkerSettings {
                var settings = WorkerSettings()

        """
    for option in options where option.isWorkerOption { out += "        settings.\(option.property) = \(option.property)\n" }
    out += """
                return settings
            }
        }

        """
    return out
}
