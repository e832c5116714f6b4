/// A plain-text table for the terminal: the first column and `textColumns` left-aligned,
/// the figures right-aligned.
struct TextTable {
    let header: [String]
    private(set) var rows: [[String]] = []
    var textColumns: Set<Int> = [0]

    init(_ header: String...) {
        self.header = header
    }

    mutating func add(_ cells: String...) {
        rows.append(cells)
    }

    func render() -> String {
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: max(0, widths[column] - cell.count))
                return textColumns.contains(column) ? cell + padding : padding + cell
            }.joined(separator: "  ").trimmingTrailingSpaces()
        }
        let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
        return ([line(header), rule] + rows.map(line)).joined(separator: "\n")
    }
}

/// `value` with `digits` decimals, without Foundation.
func fixed(_ value: Double, _ digits: Int = 1) -> String {
    guard value.isFinite else { return "-" }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let scaled = Int((abs(value) * scale).rounded())
    let whole = scaled / Int(scale)
    let fraction = String(scaled % Int(scale))
    let sign = value < 0 && scaled != 0 ? "-" : ""
    guard digits > 0 else { return "\(sign)\(whole)" }
    return "\(sign)\(whole).\(String(repeating: "0", count: digits - fraction.count))\(fraction)"
}

/// An optional figure, or "-".
func fixed(_ value: Double?, _ digits: Int = 1) -> String {
    value.map { fixed($0, digits) } ?? "-"
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
