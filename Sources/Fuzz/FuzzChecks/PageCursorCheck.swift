import Catalog
public import Foundation
import SQLiteDB

/// The keyset page cursor decoder: any text handed back as `--after CURSOR` is read as a cursor or refused
/// with ``CatalogError/invalidCursor(reason:)``, and a cursor written from decoded keys reads back the same.
///
/// Byte 0 picks the mode: the rest is the cursor text as typed, or the payload inside the base64 (so the
/// fuzzer explores the key syntax rather than base64).
public struct PageCursorCheck: FuzzCheck {
    /// The corpus directory and executable suffix.
    public let name = "page-cursor"

    private static let lists = ["books", "books-by-author", "authors", "credits", "genres", "bands"]

    /// A check.
    public init() {}

    /// Runs one input; see the type's description for what must hold.
    public func check(_ input: Data) throws(FuzzFinding) {
        let rest = input.dropFirst()
        let text: String
        if (input.first ?? 0) % 2 == 0 {
            text = String(decoding: rest, as: UTF8.self)
        } else {
            text = Data(rest).base64EncodedString().replacingOccurrences(of: "+", with: "-")
                .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        }
        let cursor = PageCursor(text)
        for list in Self.lists {
            for count in 1...3 {
                try checkDecoding(cursor, list: list, count: count)
            }
        }
    }

    private func checkDecoding(_ cursor: PageCursor, list: String, count: Int) throws(FuzzFinding) {
        let keys: [DatabaseValue]
        do {
            keys = try cursor.decodedKeys(forList: list, count: count)
        } catch is CatalogError {
            return
        } catch {
            throw FuzzFinding("cursor \(cursor) failed with an unexpected error: \(error)")
        }
        do {
            let rewritten = try PageCursor(list: list, keyValues: keys)
            let again = try rewritten.decodedKeys(forList: list, count: count)
            try require(again == keys, "cursor \(cursor) rewritten as \(rewritten) reads \(again), not \(keys)")
        } catch let finding as FuzzFinding {
            throw finding
        } catch {
            throw FuzzFinding("cursor \(cursor) rewritten from its keys does not read back: \(error)")
        }
    }
}
