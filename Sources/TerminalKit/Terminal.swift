#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The controlling terminal in full-screen raw mode: keys arrive one by one, nothing is echoed, and the
/// screen is the alternate buffer, so the user's scrollback is untouched.
///
/// The terminal is restored by ``restore()``, when the value is released, and on SIGINT, SIGTERM and
/// SIGHUP (then the process exits with 128 + the signal number).
public final class Terminal {
    /// Whether standard input and output are both terminals.
    public static var isInteractive: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }

    private var isActive = false
    private var decoder = KeyDecoder()

    /// Switches the terminal to raw mode and the alternate screen.
    ///
    /// - Throws: ``TerminalError/notATerminal`` when standard input or output is not a terminal.
    public init() throws {
        guard Terminal.isInteractive else { throw TerminalError.notATerminal }
        var attributes = termios()
        guard tcgetattr(STDIN_FILENO, &attributes) == 0 else { throw TerminalError.notATerminal }
        savedAttributes = attributes
        hasSavedAttributes = 1
        var raw = attributes
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_oflag &= ~tcflag_t(OPOST)
        raw.c_cflag |= tcflag_t(CS8)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw)
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
            signal(signalNumber, restoreAndExit)
        }
        signal(SIGWINCH, noteResize)
        Self.unblock([SIGINT, SIGTERM, SIGHUP, SIGWINCH])
        writeRaw(enterSequence)
        isActive = true
    }

    deinit {
        restore()
    }

    /// Lets `signals` through to this thread. A parent may start the program with them blocked (a test runner or a
    /// process supervisor does, and a blocked mask is inherited across exec): then a SIGTERM would never give the
    /// terminal back and a resize would never be seen.
    private static func unblock(_ signals: [Int32]) {
        var set = sigset_t()
        sigemptyset(&set)
        for signalNumber in signals { sigaddset(&set, signalNumber) }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// Leaves raw mode and the alternate screen; safe to call more than once.
    public func restore() {
        guard isActive else { return }
        isActive = false
        restoreTerminal()
        for signalNumber in [SIGINT, SIGTERM, SIGHUP, SIGWINCH] {
            signal(signalNumber, SIG_DFL)
        }
    }

    /// The size in cells (columns × rows), 80 × 24 when the terminal does not say.
    public var size: TerminalSize {
        var window = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else {
            return TerminalSize(columns: 80, rows: 24)
        }
        return TerminalSize(columns: Int(window.ws_col), rows: Int(window.ws_row))
    }

    /// Whether the window was resized since the last call.
    public func takeResize() -> Bool {
        defer { resizePending = 0 }
        return resizePending != 0
    }

    /// Waits up to `timeout` milliseconds for keys; returns early, possibly with none, on a resize.
    ///
    /// - Throws: ``TerminalError/inputClosed`` when the terminal went away (its window closed, the pseudo-terminal
    ///   hung up): a caller looping on keys must stop rather than spin.
    public func readKeys(timeout: Int32 = 250) throws -> [Key] {
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, timeout)
        if ready < 0, errno != EINTR { throw TerminalError.inputClosed }
        guard ready > 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = read(STDIN_FILENO, &buffer, buffer.count)
        if count == 0 || (count < 0 && errno != EINTR && errno != EAGAIN) { throw TerminalError.inputClosed }
        guard count > 0 else { return [] }
        var keys = decoder.decode(Array(buffer[0..<count]))
        // A lone ESC with nothing after it within a moment is the Escape key.
        if keys.isEmpty, poll(&descriptor, 1, 30) == 0 {
            keys = decoder.flush()
        }
        return keys
    }

    /// Replaces the screen with `lines` (already styled with ``Style``), drawn in one write.
    public func draw(_ lines: [String]) {
        var output = "\u{1B}[H"
        for (index, line) in lines.enumerated() {
            output += line + "\u{1B}[0m\u{1B}[K"
            if index < lines.count - 1 { output += "\r\n" }
        }
        output += "\u{1B}[J"
        writeRaw(output)
    }
}

/// A terminal's size in cells.
public struct TerminalSize: Hashable, Sendable {
    public var columns: Int
    public var rows: Int

    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }
}

/// Why the terminal cannot be used.
public enum TerminalError: Error, CustomStringConvertible {
    /// Standard input or output is not a terminal (a pipe, a file).
    case notATerminal
    /// The terminal's input ended: the window closed or the pseudo-terminal hung up.
    case inputClosed

    public var description: String {
        switch self {
        case .notATerminal: "standard input and output must be a terminal for the interactive browser"
        case .inputClosed: "the terminal closed its input"
        }
    }
}

// State the signal handlers read: a C signal handler cannot capture context, and may only touch
// plain memory and async-signal-safe calls (write, tcsetattr, _exit).
nonisolated(unsafe) private var savedAttributes = termios()
nonisolated(unsafe) private var hasSavedAttributes: sig_atomic_t = 0
nonisolated(unsafe) private var resizePending: sig_atomic_t = 0

private let enterSequence = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J"
private let leaveSequence = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

private func writeRaw(_ text: String) {
    var text = text
    text.withUTF8 { bytes in
        var offset = 0
        while offset < bytes.count {
            let written = write(STDOUT_FILENO, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
            if written <= 0 { return }
            offset += written
        }
    }
}

private func restoreTerminal() {
    guard hasSavedAttributes != 0 else { return }
    writeRaw(leaveSequence)
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &savedAttributes)
    hasSavedAttributes = 0
}

private func restoreAndExit(_ signalNumber: Int32) {
    restoreTerminal()
    _exit(128 + signalNumber)
}

private func noteResize(_ signalNumber: Int32) {
    resizePending = 1
}
