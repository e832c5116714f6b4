/// The Swift of a worker's command line (the WorkerLaunch target): `WorkerSettings` (the values),
/// `WorkerFlag` (the names), and the plain reading and writing of `WorkerInvocation`. navhost
/// writes a worker's command line with it and the worker reads it back without ArgumentParser.
func workerLaunchCode(_ declarations: [Declaration]) -> String {
    let options = ordered(declarations)
    var out = generatedHeader + "\n"
    out += settingsAndFlags(
        options, name: "WorkerSettings",
        summary: [
            "What navhost tells a worker when it starts one, as plain values with their defaults:",
            "the options navhost passes on, under navhost's own names, and the workers' own.",
            "Written by navhost as the worker's command line and read back by the worker",
            "(`WorkerInvocation`); the rules are `validationError`'s.",
        ],
        names: "WorkerFlag", namesSummary: "The flags of a worker's command line, without \"--\".")
    out += """
            /// Every flag.
            public static let all = [\(options.map { literal($0.flag) }.joined(separator: ", "))]
        }

        extension WorkerSettings {
            /// Sets the option named `flag` (without "--") from its value as ArgumentParser reads it
            /// (a number with its type's `init?(_: String)`); false for a flag that takes no value, a
            /// name that is no option (or, with `everyWorkerOnly`, none that every worker takes), or a
            /// value that does not parse.
            mutating func set(_ flag: String, to value: String, everyWorkerOnly: Bool) -> Bool {
                switch flag {

        """
    for option in options where option.type != "Bool" {
        out += settingCase(option, names: "WorkerFlag", condition: option.worker == "every" ? "" : " where !everyWorkerOnly")
    }
    out += """
                default: return false
                }
                return true
            }

            /// Sets a flag that takes no value; false for any other name (or, with
            /// `everyWorkerOnly`, one that not every worker takes).
            mutating func set(flag: String, everyWorkerOnly: Bool) -> Bool {
                switch flag {

        """
    for option in options where option.type == "Bool" {
        let condition = option.worker == "every" ? "" : " where !everyWorkerOnly"
        out += "        case WorkerFlag.\(option.property)\(condition): \(option.property) = true\n"
    }
    out += """
                default: return false
                }
                return true
            }

            /// The options whose values differ from their defaults as command-line words, in the
            /// order of options.json, those every worker takes first; with `everyWorkerOnly`, only
            /// those.
            func arguments(everyWorkerOnly: Bool) -> [String] {
                var words: [String] = []

        """
    if options.contains(where: { !$0.isOptional && $0.type != "Bool" }) { out += "        let defaults = WorkerSettings()\n" }
    for scope in ["every", "built-in"] {
        if scope == "built-in" { out += "        if everyWorkerOnly { return words }\n" }
        for option in options where option.worker == scope { out += argumentWriting(option, names: "WorkerFlag", unlessDefault: true) }
    }
    out += """
                return words
            }
        }

        """
    return out
}

/// The Swift of the worker's ArgumentParser options (the ScreenWorkerCore target), which read
/// every form of the same flags into the same `WorkerSettings`: `EveryWorkerOptions` (what
/// `serve` and `exec` take) and `BuiltInWorkerOptions` (what `serve` takes besides).
func workerArgumentsCode(_ declarations: [Declaration]) -> String {
    let options = ordered(declarations)
    var out = generatedHeader + "import ArgumentParser\nimport WorkerLaunch\n"
    let groups = [
        ("EveryWorkerOptions", "every", "The options every worker takes: a built-in one (`serve`) and `exec`, which runs an external one."),
        ("BuiltInWorkerOptions", "built-in", "The options a built-in worker takes besides `EveryWorkerOptions` (`serve`)."),
    ]
    for (name, scope, summary) in groups {
        out += "\n/// \(summary)\nstruct \(name): ParsableArguments {\n"
        for option in options where option.worker == scope { out += argumentParserProperty(option, names: "WorkerFlag", access: "") }
        out += "    /// Sets what these options say in `settings`.\n    func apply(to settings: inout WorkerSettings) {\n"
        for option in options where option.worker == scope { out += "        settings.\(option.property) = \(option.property)\n" }
        out += "    }\n}\n"
    }
    return out
}

/// The worker's options, those every worker takes first, each group in the order of options.json.
private func ordered(_ declarations: [Declaration]) -> [Declaration] {
    declarations.filter { $0.worker == "every" } + declarations.filter { $0.worker == "built-in" }
}
