import Foundation
import HTTPServer
import SQLiteDB

/// The web page's files, embedded at build time from `Web/`, served with a strong `ETag` (a hash of the bytes), `304`
/// on a matching `If-None-Match`, and the headers that keep the page to its own code: a `Content-Security-Policy`
/// without inline script or style, `nosniff`, no referrer, no framing.
///
/// `/` and every `/app/…` address answer `index.html`: the address after `/app/` is the page's deep link, read by the
/// page itself. The other files are under `/web/NAME`.
enum WebAssets {
    /// One file ready to send.
    struct Asset {
        let body: Data
        let contentType: String
        let etag: EntityTag
    }

    /// The policy every page response carries: only this origin's scripts, styles, images and requests; no plugins,
    /// no `<base>`, no framing.
    static let contentSecurityPolicy =
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
        + "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

    /// The files by name, decoded once.
    static let assets: [String: Asset] = embedded.reduce(into: [:]) { assets, entry in
        let body = Data(base64Encoded: entry.value) ?? Data()
        assets[entry.key] = Asset(
            body: body, contentType: contentType(of: entry.key),
            etag: EntityTag(SHA256.digest(Array(body)).prefix(16).map { String(format: "%02x", $0) }.joined()))
    }

    /// Adds the page's routes: `/`, `/app`, `/app/{sidebar}`, `/app/search/{text}` and `/web/{name}`; none needs
    /// a token (the page signs in itself).
    static func register(in open: RouteGroup<RequestContext>) {
        for pattern in ["/", "/app", "/app/{sidebar}", "/app/search/{text}"] {
            open.get(pattern) { context in .response(try response(for: "index.html", to: context.request)) }
        }
        open.get("/web/{name}") { context in
            .response(try response(for: context.parameters["name"], to: context.request))
        }
    }

    /// The file `name` as the answer to `request`: `200` with the body, or `304` when `If-None-Match` names its tag.
    ///
    /// - Throws: a 404 ``APIProblem`` `not-found` when no file has that name.
    static func response(for name: String, to request: HTTPRequest) throws -> HTTPResponse {
        guard let asset = assets[name] else {
            throw APIProblem(status: .notFound, code: .notFound, detail: "the web page has no file named '\(name)'")
        }
        let headers: HTTPFields = [
            (.cacheControl, "no-cache"), ("Content-Security-Policy", contentSecurityPolicy),
            ("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "no-referrer"),
        ]
        if let unchanged = HTTPResponse.notModified(asset.etag, given: request.ifNoneMatch, headers: headers) {
            return unchanged
        }
        return HTTPResponse(
            status: .ok, headers: [(.contentType, asset.contentType), (.etag, asset.etag.field)] + headers,
            body: asset.body)
    }

    private static func contentType(of name: String) -> String {
        switch (name as NSString).pathExtension {
        case "html": "text/html; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "js": "text/javascript; charset=utf-8"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        default: "application/octet-stream"
        }
    }
}
