public import Foundation
import SQLiteDB

extension TestSupport {
    /// A copy of the committed Calibre library (`Fixtures/calibre/metadata.db`, made with Calibre 6.13) in
    /// `directory/name`, with `sql` run on the copy first, as Calibre would have edited it. Calibre's triggers call
    /// SQL functions only Calibre defines: SQL that updates `books` drops `books_update_trg` first.
    ///
    /// - Returns: The library folder; its database is `<folder>/metadata.db`, in rollback-journal mode as Calibre
    ///   keeps it.
    public static func calibreLibrary(in directory: URL, named name: String = "library", editedBy sql: String? = nil)
        throws -> String
    {
        let folder = directory.appending(path: name).path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let database = folder + "/metadata.db"
        try FileManager.default.copyItem(atPath: importFixture("calibre/metadata.db"), toPath: database)
        if let sql {
            let db = try Database(path: database)
            try db.execute(sql)
            try db.execute("PRAGMA journal_mode = DELETE")
        }
        return folder
    }
}
