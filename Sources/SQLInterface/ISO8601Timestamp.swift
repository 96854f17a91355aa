package import Foundation

/// The text form of dates in the database: `YYYY-MM-DDTHH:MM:SS.SSSZ` in UTC.
///
/// Hand-written rather than `ISO8601DateFormatter`: it runs on every row that holds a date, and the
/// calendar arithmetic below (Howard Hinnant's days-from-civil) is exact for the proleptic Gregorian
/// calendar SQLite uses.
package enum ISO8601Timestamp {
    /// Formats `date` rounded to the millisecond, or `nil` for years outside 0000–9999.
    package static func format(_ date: Date) -> String? {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        guard milliseconds.isFinite, abs(milliseconds) < 1e15 else { return nil }
        let total = Int64(milliseconds)
        let days = floorDivide(total, 86_400_000)
        let inDay = total - days * 86_400_000
        let (year, month, day) = civil(fromDays: days)
        guard (0...9999).contains(year) else { return nil }
        let hour = inDay / 3_600_000
        let minute = inDay / 60_000 % 60
        let second = inDay / 1000 % 60
        let millisecond = inDay % 1000
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2))."
            + "\(pad(millisecond, 3))Z"
    }

    /// Parses `YYYY-MM-DD`, optionally followed by `T` or a space, `HH:MM`, `:SS`, `.fff…` and `Z`.
    package static func parse(_ text: String) -> Date? {
        var scanner = DigitScanner(text.utf8)
        guard let year = scanner.number(digits: 4), scanner.skip("-"), let month = scanner.number(digits: 2),
            scanner.skip("-"), let day = scanner.number(digits: 2), (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        var milliseconds = days(fromCivil: year, month, day) * 86_400_000
        if scanner.skip("T") || scanner.skip(" ") {
            guard let hour = scanner.number(digits: 2), scanner.skip(":"), let minute = scanner.number(digits: 2),
                hour < 24, minute < 60
            else { return nil }
            milliseconds += (hour * 60 + minute) * 60_000
            if scanner.skip(":") {
                guard let second = scanner.number(digits: 2), second < 60 else { return nil }
                milliseconds += second * 1000
                if scanner.skip(".") {
                    guard let fraction = scanner.milliseconds() else { return nil }
                    milliseconds += fraction
                }
            }
        }
        _ = scanner.skip("Z")
        return scanner.isAtEnd ? Date(timeIntervalSince1970: Double(milliseconds) / 1000) : nil
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    private static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
        a >= 0 ? a / b : (a - b + 1) / b
    }

    private static func days(fromCivil year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = floorDivide(y, 400)
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func civil(fromDays days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719_468
        let era = floorDivide(z, 146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

/// Reads ASCII digits and separators off UTF-8 bytes.
private struct DigitScanner {
    private let bytes: [UInt8]
    private var position = 0

    init(_ utf8: String.UTF8View) { bytes = Array(utf8) }

    var isAtEnd: Bool { position == bytes.count }

    mutating func skip(_ character: Character) -> Bool {
        guard position < bytes.count, let ascii = character.asciiValue, bytes[position] == ascii else { return false }
        position += 1
        return true
    }

    mutating func number(digits count: Int) -> Int64? {
        guard position + count <= bytes.count else { return nil }
        var value: Int64 = 0
        for byte in bytes[position..<position + count] {
            guard (48...57).contains(byte) else { return nil }
            value = value * 10 + Int64(byte - 48)
        }
        position += count
        return value
    }

    /// Reads a decimal fraction of a second as whole milliseconds; digits past the third are dropped.
    mutating func milliseconds() -> Int64? {
        var value: Int64 = 0
        var count = 0
        while position < bytes.count, (48...57).contains(bytes[position]) {
            if count < 3 { value = value * 10 + Int64(bytes[position] - 48) }
            count += 1
            position += 1
        }
        guard count > 0 else { return nil }
        for _ in min(count, 3)..<3 { value *= 10 }
        return value
    }
}
