import Foundation

extension HTTPResponse {
    /// The file at `path` as the answer to `request`, honouring its `Range` (one range of bytes) and `If-Range`.
    ///
    /// - `200` with the whole file when no range is asked, the range is not one this understands (it is then
    ///   ignored, as HTTP allows), or `If-Range` names another version than `etag`;
    /// - `206` with `Content-Range` for `bytes=N-`, `bytes=N-M` or `bytes=-N` within the file;
    /// - `416` with `Content-Range: bytes */SIZE` for a range that starts beyond the end.
    ///
    /// Every answer carries `ETag` and `Accept-Ranges: bytes`.
    ///
    /// - Parameters:
    ///   - path: the file; it is opened now, so it may be removed as soon as this returns.
    ///   - contentType: its media type.
    ///   - etag: its version.
    ///   - request: the request, for its `range` and `if-range` headers.
    /// - Throws: `CocoaError` when the file cannot be opened.
    public static func file(
        at path: String, contentType: String, etag: EntityTag, for request: HTTPRequest
    ) throws -> HTTPResponse {
        let handle = try FileHandle(forReadingFrom: URL(filePath: path))
        let size = try handle.seekToEnd()
        let headers: HTTPFields = [(.contentType, contentType), (.etag, etag.field), (.acceptRanges, "bytes")]
        // If-Range holds one tag, compared strongly (RFC 9110 13.1.5): a weak tag or a date names no version here,
        // so the whole file comes back, which is always safe.
        let wanted = request.headers[.ifRange].map { $0.trimmingCharacters(in: .whitespaces) == etag.field } ?? true
        guard wanted, let text = request.headers[.range], let range = ByteRange(text) else {
            return HTTPResponse(status: .ok, headers: headers, file: FileBody(file: handle, offset: 0, length: size))
        }
        guard let bounds = range.bounds(in: size) else {
            return HTTPResponse(status: .rangeNotSatisfiable, headers: headers + [(.contentRange, "bytes */\(size)")])
        }
        return HTTPResponse(
            status: .partialContent,
            headers: headers + [(.contentRange, "bytes \(bounds.lowerBound)-\(bounds.upperBound)/\(size)")],
            file: FileBody(file: handle, offset: bounds.lowerBound, length: bounds.upperBound - bounds.lowerBound + 1))
    }
}

/// One range of a `Range: bytes=…` header: `N-`, `N-M` or the last `N` bytes (`-N`).
private enum ByteRange {
    case from(UInt64, through: UInt64?)
    case suffix(UInt64)

    /// The range in `header`, or `nil` for anything else (another unit, several ranges, malformed).
    init?(_ header: String) {
        guard header.hasPrefix("bytes=") else { return nil }
        let spec = header.dropFirst("bytes=".count).trimmingCharacters(in: .whitespaces)
        let parts = spec.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, !spec.contains(",") else { return nil }
        if parts[0].isEmpty {
            guard let count = UInt64(parts[1]) else { return nil }
            self = .suffix(count)
        } else {
            guard let first = UInt64(parts[0]) else { return nil }
            if parts[1].isEmpty {
                self = .from(first, through: nil)
            } else {
                guard let last = UInt64(parts[1]), last >= first else { return nil }
                self = .from(first, through: last)
            }
        }
    }

    /// The first and last byte the range takes of a file of `size` bytes, or `nil` when it takes none.
    func bounds(in size: UInt64) -> ClosedRange<UInt64>? {
        switch self {
        case .from(let first, let last):
            guard first < size else { return nil }
            return first...min(last ?? size - 1, size - 1)
        case .suffix(let count):
            guard count > 0, size > 0 else { return nil }
            return size - min(count, size)...size - 1
        }
    }
}
