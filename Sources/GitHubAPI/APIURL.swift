import Foundation

/// The few URL operations the client needs, on strings: GitHub's own URLs are followed
/// verbatim, so nothing here re-encodes a URL it did not build.
enum APIURL {
    /// Percent-encodes everything but RFC 3986's unreserved characters, as GitHub writes its
    /// own query strings (`q=location%3ABerlin`) and path segments (`shipit%5Bbot%5D`).
    static func encode(_ component: String) -> String {
        var encoded = ""
        for byte in component.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF".unicodeScalars)
                encoded.unicodeScalars.append("%")
                encoded.unicodeScalars.append(hex[Int(byte >> 4)])
                encoded.unicodeScalars.append(hex[Int(byte & 0x0F)])
            }
        }
        return encoded
    }

    /// `scheme://host[:port]`, lower-cased, without a default port; nil unless http or https, and
    /// nil unless the scheme and host are ASCII: lower-casing other text can make ASCII of what is
    /// not (the Kelvin sign U+212A lower-cases to "k"), so a host that would compare equal to
    /// the API's here would not be the host libcurl reaches.
    static func origin(of url: String) -> String? {
        guard let separator = url.range(of: "://") else { return nil }
        let rest = url[separator.upperBound...]
        let rawScheme = url[..<separator.lowerBound], rawAuthority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard rawScheme.utf8.allSatisfy({ $0 < 0x80 }), rawAuthority.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        let scheme = rawScheme.lowercased()
        guard scheme == "http" || scheme == "https" else { return nil }
        let authority = rawAuthority.lowercased()
        guard !authority.isEmpty, !authority.contains("@") else { return nil }
        let defaultPort = scheme == "https" ? ":443" : ":80"
        let host = authority.hasSuffix(defaultPort) ? String(authority.dropLast(defaultPort.count)) : authority
        return "\(scheme)://\(host)"
    }

    /// The host (and port) of an http(s) URL, for messages.
    static func host(of url: String) -> String? {
        origin(of: url).map { String($0[$0.range(of: "://")!.upperBound...]) }
    }

    /// A redirect's `Location`, absolute or absolute-path, as an absolute URL.
    static func resolve(_ location: String, against url: String) -> String? {
        if origin(of: location) != nil { return location }
        guard location.hasPrefix("/"), !location.hasPrefix("//"), let origin = origin(of: url) else { return nil }
        return origin + location
    }
}

/// The `Link` header: `<https://…?page=2>; rel="next", <https://…?page=34>; rel="last"`.
enum LinkHeader {
    /// URL by relation, from every `Link` field of a response. URLs are returned verbatim.
    static func relations(in values: [String]) -> [String: String] {
        var links: [String: String] = [:]
        for value in values {
            var rest = Substring(value)
            while let open = rest.firstIndex(of: "<"), let close = rest[open...].firstIndex(of: ">") {
                let url = String(rest[rest.index(after: open)..<close])
                let paramsEnd = rest[close...].firstIndex(of: "<") ?? rest.endIndex
                for param in rest[rest.index(after: close)..<paramsEnd].split(separator: ";") {
                    let pair = param.split(separator: "=", maxSplits: 1)
                    guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "rel" else { continue }
                    let names = pair[1].trimmingCharacters(in: .whitespaces.union(.init(charactersIn: "\",")))
                    for name in names.split(separator: " ") where links[String(name)] == nil {
                        links[String(name)] = url
                    }
                }
                rest = rest[paramsEnd...]
            }
        }
        return links
    }
}
