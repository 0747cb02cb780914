/// Why the view's Record button recorded nothing (said on the page).
struct ViewRecordError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
