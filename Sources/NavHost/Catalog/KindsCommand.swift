import ArgumentParser
import HostOptions
import NavProtocol
import Transport
import UVKit

/// `navhost kinds`: the registry of screen kinds this host would serve, the built-in screens and
/// those of the screens.json files, as text or as the same JSON `initialize` publishes
/// (`capabilities.screens`). Answered by navhost itself, with the catalog the host loads.
struct Kinds: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the screen kinds, their params and descriptions (the built-in screens and --screens files).")

    @Option(help: "A screens.json file of external screen kinds (repeatable); $XDG_CONFIG_HOME/navshell/screens.json is read too when it exists.")
    var screens: [String] = []

    @Flag(help: "Print JSON: an array of {kind, description, params, external?}, as initialize's capabilities.screens.")
    var json = false

    func run() throws {
        let descriptors: [ScreenDescriptor]
        do {
            descriptors = try Self.catalog(screensFiles: ScreensFile.files(given: screens)).descriptors
        } catch {
            throw ValidationError(error.description)
        }
        if json {
            print(ScreenDescriptor.jsonLine(descriptors))
            return
        }
        let width = descriptors.map(\.kind.rawValue.count).max() ?? 0
        for descriptor in descriptors {
            let name = descriptor.kind.rawValue
            let origin = descriptor.external == true ? " (external)" : ""
            print(name + String(repeating: " ", count: width - name.count + 2) + descriptor.description + origin)
            let fields = descriptor.params.sorted { $0.key < $1.key }.map { field, spec in
                "\(field): \(spec.type.rawValue)\(spec.required == true ? ", required" : "")"
            }
            if !fields.isEmpty { print(String(repeating: " ", count: width + 2) + "params: " + fields.joined(separator: "; ")) }
        }
    }

    /// The catalog a host with these screens files would load (`FirstWorker.start`); the worker
    /// started for it is ended before this returns.
    private static func catalog(screensFiles: [String]) throws(CatalogError) -> ScreenCatalog {
        var configuration = HostConfiguration()
        configuration.screensFiles = screensFiles
        // A worker that answers one question and ends: nothing to rehearse.
        configuration.settings.warmSpare = false
        let loop = UVLoop()
        let log = Log(loop: loop, level: configuration.logLevel, label: "navhost")
        defer {
            log.close()
            loop.close()
        }
        let (worker, catalog) = try FirstWorker.start(
            configuration: configuration, starter: SpawningStarter(), loop: loop, log: log, events: WorkerEvents())
        worker.stop(loop: loop, graceMilliseconds: configuration.stopGraceMilliseconds)
        return catalog
    }
}
