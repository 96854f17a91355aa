/// A record built around the draft of the entity it creates or changes: the draft's fields read and change as the
/// record's own (`record.title` for `record.draft.title`). ``BookRecord``, ``AuthorRecord`` and ``BandRecord`` are
/// draft records.
@dynamicMemberLookup
public protocol DraftRecord {
    /// The catalog's draft of the record's kind of entity, such as `BookDraft`.
    associatedtype Draft

    /// The fields the entity is given.
    var draft: Draft { get set }
}

extension DraftRecord {
    /// A field of ``draft``, as the record's own.
    public subscript<Value>(dynamicMember field: WritableKeyPath<Draft, Value>) -> Value {
        get { draft[keyPath: field] }
        set { draft[keyPath: field] = newValue }
    }
}
