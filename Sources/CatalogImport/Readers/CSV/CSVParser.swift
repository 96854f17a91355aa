import Catalog

/// The RFC 4180 state machine, fed chunk by chunk, emitting one record at a time.
///
/// It works on UTF-8 bytes (the separator, quote, CR and LF are ASCII, so they never occur inside a
/// multi-byte character) and copies runs of ordinary bytes in bulk. Quoted fields may hold
/// separators, doubled quotes and line breaks; records end at LF, CRLF or a lone CR; blank lines
/// are skipped. Two deviations from RFC 4180 keep real files readable rather than rejected: a quote
/// inside an unquoted field is an ordinary character (`5" floppy`), and text after a closing quote
/// is appended to the field (`"a"b` reads as `ab`).
///
/// Memory is bounded whatever the input: past ``FieldLimits/fieldBytes`` of a field, ``FieldLimits/rowBytes`` of a
/// record or ``FieldLimits/rowFields`` fields, the parser keeps counting and parsing to the record's end but stops
/// keeping bytes, and the record says which fields it cut (``CSVRecord/oversizedFields``,
/// ``CSVRecord/isCutShort``).
struct CSVParser {
    private enum State {
        case fieldStart
        case unquoted
        case quoted
        /// A quote seen inside a quoted field: a doubled quote or the closing one.
        case quoteInQuoted
        /// A CR ended the record; an LF right after it belongs to the same line break.
        case afterCR
    }

    private let separator: UInt8
    private let quote: UInt8
    private let hasQuote: Bool
    private var state = State.fieldStart
    private var bytes: [UInt8] = []
    private var fieldEnds: [Int] = []
    private var fieldLines: [Int] = []
    private var currentFieldQuoted = false
    /// The bytes of the current field read so far, kept or not.
    private var fieldByteCount = 0
    /// Fields cut at the limit: index and full length.
    private var oversizedFields: [Int: Int] = [:]
    /// Fields past ``FieldLimits/rowFields`` were dropped.
    private var isCutShort = false
    private var recordLine = 1
    private var fieldLine = 1
    private var expectedByteCount = 64
    /// The current physical line (1-based).
    private(set) var line = 1

    /// Creates a parser.
    ///
    /// - Parameter dialect: Separator and quote.
    init(dialect: CSVDialect) {
        separator = dialect.separator
        quote = dialect.quote ?? 0
        hasQuote = dialect.quote != nil
    }

    /// Parses from `start` until a record is complete or the buffer ends.
    ///
    /// - Parameters:
    ///   - buffer: Valid UTF-8 bytes.
    ///   - start: Where to continue.
    /// - Returns: The index after the last byte consumed, and the record completed there, if any.
    mutating func parse(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> (next: Int, record: CSVRecord?) {
        var index = start
        let end = buffer.count
        while index < end {
            let byte = buffer[index]
            switch state {
            case .afterCR:
                state = .fieldStart
                if byte == 0x0A {
                    index += 1
                    continue
                }
                continue
            case .fieldStart:
                if hasQuote && byte == quote {
                    state = .quoted
                    currentFieldQuoted = true
                    index += 1
                    continue
                }
                state = .unquoted
                continue
            case .unquoted:
                var runEnd = index
                while runEnd < end {
                    let current = buffer[runEnd]
                    if current == separator || current == 0x0A || current == 0x0D { break }
                    runEnd += 1
                }
                if runEnd > index { keep(UnsafeBufferPointer(rebasing: buffer[index..<runEnd])) }
                index = runEnd
                guard index < end else { continue }
                if let record = delimiter(buffer[index]) { return (index + 1, record) }
                index += 1
            case .quoted:
                var runEnd = index
                while runEnd < end {
                    let current = buffer[runEnd]
                    if current == quote { break }
                    if current == 0x0A { line += 1 }
                    runEnd += 1
                }
                if runEnd > index { keep(UnsafeBufferPointer(rebasing: buffer[index..<runEnd])) }
                index = runEnd
                guard index < end else { continue }
                state = .quoteInQuoted
                index += 1
            case .quoteInQuoted:
                if byte == quote {
                    fieldByteCount += 1
                    if room > 0 { bytes.append(quote) }
                    state = .quoted
                    index += 1
                } else if byte == separator || byte == 0x0A || byte == 0x0D {
                    if let record = delimiter(byte) { return (index + 1, record) }
                    index += 1
                } else {
                    state = .unquoted
                }
            }
        }
        return (index, nil)
    }

    /// Ends the input.
    ///
    /// - Returns: The last record when the input did not end with a line break.
    /// - Throws: The line of the opening quote when a quoted field is still open.
    mutating func finish() throws(UnterminatedQuote) -> CSVRecord? {
        if state == .quoted { throw UnterminatedQuote(line: fieldLine) }
        if state == .afterCR || (state == .fieldStart && fieldEnds.isEmpty && !currentFieldQuoted) {
            return nil
        }
        state = .fieldStart
        return endRecord()
    }

    /// The quoted field opened on `line` never closes.
    struct UnterminatedQuote: Error, Equatable {
        /// Where the quote opened.
        var line: Int
    }

    /// Handles a separator, LF or CR outside quotes; returns a record when one ends.
    private mutating func delimiter(_ byte: UInt8) -> CSVRecord? {
        if byte == separator {
            endField()
            state = .fieldStart
            return nil
        }
        state = byte == 0x0D ? .afterCR : .fieldStart
        let record = endRecord()
        line += 1
        recordLine = line
        fieldLine = line
        return record
    }

    /// How many more bytes the current field may keep.
    private var room: Int {
        min(FieldLimits.fieldBytes - (bytes.count - (fieldEnds.last ?? 0)), FieldLimits.rowBytes - bytes.count)
    }

    /// Appends a run of the current field's bytes, as far as the limits allow.
    private mutating func keep(_ run: UnsafeBufferPointer<UInt8>) {
        fieldByteCount += run.count
        let room = room
        if room >= run.count {
            bytes.append(contentsOf: run)
        } else if room > 0 {
            bytes.append(contentsOf: run.prefix(room))
        }
    }

    private mutating func endField() {
        defer {
            currentFieldQuoted = false
            fieldLine = line
            fieldByteCount = 0
        }
        let start = fieldEnds.last ?? 0
        guard fieldEnds.count < FieldLimits.rowFields else {
            isCutShort = true
            bytes.removeSubrange(start...)
            return
        }
        if fieldByteCount > bytes.count - start { oversizedFields[fieldEnds.count] = fieldByteCount }
        fieldEnds.append(bytes.count)
        fieldLines.append(fieldLine)
    }

    /// Closes the record; a blank line (one empty, unquoted field) yields nothing.
    private mutating func endRecord() -> CSVRecord? {
        if fieldEnds.isEmpty && bytes.isEmpty && !currentFieldQuoted {
            return nil
        }
        endField()
        let record = CSVRecord(
            line: recordLine, bytes: bytes, fieldEnds: fieldEnds, fieldLines: fieldLines,
            oversizedFields: oversizedFields, isCutShort: isCutShort)
        oversizedFields = [:]
        isCutShort = false
        expectedByteCount = max(expectedByteCount, bytes.count)
        bytes = []
        bytes.reserveCapacity(expectedByteCount)
        fieldEnds = []
        fieldEnds.reserveCapacity(record.count)
        fieldLines = []
        fieldLines.reserveCapacity(record.count)
        return record
    }
}
