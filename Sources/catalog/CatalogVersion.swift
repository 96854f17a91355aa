/// The program version printed by `catalog --version`.
enum CatalogVersion {
    static let current = "0.1.0"
}
