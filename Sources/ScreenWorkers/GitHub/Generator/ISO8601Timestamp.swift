/// Formats seconds since 1970 (UTC) as GitHub's ISO-8601 timestamps ("2011-01-25T18:44:36Z"),
/// without Foundation, so formatting millions of rows is cheap and identical everywhere.
enum ISO8601Timestamp {
    static func string(fromEpochSeconds seconds: Int) -> String {
        let days = seconds.floorDivided(by: 86_400)
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = civilDate(daysSinceEpoch: days)
        return "\(year)-\(twoDigits(month))-\(twoDigits(day))T\(twoDigits(secondOfDay / 3600))"
            + ":\(twoDigits(secondOfDay / 60 % 60)):\(twoDigits(secondOfDay % 60))Z"
    }

    /// Seconds since 1970 at midnight UTC of a date.
    static func epochSeconds(year: Int, month: Int, day: Int) -> Int {
        daysSinceEpoch(year: year, month: month, day: day) * 86_400
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
