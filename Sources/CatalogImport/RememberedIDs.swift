/// The ids an import found by folded name, so a name met again costs a dictionary lookup instead of a query; at
/// most `capacity` of them, so a file naming millions of authors keeps the process in bounded memory.
///
/// When full, the map starts again: a name no longer remembered costs one indexed query, and gives the same id.
struct RememberedIDs {
    private var ids: [String: Int64] = [:]
    private let capacity: Int

    init(capacity: Int) {
        precondition(capacity > 0, "remember at least one id")
        self.capacity = capacity
    }

    var count: Int { ids.count }

    subscript(key: String) -> Int64? {
        get { ids[key] }
        set {
            if newValue != nil, ids.count >= capacity, ids[key] == nil { ids.removeAll(keepingCapacity: true) }
            ids[key] = newValue
        }
    }

    mutating func removeAll() {
        ids.removeAll()
    }
}
