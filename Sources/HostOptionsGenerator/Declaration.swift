/// One line of `Sources/HostOptions/options.json`: an option of navhost's, of its workers', or
/// of both (one navhost passes on, under the same flag, type and default).
struct Declaration: Decodable {
    /// The long flag, without "--".
    var flag: String
    /// The Swift property in `HostSettings` and `WorkerSettings`, and in their ArgumentParser options.
    var property: String
    /// String, String?, [String], Bool, or a number: Int, Int32, UInt64 or Double, optional or not.
    var type: String
    /// A Swift expression; none for an optional.
    var `default`: String?
    var help: String
    /// A Bool flag with a `--no-` form that turns it off.
    var inversion: Bool?
    /// The workers navhost passes the option to: "built-in" (the screen workers it serves with),
    /// or "every" (external ones too, through `screen-worker exec`). None: navhost's alone.
    var worker: String?
    /// An option of the workers' alone, which navhost sets for each worker it starts.
    var workerOnly: Bool?

    var isHostOption: Bool { workerOnly != true }
    var isWorkerOption: Bool { worker != nil }
    var isOptional: Bool { type.hasSuffix("?") }
    /// The type without its "?".
    var baseType: String { isOptional ? String(type.dropLast()) : type }
    var isNumber: Bool { Declaration.numbers.contains(baseType) }

    /// The types whose value the readers parse with the type's `init?(_: String)`.
    static let numbers: Set<String> = ["Int", "Int32", "UInt64", "Double"]

    /// `property: Type = default`, as a stored property declares it.
    var declared: String { "\(property): \(type)" + (self.default.map { " = \($0)" } ?? "") }

    /// Lines of a `///` comment of the help, indented by `indent`.
    func documentation(indent: String) -> String {
        help.split(separator: "\n").map { "\(indent)/// \($0)\n" }.joined()
    }
}

struct GeneratorError: Error, CustomStringConvertible {
    var description: String
}

/// Refuses declarations the readers and writers could not handle alike.
func check(_ options: [Declaration]) throws {
    var seen: Set<String> = []
    for option in options {
        func refuse(_ reason: String) -> GeneratorError { GeneratorError(description: "--\(option.flag): \(reason)") }
        guard seen.insert(option.flag).inserted else { throw refuse("declared twice") }
        guard option.isNumber || ["String", "String?", "[String]", "Bool"].contains(option.type) else {
            throw refuse("type \(option.type) is not one the readers know")
        }
        guard (option.default == nil) == option.isOptional else { throw refuse("an optional has no default, every other option has one") }
        if let worker = option.worker {
            guard ["built-in", "every"].contains(worker) else { throw refuse("worker must be built-in or every, not \(worker)") }
            // A worker reads each flag at most once and writes only what differs from the default:
            // no list, and a flag only ever turns a false on.
            guard option.type != "[String]", option.inversion != true else { throw refuse("a worker's option is neither a list nor invertible") }
            guard option.type != "Bool" || option.default == "false" else { throw refuse("a worker's Bool defaults to false") }
        } else if option.workerOnly == true {
            throw refuse("a worker-only option names the workers it is for")
        }
    }
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

/// The Swift of an ArgumentParser `@Option` or `@Flag` property for `option`, its name read from
/// `names` (`HostFlag` or `WorkerFlag`).
func argumentParserProperty(_ option: Declaration, names: String, access: String) -> String {
    let name = "name: .customLong(\(names).\(option.property))"
    var out: String
    if option.type == "Bool" {
        let inversion = option.inversion == true ? ", inversion: .prefixedNo" : ""
        out = "    @Flag(\(name)\(inversion), help: \(literal(option.help)))\n"
    } else {
        out = "    @Option(\(name), help: \(literal(option.help)))\n"
    }
    return out + "    \(access)var \(option.declared)\n\n"
}

/// The Swift of a `switch` case that sets `option` from `value` (a string), or returns false when
/// the value does not parse; `condition` guards the case.
func settingCase(_ option: Declaration, names: String, condition: String = "") -> String {
    let property = option.property
    let label = "        case \(names).\(property)\(condition):\n"
    switch option.type {
    case "[String]": return label + "            \(property).append(value)\n"
    case "String", "String?": return label + "            \(property) = value\n"
    default:
        return label + "            guard let parsed = \(option.baseType)(value) else { return false }\n"
            + "            \(property) = parsed\n"
    }
}

/// The Swift that adds `option` to `words`, its flag read from `names` (`HostFlag` or
/// `WorkerFlag`); with `unlessDefault`, only when its value differs from `defaults`' (a flag
/// and an optional are written only when set, whatever `unlessDefault` says).
func argumentWriting(_ option: Declaration, names: String, unlessDefault: Bool) -> String {
    let property = option.property
    let flag = "\"--\" + \(names).\(property)"
    let value = option.baseType == "String" ? property : "String(\(property))"
    switch option.type {
    case "Bool" where option.inversion == true: return "        words.append((\(property) ? \"--\" : \"--no-\") + \(names).\(property))\n"
    case "Bool": return "        if \(property) { words.append(\(flag)) }\n"
    case "[String]": return "        for value in \(property) { words += [\(flag), value] }\n"
    case _ where option.isOptional: return "        if let \(property) { words += [\(flag), \(value)] }\n"
    case _ where unlessDefault: return "        if \(property) != defaults.\(property) { words += [\(flag), \(value)] }\n"
    default: return "        words += [\(flag), \(value)]\n"
    }
}

/// The first line of every generated file.
let generatedHeader = "// Written by host-options-generator from Sources/HostOptions/options.json at each build: edit that file.\n"

/// The Swift of a settings struct (`name`, documented by `summary`'s `///` lines) with a public
/// property per option, and of the enum `names` of the options' flags; the enum's `all`
/// (without its closing brace) is left to the caller.
func settingsAndFlags(_ options: [Declaration], name: String, summary: [String], names: String, namesSummary: String) -> String {
    var out = summary.map { "/// \($0)\n" }.joined() + "public struct \(name): Equatable, Sendable {\n"
    for option in options { out += option.documentation(indent: "    ") + "    public var \(option.declared)\n" }
    out += "\n    public init() {}\n}\n\n/// \(namesSummary)\npublic enum \(names) {\n"
    for option in options { out += "    public static let \(option.property) = \(literal(option.flag))\n" }
    return out
}
