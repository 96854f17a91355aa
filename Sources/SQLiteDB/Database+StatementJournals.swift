extension Database {
    /// Makes the transactions begun from now on keep their statement journals in memory.
    ///
    /// A statement that fires triggers or writes several rows keeps the pages it changes in a statement journal; on
    /// a file (once one outgrew 64 KiB, every later one of the transaction) those journals were most of a bulk
    /// write's I/O. SQLite places a transaction's statement journals as it begins, from `temp_store`. The setting
    /// changes only while the connection's temporary database is closed, and a change closes it, dropping its
    /// tables: so it is set to FILE first, in case it is MEMORY already. See
    /// [PRAGMA temp_store](https://sqlite.org/pragma.html#pragma_temp_store).
    package func keepStatementJournalsInMemory() throws {
        try execute("PRAGMA temp_store = FILE; PRAGMA temp_store = MEMORY")
    }

    /// Inside a transaction begun after ``keepStatementJournalsInMemory()``, before anything opens the temporary
    /// database: sends its temporary tables and the sorts of the indexes it builds to files, while its statement
    /// journals stay in memory. In memory a sort holds every entry; a file keeps it to the page cache.
    package func sendTemporaryTablesToFiles() throws {
        try execute("PRAGMA temp_store = FILE")
    }
}
