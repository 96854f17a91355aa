import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A TCP connection to a server under test that sends whatever bytes a test gives it, for requests URLSession
/// will not send (a half request, thousands of header fields, an idle connection held open).
///
/// Reads wait at most `readTimeout` seconds, so a server that never answers fails the test instead of hanging it.
public final class RawHTTPConnection: @unchecked Sendable {
    // Sendable: the descriptor never changes, and a socket may be written on one thread while another reads it.
    /// Why a connection or a read failed.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    private let descriptor: Int32

    /// Connects to `host` (numeric IPv4) on `port`, from the local address `source` when one is given (any
    /// 127.x.y.z is this machine: a test plays several clients with them).
    ///
    /// - Throws: ``Failure`` when the connection is refused.
    public init(host: String = "127.0.0.1", port: Int, from source: String? = nil, readTimeout: Int = 20) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var timeout = timeval(tv_sec: readTimeout, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        func connecting(_ body: (UnsafePointer<sockaddr>, socklen_t) -> Int32, to host: String, port: Int) -> Int32 {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr(host)
            return withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    body($0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        }
        let descriptor = descriptor
        if let source, connecting({ bind(descriptor, $0, $1) }, to: source, port: 0) != 0 {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw Failure(description: "cannot bind to \(source): \(reason)")
        }
        let connected = connecting({ connect(descriptor, $0, $1) }, to: host, port: port)
        guard connected == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw Failure(description: "cannot connect to \(host):\(port): \(reason)")
        }
    }

    deinit { close(descriptor) }

    /// Sends `text` as UTF-8; a connection the server already closed is not an error here (the read says so).
    @discardableResult
    public func write(_ text: String) -> Bool {
        write(bytes: Array(text.utf8))
    }

    /// Sends `bytes` as they are (a NUL, bytes that are not UTF-8), and says whether all of them were sent; a closed
    /// connection is not an error here.
    @discardableResult
    public func write(bytes: [UInt8]) -> Bool {
        #if os(Linux)
            let flags = Int32(MSG_NOSIGNAL)
        #else
            let flags: Int32 = 0
        #endif
        var sent = 0
        while sent < bytes.count {
            let written = bytes[sent...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, flags) }
            guard written > 0 else { return false }
            sent += written
        }
        return true
    }

    /// Sends `count` header lines, one every `interval` seconds, on a thread of their own: a request that is never
    /// idle long enough for an idle timeout and never finished (slowloris).
    public func trickleHeaderLines(_ count: Int, every interval: Double) {
        Thread.detachNewThread { [self] in
            for number in 0..<count {
                Thread.sleep(forTimeInterval: interval)
                write("X-Line-\(number): more\r\n")
            }
        }
    }

    /// Everything the server sends until it closes the connection (empty when it closes without a word).
    ///
    /// - Throws: ``Failure`` when nothing ends the connection within the read timeout.
    public func readUntilClosed() throws -> String {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                received += buffer[..<count]
            } else if count == 0 || errno == ECONNRESET {
                return String(decoding: received, as: UTF8.self)
            } else {
                throw Failure(
                    description:
                        "the server neither answered nor closed the connection: \(String(cString: strerror(errno)))"
                        + " after \(received.count) bytes")
            }
        }
    }

    /// Whether the server closed the connection within `seconds` without sending anything.
    public func isClosedWithoutAnswer(within seconds: Double) -> Bool {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, Int32(seconds * 1000)) == 1 else { return false }
        var byte: UInt8 = 0
        let count = recv(descriptor, &byte, 1, 0)
        return count == 0 || (count < 0 && errno == ECONNRESET)
    }

    /// Whether the server sends nothing and keeps the connection open for `seconds`: a request not yet answered.
    public func isSilent(for seconds: Double) -> Bool {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&poller, 1, Int32(seconds * 1000)) == 0
    }

    /// What the server has sent within `seconds` (one read of what arrived first; empty when nothing did).
    public func received(within seconds: Double) -> String {
        guard !isSilent(for: seconds) else { return "" }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        return count > 0 ? String(decoding: buffer[..<count], as: UTF8.self) : ""
    }

    /// The status code of the response `text` starts with, or `nil` when it is not a response.
    public static func status(of text: String) -> Int? {
        let parts = text.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/") else { return nil }
        return Int(parts[1])
    }
}
