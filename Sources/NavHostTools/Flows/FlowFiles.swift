import Foundation

/// The flow files `navhost run` was given: files as named, and for each folder the flow files
/// directly in it (`.yaml` and `.yml`, by name in byte order). Sub-folders are not entered, so
/// flows that others run (a `common/` folder) are not run on their own.
enum FlowFiles {
    static func expand(_ paths: [String]) throws -> [String] {
        try paths.flatMap { path -> [String] in
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                throw FlowSyntaxError(description: "\(path): no such file or folder")
            }
            guard isFolder.boolValue else { return [path] }
            let names = try FileManager.default.contentsOfDirectory(atPath: path)
                .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }
                .filter { name in
                    var nested: ObjCBool = false
                    return FileManager.default.fileExists(atPath: path + "/" + name, isDirectory: &nested) && !nested.boolValue
                }
                .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
            let folder = path.hasSuffix("/") ? String(path.dropLast()) : path
            return names.map { folder + "/" + $0 }
        }
    }
}
