import CatalogViews
import HTTPServer

/// `GET /v1/navigation`: what the catalog's navigation offers a client that draws its own split view, the web page
/// first: the sidebar's sections and the intents a scene takes (``CatalogAPI/navigation()``). It never changes while
/// the server runs, so its body is written once.
enum NavigationEndpoint {
    private static let body = JSONText.encode(CatalogAPI.navigation())

    static func register(reading: RouteGroup<CallerContext>) {
        reading.get("/v1/navigation") { context in
            _ = try context.query(allowing: [])
            return .response(HTTPResponse(status: .ok, contentType: "application/json", text: body))
        }
    }
}
