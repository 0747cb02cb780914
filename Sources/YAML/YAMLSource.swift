import CYAML

/// Parses YAML with libyaml (the system's library, through its event API) into ``YAMLNode``s,
/// and turns its errors into a line and a problem, for the recording and configuration readers'
/// messages. What a document may cost is bounded: how deep it nests, and how many nodes its
/// aliases add (a few hundred bytes of nested anchors and aliases would otherwise expand to
/// billions of nodes).
public enum YAMLSource {
    /// A YAML syntax problem, or a document over the limits.
    public struct Failure: Error, Sendable {
        /// 1-based line, when known.
        public var line: Int?
        /// What is wrong.
        public var problem: String
    }

    /// The deepest nesting of sequences and mappings a document may have. Configurations nest
    /// about 2 levels per combinator; recordings 5.
    public static let maximumDepth = 64
    /// How many nodes all of a document's aliases may add together (each alias adds the size of
    /// the node it names).
    public static let maximumAliasNodes = 100_000

    /// The document's root node (nil for an empty document). A stream of more than one document
    /// is an error.
    public static func compose(_ text: String) throws(Failure) -> YAMLNode? {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) != 0 else { throw Failure(line: nil, problem: "invalid YAML: libyaml could not start") }
        defer { yaml_parser_delete(&parser) }
        let bytes = Array(text.utf8)
        let result = bytes.withUnsafeBufferPointer { buffer -> Result<YAMLNode?, Failure> in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var composer = Composer(lastLine: lines(in: buffer))
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) != 0 else { return .failure(Self.failure(of: parser, in: buffer)) }
                defer { yaml_event_delete(&event) }
                do throws(Failure) {
                    if try composer.take(event) { return .success(composer.root) }
                } catch {
                    return .failure(error)
                }
            }
        }
        return try result.get()
    }

    /// libyaml's own account of a syntax error. At the end of a text without a final newline
    /// libyaml counts one line more than there is (it ends the stream with a line break of its
    /// own), so the line is capped at the text's last.
    static func failure(of parser: yaml_parser_t, in text: UnsafeBufferPointer<UInt8>) -> Failure {
        let problem = parser.problem.map { String(cString: $0) } ?? "unreadable YAML"
        let context = parser.context.map { " " + String(cString: $0) } ?? ""
        return Failure(line: min(Int(parser.problem_mark.line) + 1, lines(in: text)), problem: "invalid YAML: \(problem)\(context)")
    }

    /// Lines as YAML (and libyaml) counts them: CR LF, CR, LF, NEL, LS and PS each end one.
    static func lines(in text: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 1
        var index = 0
        while index < text.count {
            switch text[index] {
            case 0x0A: count += 1
            case 0x0D:
                count += 1
                if index + 1 < text.count, text[index + 1] == 0x0A { index += 1 }
            case 0xC2 where index + 1 < text.count && text[index + 1] == 0x85: count += 1
            case 0xE2 where index + 2 < text.count && text[index + 1] == 0x80 && (text[index + 2] == 0xA8 || text[index + 2] == 0xA9):
                count += 1
            default: break
            }
            index += 1
        }
        return count
    }

    /// Builds the tree from the parser's events, one at a time (no recursion, so no nesting can
    /// exhaust the stack), counting what aliases add.
    struct Composer {
        /// A sequence or mapping being read: its items so far (a mapping's alternate key, value).
        struct Open {
            var line: Int
            var column: Int
            var anchor: String?
            var isMapping: Bool
            var isFlow: Bool
            var lastLine: Int
            var items: [YAMLNode] = []
            var size = 1
        }

        /// The text's last line: libyaml places what it finds at the very end (an empty
        /// document's null node, the stream's end) on a line after it when the text has no
        /// final newline (found by `make fuzz`).
        let lastLine: Int
        var root: YAMLNode?
        var open: [Open] = []
        var anchors: [String: (node: YAMLNode, size: Int)] = [:]
        var aliasNodes = 0
        var documents = 0

        /// Takes one event; true once the stream has ended.
        mutating func take(_ event: yaml_event_t) throws(Failure) -> Bool {
            let line = min(Int(event.start_mark.line) + 1, lastLine)
            let column = Int(event.start_mark.column)
            // The last line the event's text is on: an end at a line's first column (a block
            // scalar's, after its line break) belongs to the line before.
            let end = event.end_mark
            let endLine = min(max(line, Int(end.line) + (end.column == 0 && Int(end.line) + 1 > line ? 0 : 1)), lastLine)
            switch event.type {
            case YAML_STREAM_END_EVENT:
                return true
            case YAML_DOCUMENT_START_EVENT:
                documents += 1
                if documents > 1 { throw Failure(line: line, problem: "invalid YAML: expected one document, found a second (`---`)") }
            case YAML_SCALAR_EVENT:
                let scalar = event.data.scalar
                let text = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
                let node = YAMLNode(.scalar(text, plain: scalar.style == YAML_PLAIN_SCALAR_STYLE), line: line, column: column, lastLine: endLine)
                finish(node, size: 1, anchor: Self.string(scalar.anchor))
            case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                guard open.count < YAMLSource.maximumDepth else {
                    throw Failure(line: line, problem: "the document nests deeper than \(YAMLSource.maximumDepth) levels")
                }
                let mapping = event.type == YAML_MAPPING_START_EVENT
                let anchor = mapping ? event.data.mapping_start.anchor : event.data.sequence_start.anchor
                let flow = mapping ? event.data.mapping_start.style == YAML_FLOW_MAPPING_STYLE : event.data.sequence_start.style == YAML_FLOW_SEQUENCE_STYLE
                open.append(Open(line: line, column: column, anchor: Self.string(anchor), isMapping: mapping, isFlow: flow, lastLine: line))
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                let done = open.removeLast()
                let content: YAMLNode.Content
                if done.isMapping {
                    content = .mapping(stride(from: 0, to: done.items.count - 1, by: 2).map { (key: done.items[$0], value: done.items[$0 + 1]) })
                } else {
                    content = .sequence(done.items)
                }
                // A block collection's end event stands where the next token does (past any
                // comments); only a flow collection's is its own closing bracket.
                let last = done.isFlow ? max(done.lastLine, endLine) : done.lastLine
                finish(YAMLNode(content, line: done.line, column: done.column, lastLine: last, isFlow: done.isFlow), size: done.size, anchor: done.anchor)
            case YAML_ALIAS_EVENT:
                let name = Self.string(event.data.alias.anchor) ?? ""
                guard let target = anchors[name] else { throw Failure(line: line, problem: "invalid YAML: found undefined alias `*\(name)`") }
                aliasNodes += target.size
                guard aliasNodes <= YAMLSource.maximumAliasNodes else {
                    throw Failure(line: line, problem: "the document's aliases expand to more than \(YAMLSource.maximumAliasNodes) nodes")
                }
                var copy = target.node
                copy.line = line
                copy.column = column
                copy.lastLine = endLine
                finish(copy, size: target.size, anchor: nil)
            default:
                break
            }
            return false
        }

        /// A complete node: into the open collection (or the root), and under its anchor.
        mutating func finish(_ node: YAMLNode, size: Int, anchor: String?) {
            if let anchor { anchors[anchor] = (node, size) }
            if open.isEmpty {
                root = node
            } else {
                open[open.count - 1].items.append(node)
                open[open.count - 1].size += size
                open[open.count - 1].lastLine = max(open[open.count - 1].lastLine, node.lastLine)
            }
        }

        static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
            pointer.map { String(cString: $0) }
        }
    }
}
