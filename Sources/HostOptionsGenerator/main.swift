import Foundation

/// Writes navhost's option code from its declarations (`Sources/HostOptions/options.json`, one
/// line per option), for the HostOptionsPlugin build plugin:
/// `host-options-generator DECLARATIONS OUTPUT`. The Swift it writes is `HostSettings` (the
/// values), `HostFlag` (the names), `HostOptions` (ArgumentParser's reading) and the plain
/// reading and writing that `ServeCommandLine` and the tools use: every part of an option but
/// its rules (`HostSettings.validationError`) and its use.
struct Declaration: Decodable {
    /// The long flag, without "--".
    var flag: String
    /// The Swift property in `HostSettings` and `HostOptions`.
    var property: String
    /// String, String?, [String], Bool, Int, UInt64 or Double.
    var type: String
    /// A Swift expression; none for an optional.
    var `default`: String?
    var help: String
    /// A Bool flag with a `--no-` form that turns it off.
    var inversion: Bool?
}

struct GeneratorError: Error, CustomStringConvertible {
    var description: String
}

/// A Swift string literal of `text`.
func literal(_ text: String) -> String {
    var escaped = ""
    for character in text {
        switch character {
        case "\\": escaped += "\\\\"
        case "\"": escaped += "\\\""
        case "\n": escaped += "\\n"
        default: escaped.append(character)
        }
    }
    return "\"" + escaped + "\""
}

func generate(_ options: [Declaration]) throws -> String {
    let parsed: Set<String> = ["Int", "UInt64", "Double"]
    var seen: Set<String> = []
    for option in options {
        guard seen.insert(option.flag).inserted else { throw GeneratorError(description: "--\(option.flag) is declared twice") }
        guard parsed.contains(option.type) || ["String", "String?", "[String]", "Bool"].contains(option.type) else {
            throw GeneratorError(description: "--\(option.flag): type \(option.type) is not one the readers know")
        }
        guard (option.default == nil) == option.type.hasSuffix("?") else {
            throw GeneratorError(description: "--\(option.flag): an optional has no default, every other option has one")
        }
    }
    func declared(_ option: Declaration) -> String {
        "\(option.property): \(option.type)" + (option.default.map { " = \($0)" } ?? "")
    }
    var out = """
        // Written by HostOptionsGenerator from Sources/HostOptions/options.json at each build: edit that file.
        import ArgumentParser
        import WorkerLaunch

        /// What navhost's command line sets, as plain values with their defaults. Two readers fill
        /// it: ArgumentParser (`HostOptions`, every form, help and errors) and
        /// `ServeCommandLine(reading:)` (the plain form, without ArgumentParser); `arguments`
        /// writes it back as a command line. The rules are `validationError`'s.
        public struct HostSettings: Equatable, Sendable {

        """
    for option in options {
        let doc = option.help.split(separator: "\n").map { "    /// \($0)\n" }.joined()
        out += doc + "    public var \(declared(option))\n"
    }
    out += """
            public init() {}
        }

        /// The long flags of navhost's options, without "--".
        public enum HostFlag {

        """
    for option in options { out += "    public static let \(option.property) = \(literal(option.flag))\n" }
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
    for option in options {
        let name = "name: .customLong(HostFlag.\(option.property))"
        if option.type == "Bool" {
            let inversion = option.inversion == true ? ", inversion: .prefixedNo" : ""
            out += "    @Flag(\(name)\(inversion), help: \(literal(option.help)))\n"
        } else {
            out += "    @Option(\(name), help: \(literal(option.help)))\n"
        }
        out += "    public var \(declared(option))\n\n"
    }
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
    for option in options {
        let flag = "\"--\" + HostFlag.\(option.property)"
        switch option.type {
        case "Bool" where option.inversion == true:
            out += "        words.append((\(option.property) ? \"--\" : \"--no-\") + HostFlag.\(option.property))\n"
        case "Bool": out += "        if \(option.property) { words.append(\(flag)) }\n"
        case "String?": out += "        if let \(option.property) { words += [\(flag), \(option.property)] }\n"
        case "[String]": out += "        for value in \(option.property) { words += [\(flag), value] }\n"
        case "String": out += "        words += [\(flag), \(option.property)]\n"
        default: out += "        words += [\(flag), String(\(option.property))]\n"
        }
    }
    out += """
                return words
            }

            /// Sets the option named `flag` (without "--") from its value as ArgumentParser reads it
            /// (a number with its type's `init?(_: String)`); false for a flag that takes no value, a
            /// name that is no option, or a value that does not parse.
            public mutating func set(_ flag: String, to value: String) -> Bool {
                switch flag {

        """
    for option in options where option.type != "Bool" {
        let property = option.property
        switch option.type {
        case "[String]": out += "        case HostFlag.\(property): \(property).append(value)\n"
        case "String", "String?": out += "        case HostFlag.\(property): \(property) = value\n"
        default:
            out += "        case HostFlag.\(property):\n"
            out += "            guard let parsed = \(option.type)(value) else { return false }\n"
            out += "            \(property) = parsed\n"
        }
    }
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
        }

        """
    return out
}

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: host-options-generator DECLARATIONS OUTPUT\n".utf8))
    exit(2)
}
do {
    let options = try JSONDecoder().decode([Declaration].self, from: Data(contentsOf: URL(fileURLWithPath: arguments[1])))
    let code = try generate(options)
    try code.write(toFile: arguments[2], atomically: true, encoding: .utf8)
} catch {
    FileHandle.standardError.write(Data("host-options-generator: \(arguments[1]): \(error)\n".utf8))
    exit(1)
}
