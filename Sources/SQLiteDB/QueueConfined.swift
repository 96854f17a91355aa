package import Dispatch

/// A value (a connection, or something holding one) made on a serial queue and used only by work submitted to it:
/// how an app keeps its database work off the main actor, one piece at a time.
package final class QueueConfined<Value>: @unchecked Sendable {
    // Sendable because `value` is made on `queue`, a serial queue, and used only by work submitted to it.
    private let queue: DispatchQueue
    private let value: Value

    private init(queue: DispatchQueue, value: Value) {
        self.queue = queue
        self.value = value
    }

    /// Makes the value on a new serial queue named `label`.
    ///
    /// - Throws: what `make` throws.
    package static func open(
        label: String, qos: DispatchQoS, _ make: @escaping @Sendable () throws -> Value
    ) async throws -> QueueConfined {
        let queue = DispatchQueue(label: label, qos: qos)
        return try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { QueueConfined(queue: queue, value: try make()) }) }
        }
    }

    /// Runs `body` with the value on its queue, after the work submitted before it, and returns its result.
    ///
    /// - Parameter body: the work; it must not keep the value.
    /// - Throws: what `body` throws.
    package func perform<T: Sendable>(_ body: @escaping @Sendable (Value) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try body(self.value) }) }
        }
    }
}
