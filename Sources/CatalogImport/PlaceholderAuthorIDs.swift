/// The ids of the placeholder authors an import found or created by source key (an Open Library work's
/// `/authors/OL…A`), all of them: a works dump names millions of authors, each again and again at random, and a
/// forgotten one costs a query on a random page of a source-key index many times the page cache.
///
/// An `/authors/OL<n>A` key is stored by its number: `n` indexes a table of 32-bit ids, allocated a page of 65,536
/// numbers (256 KiB) at a time as numbers are met, so it takes 4 bytes for each number up to the highest one met, and
/// at most 64 MiB (``maxNumber``). Other keys, larger numbers and ids of 32 bits or more are remembered in a bounded
/// ``RememberedIDs``, like folded names.
struct PlaceholderAuthorIDs {
    /// The numbers the table holds: those below `OL16777216A`.
    static let maxNumber = 1 << 24
    private static let pageBits = 16
    private static let pageMask = (1 << pageBits) - 1
    private static let prefix = Array("/authors/OL".utf8)

    /// The entry of an id that does not fit below it: that one is in `others`.
    private static let elsewhere = UInt32.max
    /// Pages of ids by number, `0` where none is known; an empty page is not allocated yet.
    private var pages: [[UInt32]] = Array(repeating: [], count: maxNumber >> pageBits)
    private var others: RememberedIDs

    /// - Parameter othersCapacity: How many ids of other keys to remember.
    init(othersCapacity: Int) {
        others = RememberedIDs(capacity: othersCapacity)
    }

    subscript(key: String) -> Int64? {
        get {
            guard let number = Self.number(of: key) else { return others[key] }
            let page = pages[number >> Self.pageBits]
            guard !page.isEmpty else { return nil }
            switch page[number & Self.pageMask] {
            case 0: return nil
            case Self.elsewhere: return others[key]
            case let id: return Int64(id)
            }
        }
        set {
            guard let number = Self.number(of: key) else {
                others[key] = newValue
                return
            }
            let page = number >> Self.pageBits
            if pages[page].isEmpty {
                guard newValue != nil else { return }
                pages[page] = Array(repeating: 0, count: 1 << Self.pageBits)
            }
            let stored = newValue.map { $0 > 0 && $0 < Self.elsewhere ? UInt32($0) : Self.elsewhere } ?? 0
            pages[page][number & Self.pageMask] = stored
            if stored == Self.elsewhere || newValue == nil { others[key] = newValue }
        }
    }

    mutating func removeAll() {
        pages = Array(repeating: [], count: Self.maxNumber >> Self.pageBits)
        others.removeAll()
    }

    /// The `n` of a key written `/authors/OL<n>A` without leading zeros (so no two keys share a number), when below
    /// ``maxNumber``.
    private static func number(of key: String) -> Int? {
        key.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            let digits = bytes.dropFirst(prefix.count).dropLast()
            guard bytes.count > prefix.count + 1, bytes.last == UInt8(ascii: "A"),
                bytes.starts(with: prefix), digits.first != UInt8(ascii: "0"), digits.count <= 8
            else { return nil }
            var number = 0
            for digit in digits {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) else { return nil }
                number = number * 10 + Int(digit - UInt8(ascii: "0"))
            }
            return number < maxNumber ? number : nil
        } ?? nil
    }
}
