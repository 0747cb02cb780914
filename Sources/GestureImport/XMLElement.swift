/// An element of an XML document as ``XMLReader`` reads it: its name, attributes, child
/// elements, the text directly inside it, and the line where its start tag stands.
public struct XMLElement: Sendable, Equatable {
    /// The tag name.
    public var name: String
    /// The attributes, in document order.
    public var attributes: [(name: String, value: String)]
    /// The child elements, in document order.
    public var children: [XMLElement]
    /// The character data directly inside the element (not its children's), trimmed of white space.
    public var text: String
    /// The 1-based line of the start tag.
    public var line: Int

    /// Creates an element.
    public init(name: String, attributes: [(name: String, value: String)] = [], children: [XMLElement] = [], text: String = "", line: Int) {
        self.name = name
        self.attributes = attributes
        self.children = children
        self.text = text
        self.line = line
    }

    /// The value of the attribute `name`, if it has one.
    public subscript(attribute name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }

    /// The children named `name`.
    public func children(named name: String) -> [XMLElement] {
        children.filter { $0.name == name }
    }

    public static func == (lhs: XMLElement, rhs: XMLElement) -> Bool {
        lhs.name == rhs.name && lhs.attributes.map(\.name) == rhs.attributes.map(\.name)
            && lhs.attributes.map(\.value) == rhs.attributes.map(\.value) && lhs.children == rhs.children
            && lhs.text == rhs.text && lhs.line == rhs.line
    }
}
