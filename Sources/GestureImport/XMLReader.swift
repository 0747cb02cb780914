import CExpat

/// Reads a small XML document (a touchegg configuration) into ``XMLElement``s with Expat, the
/// system's parser. What a document may cost is bounded: its size and how deep it nests. A
/// document type declaration is refused, so no entity can expand (touchegg's files have none).
public enum XMLReader {
    /// Why a document could not be read.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// The 1-based line where the problem was found.
        public var line: Int
        /// What is wrong.
        public var problem: String

        /// Creates a failure.
        public init(line: Int, problem: String) {
            self.line = line
            self.problem = problem
        }

        public var description: String { "line \(line): \(problem)" }
    }

    /// The largest document read, in bytes (touchegg's own file is 7 KB).
    public static let maximumSize = 1 << 20
    /// The deepest nesting of elements (touchegg's files nest 4 deep).
    public static let maximumDepth = 32

    /// The document with the dashes inside its comments blanked: touchegg's reader (pugixml)
    /// takes `--` inside a comment, which XML forbids and Expat refuses, and users' files have
    /// it (commented-out settings). A comment ends at the first `-->`, as pugixml ends it;
    /// lengths and lines stay as they were, so every line number holds.
    static func lenientComments(_ input: [UInt8]) -> [UInt8] {
        // Copied byte by byte into a new array: Swift 6.0.3's optimizer crashed (its
        // AccessPathVerification) on the same loop changing a copy of the input in place.
        let dash = UInt8(ascii: "-"), less = UInt8(ascii: "<"), bang = UInt8(ascii: "!"), greater = UInt8(ascii: ">")
        var output: [UInt8] = []
        output.reserveCapacity(input.count)
        var index = 0
        var inComment = false
        while index < input.count {
            let byte = input[index]
            if !inComment {
                if byte == less, index + 4 <= input.count, input[index + 1] == bang, input[index + 2] == dash, input[index + 3] == dash {
                    output.append(contentsOf: [less, bang, dash, dash])
                    index += 4
                    inComment = true
                } else {
                    output.append(byte)
                    index += 1
                }
            } else if index + 3 > input.count {
                // Too near the end for `-->`: the rest as it is (Expat says the comment is open).
                output.append(byte)
                index += 1
            } else if byte == dash, input[index + 1] == dash, input[index + 2] == greater {
                output.append(contentsOf: [dash, dash, greater])
                index += 3
                inComment = false
            } else {
                output.append(byte == dash ? UInt8(ascii: " ") : byte)
                index += 1
            }
        }
        return output
    }

    /// The root element.
    public static func parse(_ text: String) throws(Failure) -> XMLElement {
        let bytes = lenientComments(Array(text.utf8))
        guard bytes.count <= maximumSize else { throw Failure(line: 1, problem: "over \(maximumSize / 1024) KiB; not a configuration") }
        guard let parser = XML_ParserCreate("UTF-8") else { throw Failure(line: 1, problem: "Expat could not start") }
        defer { XML_ParserFree(parser) }
        let builder = Builder()
        let context = Unmanaged.passRetained(builder)
        defer { context.release() }
        XML_SetUserData(parser, context.toOpaque())
        XML_SetElementHandler(parser, { data, name, attributes in
            let builder = Unmanaged<Builder>.fromOpaque(data!).takeUnretainedValue()
            var pairs: [(name: String, value: String)] = []
            var index = 0
            while let key = attributes?[index], let value = attributes?[index + 1] {
                pairs.append((String(cString: key), String(cString: value)))
                index += 2
            }
            builder.start(String(cString: name!), pairs, line: Int(gestured_XML_CurrentLine(builder.parser)))
        }, { data, _ in
            Unmanaged<Builder>.fromOpaque(data!).takeUnretainedValue().end()
        })
        XML_SetCharacterDataHandler(parser) { data, characters, length in
            let builder = Unmanaged<Builder>.fromOpaque(data!).takeUnretainedValue()
            let buffer = UnsafeRawBufferPointer(start: characters, count: Int(length))
            builder.characters(buffer)
        }
        XML_SetStartDoctypeDeclHandler(parser) { data, _, _, _, _ in
            let builder = Unmanaged<Builder>.fromOpaque(data!).takeUnretainedValue()
            builder.refuse("a document type declaration (<!DOCTYPE …>) is not read")
        }
        builder.parser = parser
        let status = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { XML_Parse(parser, $0.baseAddress, Int32(buffer.count), 1) }
        }
        let line = Int(gestured_XML_CurrentLine(parser))
        if let refusal = builder.refusal { throw Failure(line: refusal.line, problem: refusal.problem) }
        guard status == XML_STATUS_OK else {
            let problem = XML_ErrorString(XML_GetErrorCode(parser)).map { String(cString: $0) } ?? "unreadable XML"
            throw Failure(line: max(line, 1), problem: "invalid XML: \(problem)")
        }
        guard let root = builder.root else { throw Failure(line: max(line, 1), problem: "no root element") }
        return root
    }

    /// Builds the tree from Expat's callbacks; stops the parser at the first refusal.
    final class Builder {
        var parser: XML_Parser?
        var stack: [XMLElement] = []
        var texts: [[UInt8]] = []
        var root: XMLElement?
        var refusal: Failure?

        func start(_ name: String, _ attributes: [(name: String, value: String)], line: Int) {
            guard stack.count < XMLReader.maximumDepth else {
                return refuse("elements nest deeper than \(XMLReader.maximumDepth)")
            }
            stack.append(XMLElement(name: name, attributes: attributes, line: line))
            texts.append([])
        }

        func end() {
            guard var element = stack.popLast(), let text = texts.popLast() else { return }
            element.text = String(decoding: text, as: UTF8.self).trimmed
            if stack.isEmpty {
                root = element
            } else {
                stack[stack.count - 1].children.append(element)
            }
        }

        func characters(_ buffer: UnsafeRawBufferPointer) {
            guard !texts.isEmpty else { return }
            texts[texts.count - 1].append(contentsOf: buffer)
        }

        func refuse(_ problem: String) {
            guard refusal == nil, let parser else { return }
            refusal = Failure(line: Int(gestured_XML_CurrentLine(parser)), problem: problem)
            XML_StopParser(parser, XML_FALSE)
        }
    }
}
