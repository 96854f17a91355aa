import Foundation
import HTTPServer

/// One line of `catalog serve`'s access log on standard error: as text, `METHOD PATH STATUS BYTES MICROSECONDSus
/// USER`, or as a JSON object per line. The path is percent-encoded again, and the method (the client's text too)
/// wherever it is not a token's characters, so a newline, a space or a terminal escape cannot forge or split a line
/// or drive the terminal of whoever reads the log; the user is `-` when the request carried no valid token. A token
/// never appears. Connections the server closes on its own and libmicrohttpd's messages get a line of their own
/// (``line(notice:)``).
struct AccessLog: Sendable {
    /// How lines are written.
    enum Format: String, CaseIterable {
        case text, json
    }

    let format: Format

    private struct Notice: Encodable {
        let notice: String
        let address: String
        let detail: String
    }

    private struct Entry: Encodable {
        let method: String
        let path: String
        let status: Int
        let bytes: Int
        let microseconds: Int64
        let user: String?
    }

    /// The characters of an HTTP token (RFC 9110's `tchar`) but `%`, which marks what is encoded.
    private static let methodCharacters = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!#$&'*+-.^_`|~")

    /// The line for a request (its method and decoded path), its answer and who made it.
    func line(
        method: String, path: String, status: Int, bytes: Int, microseconds: Int64, user: String?
    ) -> String {
        let path = path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? "?"
        let method = method.addingPercentEncoding(withAllowedCharacters: Self.methodCharacters) ?? "?"
        switch format {
        case .text:
            return "\(method) \(path) \(status) \(bytes) \(microseconds)us \(user ?? "-")\n"
        case .json:
            return Self.json(
                Entry(method: method, path: path, status: status, bytes: bytes, microseconds: microseconds, user: user))
        }
    }

    /// The line for something the server did to a connection on its own, or a message of libmicrohttpd's: as text,
    /// `* ADDRESS KIND: DETAIL`. The detail's control characters are written as `%XX`, as the path's are.
    func line(notice: HTTPServerNotice) -> String {
        let detail = String(
            notice.detail.unicodeScalars.flatMap { scalar in
                scalar.value < 0x20 || scalar.value == 0x7F
                    ? Array(String(format: "%%%02X", scalar.value).unicodeScalars) : [scalar]
            }.map(Character.init))
        let address = notice.address ?? "-"
        switch format {
        case .text:
            return "* \(address) \(notice.kind.rawValue): \(detail)\n"
        case .json:
            return Self.json(Notice(notice: notice.kind.rawValue, address: address, detail: detail))
        }
    }

    private static func json(_ line: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // A line of strings and numbers always encodes.
        let data = (try? encoder.encode(line)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
