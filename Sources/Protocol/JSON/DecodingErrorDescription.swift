/// A one-line, human-readable account of a decoding failure that names the field involved:
///
///     missing field 'kind'
///     field 'offset': expected an integer, found a string
///     field 'screens[2].kind': invalid value "foo"
///
/// Errors other than `DecodingError` are described with `String(describing:)`.
public func describeDecodingError(_ error: any Error) -> String {
    guard let error = error as? DecodingError else { return String(describing: error) }
    switch error {
    case .keyNotFound(let key, let context):
        return "missing field '\(formatCodingPath(context.codingPath + [key]))'"
    case .typeMismatch(_, let context), .valueNotFound(_, let context):
        return prefixingField(context.codingPath, to: context.debugDescription)
    case .dataCorrupted(let context):
        if let rawValue = invalidRawValue(in: context.debugDescription) {
            return prefixingField(context.codingPath, to: "invalid value \(rawValue)")
        }
        return prefixingField(context.codingPath, to: context.debugDescription)
    @unknown default:
        return String(describing: error)
    }
}

private func prefixingField(_ path: [any CodingKey], to message: String) -> String {
    path.isEmpty ? message : "field '\(formatCodingPath(path))': \(message)"
}

/// `a.b[2].c`: array indices in brackets, other keys joined with dots.
func formatCodingPath(_ path: [any CodingKey]) -> String {
    var text = ""
    for key in path {
        if let index = key.intValue, key.stringValue == "Index \(index)" || key.stringValue == "\(index)" {
            text += "[\(index)]"
        } else {
            if !text.isEmpty { text += "." }
            text += key.stringValue
        }
    }
    return text
}

/// Extracts the rejected raw value from the standard library's message for a failed
/// `RawRepresentable` decode, "Cannot initialize Kind from invalid String value foo",
/// quoting it when the raw type is `String`.
private func invalidRawValue(in description: String) -> String? {
    guard description.hasPrefix("Cannot initialize "),
        let marker = description.firstRange(of: " from invalid ")
    else { return nil }
    let afterMarker = description[marker.upperBound...]
    guard let valueMarker = afterMarker.firstRange(of: " value ") else { return nil }
    let rawType = afterMarker[..<valueMarker.lowerBound]
    let rawValue = String(afterMarker[valueMarker.upperBound...])
    return rawType == "String" ? JSONValue.string(rawValue).serializedString : rawValue
}
