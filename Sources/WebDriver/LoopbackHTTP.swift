import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One HTTP/1.1 exchange with chromedriver on the loopback interface, over a socket of its own (`Connection:
/// close`). URLSession is not used: on Linux it never completes chromedriver's answers (their `Content-Length:885`
/// has no space after the colon).
enum LoopbackHTTP {
    /// Sends `method` `path` with `body` to 127.0.0.1:`port` and returns the answer's body.
    ///
    /// - Throws: ``WebDriverError/badAnswer(method:path:text:)`` when the connection fails or the answer is not HTTP.
    static func exchange(_ method: String, port: Int, path: String, body: Data?) throws -> Data {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        // A command that never answers (a hung browser) fails after two minutes instead of hanging the caller.
        var timeout = timeval(tv_sec: 120, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        let failure = { (reason: String) in WebDriverError.badAnswer(method: method, path: path, text: reason) }
        guard connected == 0 else {
            throw failure("cannot connect to chromedriver: \(String(cString: strerror(errno)))")
        }
        let payload = body ?? Data()
        var request = Data(
            ("\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
                + "Content-Type: application/json; charset=utf-8\r\nContent-Length: \(payload.count)\r\n\r\n").utf8)
        request.append(payload)
        var sent = 0
        while sent < request.count {
            let written = request[sent...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            guard written > 0 else { throw failure("the connection closed while sending") }
            sent += written
        }
        var answer = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count <= 0 { break }
            answer.append(contentsOf: buffer[0..<count])
            if let body = complete(answer) { return body }
        }
        guard let body = complete(answer, atEnd: true) else {
            throw failure(String(decoding: answer.prefix(300), as: UTF8.self))
        }
        return body
    }

    /// The body of `answer` once all of it has arrived (by `Content-Length`, else at the end of the connection).
    private static func complete(_ answer: Data, atEnd: Bool = false) -> Data? {
        guard let split = answer.firstRange(of: Data("\r\n\r\n".utf8)) else { return nil }
        let head = String(decoding: answer[..<split.lowerBound], as: UTF8.self).lowercased()
        let body = answer[split.upperBound...]
        let length = head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
            .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) }
        if let length { return body.count >= length ? Data(body.prefix(length)) : nil }
        return atEnd ? Data(body) : nil
    }
}
