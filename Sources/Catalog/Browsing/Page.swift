/// One page of a browsing list and the cursor of the next one.
///
/// ```swift
/// var cursor: PageCursor?
/// repeat {
///     let page = try catalog.books.page(after: cursor, limit: 50)
///     show(page.items)
///     cursor = page.next
/// } while cursor != nil
/// ```
public struct Page<Item> {
    /// The largest page a list serves.
    public static var maximumLimit: Int { 1000 }

    /// The items, in list order.
    public var items: [Item]
    /// Where the next page starts, or `nil` when this page is the last.
    public var next: PageCursor?

    /// Creates a page.
    public init(items: [Item], next: PageCursor?) {
        self.items = items
        self.next = next
    }
}

extension Page: Sendable where Item: Sendable {}
extension Page: Equatable where Item: Equatable {}
extension Page: Hashable where Item: Hashable {}
