@testable import GestureView
import Testing

@Suite struct ViewRouteTests {
    @Test func pathsAndMethods() {
        #expect(ViewRoute(method: "GET", target: "/?token=a") == .page)
        #expect(ViewRoute(method: "HEAD", target: "/") == .page)
        #expect(ViewRoute(method: "GET", target: "/live?token=a") == .live)
        #expect(ViewRoute(method: "GET", target: "/recordings") == .recordings)
        #expect(ViewRoute(method: "POST", target: "/replay?token=a&name=my%20pinch.yml") == .replay(name: "my pinch.yml"))
        #expect(ViewRoute(method: "POST", target: "/replay") == .replay(name: "dropped recording"))
        #expect(ViewRoute(method: "POST", target: "/") == .methodNotAllowed)
        #expect(ViewRoute(method: "GET", target: "/replay") == .methodNotAllowed)
        #expect(ViewRoute(method: "GET", target: "/actions?token=a") == .actions("list"))
        for verb in ["check", "try", "save", "undo", "import", "stroke"] {
            #expect(ViewRoute(method: "POST", target: "/actions/\(verb)?token=a") == .actions(verb))
            // A change is never made by GET (a link or an <img> in another page).
            #expect(ViewRoute(method: "GET", target: "/actions/\(verb)?token=a") == .methodNotAllowed)
        }
        #expect(ViewRoute(method: "POST", target: "/actions") == .methodNotAllowed)
        #expect(ViewRoute(method: "POST", target: "/actions/delete") == .notFound)
        #expect(ViewRoute(method: "GET", target: "/favicon.ico") == .notFound)
        #expect(ViewRoute(method: "GET", target: "/../etc/passwd") == .notFound)
    }

    @Test func queries() {
        #expect(ViewRoute.query("/x?a=1&b=two+words&c=%C3%A9&a=2&d") == ["a": "1", "b": "two words", "c": "é", "d": ""])
        #expect(ViewRoute.query("/x") == [:])
        #expect(ViewRoute.query("/x?token=%zz") == ["token": ""])
    }
}
