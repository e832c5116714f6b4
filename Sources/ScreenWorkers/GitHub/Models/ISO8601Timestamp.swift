import Glibc

/// Formats seconds since 1970 (UTC) as GitHub's ISO-8601 timestamps ("2011-01-25T18:44:36Z"),
/// without Foundation, so formatting millions of rows is cheap and identical everywhere.
public enum ISO8601Timestamp {
    /// The time now, to the second, as GitHub writes it: when a local change or a previewed
    /// write was made.
    public static var now: String { string(fromEpochSeconds: time(nil)) }

    public static func string(fromEpochSeconds seconds: Int) -> String {
        let days = seconds.floorDivided(by: 86_400)
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = civilDate(daysSinceEpoch: days)
        return "\(year)-\(twoDigits(month))-\(twoDigits(day))T\(twoDigits(secondOfDay / 3600))"
            + ":\(twoDigits(secondOfDay / 60 % 60)):\(twoDigits(secondOfDay % 60))Z"
    }

    /// Seconds since 1970 at midnight UTC of a date.
    public static func epochSeconds(year: Int, month: Int, day: Int) -> Int {
        daysSinceEpoch(year: year, month: month, day: day) * 86_400
    }

    /// Seconds since 1970 of a timestamp in the form `string(fromEpochSeconds:)` writes; nil for any other text.
    public static func epochSeconds(parsing text: String) -> Int? {
        let digits = Array(text.utf8)
        guard digits.count == 20, digits[4] == UInt8(ascii: "-"), digits[10] == UInt8(ascii: "T"), digits[19] == UInt8(ascii: "Z") else {
            return nil
        }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in digits[range] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10), let hour = number(11..<13),
            let minute = number(14..<16), let second = number(17..<19)
        else { return nil }
        return epochSeconds(year: year, month: month, day: day) + hour * 3_600 + minute * 60 + second
    }

    // Howard Hinnant's days_from_civil / civil_from_days (proleptic Gregorian calendar).
    private static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = y.floorDivided(by: 400)
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func civilDate(daysSinceEpoch days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = z.floorDivided(by: 146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}

extension Int {
    fileprivate func floorDivided(by divisor: Int) -> Int {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
