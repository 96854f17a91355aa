package import Catalog

extension CatalogAPI {
    /// The probable duplicates among entries of `kind`, read in one transaction: `{"kind", "groups": [{"reason",
    /// "explanation", "members": [...]}]}`, each member with what tells it apart for its kind.
    ///
    /// - Throws: What the catalog's reads throw.
    package static func duplicates(_ kind: EntityKind, in catalog: any CatalogReader) throws -> String {
        let groups = try DuplicateFinder(catalog).groups(of: kind)
        return JSONText.encode(
            [
                "kind": .string(kind.rawValue),
                "groups": .array(
                    groups.map { group in
                        [
                            "reason": .string(group.reason.rawValue),
                            "explanation": .string(group.reason.explanation),
                            "members": .array(group.members.map(member)),
                        ]
                    }),
            ] as JSONValue)
    }

    private static func member(_ member: DuplicateMember) -> JSONValue {
        let identity: JSONValue = [
            "uuid": .uuid(member.uuid), member.kind == .book ? "title" : "name": .string(member.name),
        ]
        return switch member.kind {
        case .author: identity.merging(["disambiguation": .string(member.note), "books": .int(member.books)])
        case .band:
            identity.merging([
                "disambiguation": .string(member.note), "country": .string(member.country),
                "formedYear": .int(member.formedYear),
            ])
        case .book:
            identity.merging([
                "year": .int(member.year), "isbn13": .string(member.isbn13),
                "authors": .array((member.authors ?? []).map(JSONValue.string)),
            ])
        case .genre: identity
        }
    }
}
