import ProcessSupport

/// Reports go straight to stdout, unbuffered, so a CI log shows each line as it happens.
enum StandardOutput {
    static func writeLine(_ text: String) {
        FileWriting.writeAll(Array((text + "\n").utf8), to: 1)
    }
}
