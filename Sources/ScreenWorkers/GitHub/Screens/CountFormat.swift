/// Counts as screens show them. Locale-independent, so rows are the same on every machine.
enum CountFormat {
    /// Compact, for list rows: 999, 1.2k, 12k, 192k, 1.5M.
    static func abbreviated(_ count: Int) -> String {
        guard count >= 1_000 else { return String(count) }
        for (unit, suffix) in [(1_000, "k"), (1_000_000, "M"), (1_000_000_000, "B")] {
            let tenths = (count * 10 + unit / 2) / unit
            if tenths < 100 {
                return tenths % 10 == 0 ? "\(tenths / 10)\(suffix)" : "\(tenths / 10).\(tenths % 10)\(suffix)"
            }
            let whole = (count + unit / 2) / unit
            if whole < 1_000 { return "\(whole)\(suffix)" }
        }
        return "\((count + 500_000_000) / 1_000_000_000)B"
    }

    /// In full, with thousands separators: 12,345.
    static func grouped(_ count: Int) -> String {
        let digits = String(count.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return count < 0 ? "-" + result : result
    }

    /// "1 repository", "12 repositories".
    static func counted(_ count: Int, _ singular: String, _ plural: String) -> String {
        "\(grouped(count)) \(count == 1 ? singular : plural)"
    }
}
