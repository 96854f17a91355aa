/// What a handler gives back for a request: the response now, or a promise of one that it completes later.
public enum HTTPReply: Sendable {
    /// The response, sent at once.
    case response(HTTPResponse)
    /// A response completed later from any thread; the connection is parked meanwhile and holds no server thread.
    case deferred(DeferredResponse)

    /// The reply with its response's ``HTTPResponse/remoteUser`` set to `user` (a deferred one's once completed).
    public func remoteUser(_ user: String?) -> HTTPReply {
        switch self {
        case .response(var response):
            response.remoteUser = user
            return .response(response)
        case .deferred(let deferred):
            deferred.remoteUser = user
            return self
        }
    }
}
