/// Runs the checkpoints of a database's log after saves, where the program rather than the database runs them:
/// SQLite's WAL (its side makes one from ``NavigationStore/CheckpointPolicy``). A PostgreSQL server runs its own.
package protocol NavigationCheckpoints {
    /// Called after each committed save or move.
    func didSave()

    /// Runs a checkpoint now.
    func checkpoint() throws
}
