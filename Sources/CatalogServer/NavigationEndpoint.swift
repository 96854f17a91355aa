import CatalogAPI
import HTTPServer

/// `GET /v1/navigation`: what the catalog's navigation offers a client that draws its own split view, the web page
/// first: the sidebar's sections and the intents a scene takes (``CatalogAPI/navigation()``). It never changes while
/// the server runs, so its body is written once.
enum NavigationEndpoint {
    private static let body = JSONText.encode(CatalogAPI.navigation())

    static func register(in router: inout Router) {
        router.add("GET", "/v1/navigation") { request, _ in
            _ = try Parameters(request, allowed: [])
            return HTTPResponse(status: 200, contentType: "application/json", text: body)
        }
    }
}
