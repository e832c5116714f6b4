import CCurl

/// One request on one libcurl easy handle: its options, the bytes received so far, and the
/// completion to call. While the easy handle is in the multi handle, libcurl's WRITEDATA,
/// HEADERDATA and PRIVATE hold one retain on this object, released exactly once by `detach()`.
final class Transfer {
    let request: HTTPRequest
    private(set) var easy: UnsafeMutableRawPointer?
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private let errorBuffer: UnsafeMutablePointer<CChar>
    private var retained: Unmanaged<Transfer>?
    private var completion: ((Result<HTTPResponse, HTTPError>) -> Void)?
    private var headers = HTTPHeaders()
    private var body: [UInt8] = []

    init(request: HTTPRequest, completion: @escaping (Result<HTTPResponse, HTTPError>) -> Void) {
        self.request = request
        self.completion = completion
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE))
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
    }

    deinit {
        precondition(easy == nil, "a transfer was freed while its easy handle was alive")
        errorBuffer.deallocate()
    }


    /// Makes the easy handle and adds it to `multi`. On failure nothing is left allocated.
    func attach(to multi: UnsafeMutableRawPointer) -> HTTPError? {
        guard let easy = curl_easy_init() else {
            return HTTPError(kind: .other, message: "curl_easy_init failed")
        }
        self.easy = easy
        let pointer = Unmanaged.passRetained(self)
        retained = pointer
        if let failure = configure(easy, context: pointer.toOpaque()) {
            detach(from: nil)
            return failure
        }
        let status = curl_multi_add_handle(multi, easy)
        if status != CURLM_OK {
            detach(from: nil)
            return HTTPError(kind: .other, message: String(cString: curl_multi_strerror(status)))
        }
        return nil
    }

    private func configure(_ easy: UnsafeMutableRawPointer, context: UnsafeMutableRawPointer) -> HTTPError? {
        var codes: [CURLcode] = [
            cshim_easy_setopt_string(easy, CURLOPT_URL, request.url),
            cshim_easy_setopt_string(easy, CURLOPT_PROTOCOLS_STR, "http,https"),
            cshim_easy_setopt_long(easy, CURLOPT_NOSIGNAL, 1),
            cshim_easy_setopt_long(easy, CURLOPT_FOLLOWLOCATION, 0),
            // "" asks for every encoding libcurl can decode, and has it decode the body.
            cshim_easy_setopt_string(easy, CURLOPT_ACCEPT_ENCODING, ""),
            cshim_easy_setopt_error_buffer(easy, errorBuffer),
            cshim_easy_setopt_pointer(easy, CURLOPT_PRIVATE, context),
            cshim_easy_setopt_pointer(easy, CURLOPT_WRITEDATA, context),
            cshim_easy_setopt_pointer(easy, CURLOPT_HEADERDATA, context),
            cshim_easy_setopt_write_callback(easy, CURLOPT_WRITEFUNCTION) { bytes, size, count, context in
                guard let context else { return 0 }
                let transfer = Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue()
                transfer.body.append(contentsOf: UnsafeRawBufferPointer(start: bytes, count: size * count))
                return size * count
            },
            cshim_easy_setopt_write_callback(easy, CURLOPT_HEADERFUNCTION) { bytes, size, count, context in
                guard let context else { return 0 }
                let transfer = Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue()
                transfer.receiveHeaderLine(UnsafeRawBufferPointer(start: bytes, count: size * count))
                return size * count
            },
        ]
        if let timeout = request.timeout {
            codes.append(cshim_easy_setopt_long(easy, CURLOPT_TIMEOUT_MS, timeout.curlMilliseconds))
        }
        if let connectTimeout = request.connectTimeout {
            codes.append(cshim_easy_setopt_long(easy, CURLOPT_CONNECTTIMEOUT_MS, connectTimeout.curlMilliseconds))
        }
        if request.freshConnection {
            codes.append(cshim_easy_setopt_long(easy, CURLOPT_FRESH_CONNECT, 1))
        }
        codes += configureMethodAndBody(easy)
        for field in request.headers {
            headerList = curl_slist_append(headerList, "\(field.name): \(field.value)")
        }
        // Without this libcurl waits for "100 Continue" before sending a body.
        headerList = curl_slist_append(headerList, "Expect:")
        codes.append(cshim_easy_setopt_slist(easy, CURLOPT_HTTPHEADER, headerList))
        if let failed = codes.first(where: { $0 != CURLE_OK }) {
            return HTTPError(curlCode: failed, detail: "")
        }
        return nil
    }

    private func configureMethodAndBody(_ easy: UnsafeMutableRawPointer) -> [CURLcode] {
        var codes: [CURLcode] = []
        if let body = request.body {
            codes.append(cshim_easy_setopt_long(easy, CURLOPT_POSTFIELDSIZE, body.count))
            // COPYPOSTFIELDS copies the bytes, so the array need not outlive this call.
            codes.append(body.withUnsafeBufferPointer { buffer in
                guard let bytes = buffer.baseAddress else { return cshim_easy_setopt_string(easy, CURLOPT_COPYPOSTFIELDS, "") }
                return cshim_easy_setopt_pointer(easy, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: bytes))
            })
        }
        switch request.method.uppercased() {
        case "GET" where request.body == nil:
            break
        case "HEAD":
            codes.append(cshim_easy_setopt_long(easy, CURLOPT_NOBODY, 1))
        default:
            codes.append(cshim_easy_setopt_string(easy, CURLOPT_CUSTOMREQUEST, request.method))
        }
        return codes
    }

    private func receiveHeaderLine(_ bytes: UnsafeRawBufferPointer) {
        // Strip CR LF as bytes: "\r\n" is one Character, so String's view would not see "\r".
        var end = bytes.count
        while end > 0, bytes[end - 1] == UInt8(ascii: "\r") || bytes[end - 1] == UInt8(ascii: "\n") { end -= 1 }
        let line = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[..<end]), as: UTF8.self)
        if line.hasPrefix("HTTP/") {
            // A new response begins (after a 1xx): only the final one's headers count.
            headers = HTTPHeaders()
        } else if let first = line.first, first == " " || first == "\t" {
            headers.appendToLastValue(line.trimmingSpaces)
        } else if let colon = line.firstIndex(of: ":") {
            headers.add(name: String(line[..<colon]), value: String(line[line.index(after: colon)...]).trimmingSpaces)
        }
    }

    /// The outcome of a transfer libcurl reported done. Call before `detach`.
    func result(for code: CURLcode) -> Result<HTTPResponse, HTTPError> {
        guard code == CURLE_OK, let easy else {
            return .failure(HTTPError(curlCode: code, detail: String(cString: errorBuffer)))
        }
        var status = 0
        _ = cshim_easy_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status)
        return .success(HTTPResponse(status: status, headers: headers, body: body, url: request.url))
    }

    /// The completion has not run and the transfer was not cancelled.
    var hasCompletion: Bool { completion != nil }

    /// Hands the completion over and forgets it, so it can run at most once.
    func takeCompletion() -> ((Result<HTTPResponse, HTTPError>) -> Void)? {
        defer { completion = nil }
        return completion
    }

    /// Removes the easy handle from `multi` (if given), frees it and its header list, and
    /// releases libcurl's retain. Safe to call more than once.
    func detach(from multi: UnsafeMutableRawPointer?) {
        guard let easy else { return }
        if let multi { curl_multi_remove_handle(multi, easy) }
        curl_easy_cleanup(easy)
        self.easy = nil
        curl_slist_free_all(headerList)
        headerList = nil
        body = []
        let pointer = retained
        retained = nil
        pointer?.release()
    }
}

extension String {
    var trimmingSpaces: String {
        var text = Substring(self)
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return String(text)
    }
}

@available(*, unavailable)
extension Transfer: Sendable {}
