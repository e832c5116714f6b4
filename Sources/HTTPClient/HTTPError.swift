import CCurl

/// Why a request produced no response. `message` is libcurl's own, naming the host or address
/// (never a header value).
public struct HTTPError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        /// The request's timeout passed before the response was complete.
        case timeout
        /// The host name could not be resolved.
        case dnsFailure
        /// Nothing accepted the connection: refused, or the address unreachable.
        case connectionFailed
        /// The connection broke: reset, closed before any reply, or closed mid-body.
        case connectionLost
        /// TLS could not be set up or the peer's certificate was refused.
        case tls
        /// The URL is malformed or not http/https.
        case invalidURL
        /// The client was closed before the request could start.
        case clientClosed
        /// Any other libcurl failure; `curlCode` says which.
        case other
    }

    public var kind: Kind
    public var message: String
    /// libcurl's CURLcode, when libcurl reported the failure.
    public var curlCode: Int32?

    public init(kind: Kind, message: String, curlCode: Int32? = nil) {
        self.kind = kind
        self.message = message
        self.curlCode = curlCode
    }

    public var description: String { "\(kind.rawValue): \(message)" }

    /// libcurl's failure as an error; `detail` is the transfer's error buffer, often more
    /// specific than the code's generic text.
    init(curlCode code: CURLcode, detail: String) {
        let generic = String(cString: curl_easy_strerror(code))
        self.init(kind: Self.kind(for: code), message: detail.isEmpty ? generic : detail, curlCode: Int32(bitPattern: code.rawValue))
    }

    static func kind(for code: CURLcode) -> Kind {
        switch code {
        case CURLE_OPERATION_TIMEDOUT:
            return .timeout
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
            return .dnsFailure
        case CURLE_COULDNT_CONNECT:
            return .connectionFailed
        case CURLE_GOT_NOTHING, CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_PARTIAL_FILE, CURLE_HTTP2, CURLE_HTTP2_STREAM:
            return .connectionLost
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
            CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH:
            return .tls
        case CURLE_URL_MALFORMAT, CURLE_UNSUPPORTED_PROTOCOL:
            return .invalidURL
        default:
            return .other
        }
    }
}
