import Foundation
import SQLInterface
import Testing

@Suite struct ISO8601TimestampTests {
    @Test(arguments: [
        (0.0, "1970-01-01T00:00:00.000Z"),
        (-1.5, "1969-12-31T23:59:58.500Z"),
        (951_782_400.0, "2000-02-29T00:00:00.000Z"),
        (253_402_300_799.999, "9999-12-31T23:59:59.999Z"),
        (-62_167_219_200.0, "0000-01-01T00:00:00.000Z"),
    ])
    func formatsAndParsesBack(seconds: Double, text: String) throws {
        let date = Date(timeIntervalSince1970: seconds)
        #expect(ISO8601Timestamp.format(date) == text)
        #expect(ISO8601Timestamp.parse(text) == date)
    }

    @Test(arguments: ["", "2026", "2026-13-01", "2026-01-01T25:00", "2026-01-01 10:00:00.", "2026-01-01x"])
    func rejectsMalformedText(_ text: String) {
        #expect(ISO8601Timestamp.parse(text) == nil)
    }

    @Test func yearsOutsideFourDigitsAreNotFormatted() {
        #expect(ISO8601Timestamp.format(Date(timeIntervalSince1970: 1e12)) == nil)
    }
}
