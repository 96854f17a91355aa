public import Navigation
public import SQLiteDB

extension NavigationSchema {
    /// A migrator over the navigation's migrations alone: creates or upgrades the navigation tables of a SQLite
    /// database that holds nothing else.
    public static let migrator = Migrator(migrations)
}
