import Foundation

/// Writes the option code of one target from the options' declarations
/// (`Sources/HostOptions/options.json`, one line per option), for the HostOptionsPlugin build
/// plugin: `host-options-generator host|worker-launch|worker-arguments DECLARATIONS OUTPUT`.
/// navhost's options (`host`: HostOptions), a worker's command line as navhost writes it and the
/// worker reads it (`worker-launch`: WorkerLaunch), and the worker's ArgumentParser options
/// (`worker-arguments`: ScreenWorkerCore), all from the same declarations.
let generators: [String: ([Declaration]) -> String] = [
    "host": hostCode, "worker-launch": workerLaunchCode, "worker-arguments": workerArgumentsCode,
]

let arguments = CommandLine.arguments
guard arguments.count == 4, let generate = generators[arguments[1]] else {
    FileHandle.standardError.write(Data("usage: host-options-generator host|worker-launch|worker-arguments DECLARATIONS OUTPUT\n".utf8))
    exit(2)
}
do {
    let options = try JSONDecoder().decode([Declaration].self, from: Data(contentsOf: URL(fileURLWithPath: arguments[2])))
    try check(options)
    try generate(options).write(toFile: arguments[3], atomically: true, encoding: .utf8)
} catch {
    FileHandle.standardError.write(Data("host-options-generator: \(arguments[2]): \(error)\n".utf8))
    exit(1)
}
