import PackagePlugin

/// Generates a target's option code from `Sources/HostOptions/options.json`, so that an option is
/// declared once: navhost's options in HostOptions (`HostSettings`, `HostFlag`, `HostOptions`),
/// a worker's command line in WorkerLaunch (`WorkerSettings`, `WorkerFlag`, its reading and
/// writing) and the worker's ArgumentParser options in ScreenWorkerCore.
@main
struct HostOptionsPlugin: BuildToolPlugin {
    /// What `host-options-generator` writes for each target this plugin is applied to.
    static let outputs = [
        "HostOptions": ("host", "HostOptions+Generated.swift"),
        "WorkerLaunch": ("worker-launch", "WorkerSettings+Generated.swift"),
        "ScreenWorkerCore": ("worker-arguments", "WorkerOptions+Generated.swift"),
    ]

    struct UnknownTarget: Error, CustomStringConvertible {
        var description: String
    }

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let (mode, file) = Self.outputs[target.name] else {
            throw UnknownTarget(description: "HostOptionsPlugin generates nothing for \(target.name)")
        }
        let declarations = context.package.directoryURL.appending(path: "Sources/HostOptions/options.json")
        let output = context.pluginWorkDirectoryURL.appending(path: file)
        return [
            .buildCommand(
                displayName: "Generating \(target.name)'s options from \(declarations.lastPathComponent)",
                executable: try context.tool(named: "host-options-generator").url,
                arguments: [mode, declarations.path, output.path],
                inputFiles: [declarations],
                outputFiles: [output])
        ]
    }
}
