import GestureWire
import NIOCore
import NIOHTTP1

/// One answer of ``ViewServer``: status, headers and body. Every answer forbids caching,
/// framing by other sites and referrers (the address holds the token).
struct ViewResponse {
    var status: HTTPResponseStatus
    var headers: HTTPHeaders
    var body: ByteBuffer

    init(status: HTTPResponseStatus, contentType: String, body: String) {
        self.status = status
        self.body = ByteBuffer(string: body)
        headers = HTTPHeaders([
            ("Content-Type", contentType), ("Cache-Control", "no-store"), ("Referrer-Policy", "no-referrer"),
            ("X-Content-Type-Options", "nosniff"),
            ("Content-Security-Policy", "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; img-src data:; frame-ancestors 'none'"),
        ])
    }

    /// Plain text, a line.
    static func text(_ status: HTTPResponseStatus, _ text: String) -> ViewResponse {
        ViewResponse(status: status, contentType: "text/plain; charset=utf-8", body: text + "\n")
    }

    /// A JSON document.
    static func json(_ status: HTTPResponseStatus, _ value: JSONValue) -> ViewResponse {
        ViewResponse(status: status, contentType: "application/json", body: value.serialized)
    }
}
