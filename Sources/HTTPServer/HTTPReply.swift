/// What a handler gives back for a request: the response now, or a promise of one that it completes later.
public enum HTTPReply: Sendable {
    /// The response, sent at once.
    case response(HTTPResponse)
    /// A response completed later from any thread; the connection is parked meanwhile and holds no server thread.
    case deferred(DeferredResponse)
}
