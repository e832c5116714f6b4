import PackagePlugin

/// Generates navhost's option code (`HostSettings`, `HostFlag`, `HostOptions` and the plain
/// reading and writing) from `options.json` in the target it is applied to, so that an option
/// is declared once.
@main
struct HostOptionsPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let declarations = target.directoryURL.appending(path: "options.json")
        let output = context.pluginWorkDirectoryURL.appending(path: "HostOptions+Generated.swift")
        return [
            .buildCommand(
                displayName: "Generating navhost's options from \(declarations.lastPathComponent)",
                executable: try context.tool(named: "host-options-generator").url,
                arguments: [declarations.path, output.path],
                inputFiles: [declarations],
                outputFiles: [output])
        ]
    }
}
