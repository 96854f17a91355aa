import Catalog

/// A stable 64-bit FNV-1a hash of a record's fields, stored in `source_records.fingerprint` to tell an
/// unchanged record from an updated one without reading the entity back.
///
/// Swift's `Hasher` is seeded per process, so it cannot be stored; this hash is the same in every run.
struct Fingerprint {
    private var state: UInt64 = 0xcbf2_9ce4_8422_2325

    /// Adds a field; `nil` and the empty string hash differently.
    mutating func add(_ value: String?) {
        guard let value else {
            mix(0x00)
            return
        }
        mix(0x01)
        for byte in value.utf8 { mix(byte) }
        mix(0x1F)
    }

    /// Adds a numeric field.
    mutating func add(_ value: Int?) {
        add(value.map { String($0) })
    }

    /// The hash as 16 hex digits.
    var hex: String {
        let digits = String(state, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    private mutating func mix(_ byte: UInt8) {
        state = (state ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }
}

extension BookDraft {
    func fingerprint(into hash: inout Fingerprint) {
        for field in [title, sortTitle, isbn13, language, summary] { hash.add(field) }
        for field in [year, pages] { hash.add(field) }
    }
}

extension AuthorDraft {
    func fingerprint(into hash: inout Fingerprint) {
        for field in [name, sortName, disambiguation] { hash.add(field) }
    }
}

extension GenreDraft {
    func fingerprint(into hash: inout Fingerprint) {
        hash.add(name)
        hash.add(parentID.map { Int($0) })
    }
}

extension BandDraft {
    func fingerprint(into hash: inout Fingerprint) {
        for field in [name, sortName, country, status?.rawValue, disambiguation] { hash.add(field) }
        for field in [formedYear, endedYear] { hash.add(field) }
    }
}
