import Foundation

/// A scratch folder for one test, removed when the test ends.
final class ScratchFolder {
    let path = NSTemporaryDirectory() + "navshell-e2e-" + UUID().uuidString
    init() throws { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
    deinit { try? FileManager.default.removeItem(atPath: path) }

    func write(_ name: String, _ text: String) throws -> String {
        let file = path + "/" + name
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    func read(_ name: String) throws -> String { try String(contentsOfFile: path + "/" + name, encoding: .utf8) }
}
