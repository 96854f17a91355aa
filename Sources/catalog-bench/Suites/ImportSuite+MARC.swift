import Foundation

extension ImportSuite {
    /// The MARC case: the generated books as ISO 2709 records, imported by `catalog import` and by pymarc with
    /// Python's sqlite3 (`Scripts/import_marc.py`), when a Python can import pymarc.
    func marcCase(in directory: URL, scripts: URL, timer: Timer, log: (String) -> Void) throws -> [Measurement] {
        let file = directory.appending(path: "books.mrc").path
        log("import: generating \(marcRecords) MARC records")
        try MARCFileGenerator(records: marcRecords).write(to: file)
        let catalog = try catalogExecutable()
        var implementations: [Implementation] = [
            ("catalog import", { [catalog, "--db", $0, "import", file, "--source", "marc", "--json"] }, true)
        ]
        if let python = Self.pythonWithPymarc() {
            let script = scripts.appending(path: "import_marc.py").path
            implementations.append(("pymarc + python sqlite3", { [python, script, $0, file, "marc"] }, true))
        } else {
            log("import: no Python can import pymarc (set CATALOG_PYTHON): the MARC case runs catalog import alone")
        }
        let measurements = try measure(
            label: "import \(marcRecords) books (MARC)", rows: marcRecords, implementations, in: directory,
            timer: timer, log: log)
        if measurements.count == 2 {
            log(
                String(
                    format: "import: catalog reads and writes MARC %.2f× faster than pymarc and Python's sqlite3",
                    measurements[1].median / measurements[0].median))
        }
        return measurements
    }

    /// `CATALOG_PYTHON`, else `python3` found on the path, when it can import pymarc.
    private static func pythonWithPymarc() -> String? {
        let candidates =
            [ProcessInfo.processInfo.environment["CATALOG_PYTHON"]].compactMap { $0 }
            + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":").map { "\($0)/python3" }
        guard let python = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            return nil
        }
        let check = try? ChildRun.measure([python, "-c", "import pymarc"])
        return check?.status == 0 ? python : nil
    }
}

/// Writes the benchmark's books as MARC 21 records in ISO 2709 (UTF-8): 001 key, 008 year and language, 020 ISBN,
/// 100 and 700 authors (direct order), 245 title, 300 pages, 650 genres — the books of ``BooksCSVGenerator``.
struct MARCFileGenerator {
    let records: Int

    func write(to path: String) throws {
        try BufferedFile.write(to: path) { file in
            BooksCSVGenerator(rows: records).forEachBook { book in
                var fields: [(String, [UInt8])] = [
                    ("001", Array(book.key.utf8)),
                    ("008", Array("261201s\(book.year)    xxu           000 0 eng d".utf8)),
                    ("020", dataField([("a", book.isbn)])),
                ]
                for (index, author) in book.authors.enumerated() {
                    fields.append((index == 0 ? "100" : "700", dataField([("a", author)], indicators: "0 ")))
                }
                fields.append(("245", dataField([("a", book.title)], indicators: "00")))
                fields.append(("300", dataField([("a", "\(book.pages) p.")])))
                for genre in book.genres { fields.append(("650", dataField([("a", genre)], indicators: " 0"))) }
                file.write(Self.record(fields))
            }
        }
    }

    private func dataField(_ subfields: [(Character, String)], indicators: String = "  ") -> [UInt8] {
        var bytes = Array(indicators.utf8)
        for (code, value) in subfields { bytes += [0x1F] + Array(String(code).utf8) + Array(value.utf8) }
        return bytes
    }

    /// One record: leader, directory, the fields each ended by 0x1E, the record terminator.
    static func record(_ fields: [(tag: String, data: [UInt8])]) -> [UInt8] {
        var directory: [UInt8] = []
        var data: [UInt8] = []
        for field in fields {
            let length = field.data.count + 1
            directory += Array((field.tag + digits(length, 4) + digits(data.count, 5)).utf8)
            data += field.data + [0x1E]
        }
        let base = 24 + directory.count + 1
        let length = base + data.count + 1
        let leader = digits(length, 5) + "nam a22" + digits(base, 5) + " i 4500"
        return Array(leader.utf8) + directory + [0x1E] + data + [0x1D]
    }

    private static func digits(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
