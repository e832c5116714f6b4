import HostOptions
import NavProtocol
import Transport

extension HostSettings {
    var configuration: HostConfiguration {
        var configuration = HostConfiguration()
        configuration.rootKind = ScreenKind(root)
        configuration.screensFiles = ScreensFile.files(given: screens)
        configuration.rootParams = rootParams.flatMap { try? JSONValue(parsing: $0) }
        configuration.dataPath = data
        configuration.liveSettings = LiveSourceSettings(apiURL: apiURL, cachePath: cache, perPage: perPage, cacheBytes: cacheBytes)
        configuration.liveSource = source == "github" ? configuration.liveSettings : nil
        configuration.queryDebounceMilliseconds = queryDebounce
        configuration.awakeScreens = awakeScreens
        configuration.keepsWarmSpare = warmSpare
        configuration.logLevel = LogLevel(name: logLevel) ?? .warning
        configuration.maxMessageBytes = maxMessageBytes
        configuration.requestTimeoutMilliseconds = UInt64(requestTimeout * 1000)
        configuration.stopGraceMilliseconds = UInt64(stopGrace * 1000)
        reliability.apply(to: &configuration)
        return configuration
    }
}
