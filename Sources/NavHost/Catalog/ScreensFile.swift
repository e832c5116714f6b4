import Glibc
import NavProtocol

/// A screens.json file: external screen kinds, each served by a command the file names.
///
///     {"kinds": {"KIND": {"command": [ARGV...], "description": "...", "params": {NAME: {"type": T, "required": B, "description": "..."}}}}}
///
/// A relative `command[0]` is resolved against the file's folder. Every mistake is an error that
/// names the file and the entry; navhost refuses to start with it.
enum ScreensFile {
    static let entryFields: Set<String> = ["command", "description", "params"]
    static let paramFields: Set<String> = ["type", "required", "description"]

    /// The files a host reads: those given with `--screens`, then the user's own if it exists.
    static func files(given: [String]) -> [String] {
        given + (userFile.map { [$0] } ?? [])
    }

    /// `$XDG_CONFIG_HOME/navshell/screens.json` (`~/.config` when unset), if it exists.
    static var userFile: String? {
        let config = getenv("XDG_CONFIG_HOME").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
            ?? getenv("HOME").map { String(cString: $0) + "/.config" }
        guard let config else { return nil }
        let path = config + "/navshell/screens.json"
        return access(path, F_OK) == 0 ? path : nil
    }

    static func read(_ path: String) throws(CatalogError) -> [CatalogEntry] {
        let root: JSONValue
        do {
            root = try JSONValue(parsing: try contents(of: path))
        } catch let error as CatalogError {
            throw error
        } catch {
            throw CatalogError("\(path): not valid JSON: \(error)")
        }
        guard case .object(let top) = root, case .object(let kinds)? = top["kinds"] else {
            throw CatalogError("\(path): expected an object {\"kinds\": {KIND: {...}}}")
        }
        if let unknown = top.keys.first(where: { $0 != "kinds" }) { throw CatalogError("\(path): unknown field '\(unknown)'") }
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        var entries: [CatalogEntry] = []
        for (name, value) in kinds.sorted(by: { $0.key < $1.key }) {
            entries.append(try entry(name, value, folder: folder, origin: path))
        }
        return entries
    }

    private static func entry(_ name: String, _ value: JSONValue, folder: String, origin: String) throws(CatalogError) -> CatalogEntry {
        func fail(_ reason: String) -> CatalogError { CatalogError("\(origin): kind '\(name)': \(reason)") }
        if let reason = ScreenKind.nameError(name) { throw fail(reason) }
        guard case .object(let fields) = value else { throw fail("expected an object, found \(value.typeName)") }
        if let unknown = fields.keys.sorted().first(where: { !entryFields.contains($0) }) {
            throw fail("unknown field '\(unknown)' (known: command, description, params)")
        }
        guard case .array(let words)? = fields["command"] else { throw fail("missing command: give \"command\": [PROGRAM, ARGS...]") }
        let argv = words.compactMap(\.stringValue)
        guard argv.count == words.count, let program = argv.first, !program.isEmpty else {
            throw fail("command must be a non-empty array of strings")
        }
        let relative = program.hasPrefix("./") ? String(program.dropFirst(2)) : program
        let executable = program.hasPrefix("/") ? program : folder + "/" + relative
        guard access(executable, X_OK) == 0 else {
            throw fail("command not found: \(executable) is not an executable file (\(String(cString: strerror(errno))))")
        }
        let description = fields["description"] ?? .string("")
        guard let text = description.stringValue else { throw fail("description must be a string") }
        return CatalogEntry(
            descriptor: ScreenDescriptor(kind: ScreenKind(name), description: text, params: try params(fields["params"], fail), external: true),
            command: [executable] + argv.dropFirst(), origin: origin)
    }

    private static func params(_ value: JSONValue?, _ fail: (String) -> CatalogError) throws(CatalogError) -> [String: ParamSpec] {
        guard let value, !value.isNull else { return [:] }
        guard case .object(let fields) = value else { throw fail("params must be an object") }
        var schema: [String: ParamSpec] = [:]
        for (field, spec) in fields {
            guard case .object(let parts) = spec else { throw fail("params.\(field) must be an object {\"type\": ...}") }
            if let unknown = parts.keys.sorted().first(where: { !paramFields.contains($0) }) {
                throw fail("params.\(field): unknown field '\(unknown)' (known: type, required, description)")
            }
            let known = ParamType.allCases.map(\.rawValue).joined(separator: ", ")
            guard let typeName = parts["type"]?.stringValue else { throw fail("params.\(field) has no type (one of \(known))") }
            guard let type = ParamType(rawValue: typeName) else {
                throw fail("params.\(field) has an unknown field type '\(typeName)' (known: \(known))")
            }
            guard (parts["required"] ?? .bool(false)).boolValue != nil else { throw fail("params.\(field).required must be true or false") }
            guard (parts["description"] ?? .string("")).stringValue != nil else { throw fail("params.\(field).description must be a string") }
            schema[field] = ParamSpec(type, required: parts["required"]?.boolValue ?? false, description: parts["description"]?.stringValue)
        }
        return schema
    }

    private static func contents(of path: String) throws(CatalogError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw CatalogError("\(path): cannot read it: \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 { bytes += buffer[..<count]; continue }
            if count < 0 && errno == EINTR { continue }
            guard count == 0 else { throw CatalogError("\(path): cannot read it: \(String(cString: strerror(errno)))") }
            return bytes
        }
    }
}
