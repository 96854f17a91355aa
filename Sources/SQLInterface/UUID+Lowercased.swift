import Foundation

extension UUID {
    /// The uuid as the catalog stores it: lowercase text, `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx`.
    ///
    /// Written straight from the bytes: `uuidString.lowercased()` formats with `snprintf` and then copies the text
    /// again, 2% of a large import's time (`perf`), which binds a uuid or two for every row it writes.
    package var lowercased: String {
        withUnsafeBytes(of: uuid) { bytes in
            String(unsafeUninitializedCapacity: 36) { text in
                let digits: StaticString = "0123456789abcdef"
                var end = 0
                for (index, byte) in bytes.enumerated() {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        text[end] = UInt8(ascii: "-")
                        end += 1
                    }
                    text[end] = digits.utf8Start[Int(byte >> 4)]
                    text[end + 1] = digits.utf8Start[Int(byte & 0x0F)]
                    end += 2
                }
                return end
            }
        }
    }
}
