import Yams

/// Parses YAML into Yams nodes and turns its errors into a line and a problem, for the
/// recording and configuration readers' messages.
public enum YAMLSource {
    /// A YAML syntax problem.
    public struct Failure: Error, Sendable {
        /// 1-based line, when known.
        public var line: Int?
        /// What the YAML parser said.
        public var problem: String
    }

    /// The document's root node (nil for an empty document).
    public static func compose(_ text: String) throws(Failure) -> Node? {
        do {
            return try Yams.compose(yaml: text)
        } catch let error as YamlError {
            switch error {
            case .scanner(let context, let problem, let mark, _),
                .parser(let context, let problem, let mark, _),
                .composer(let context, let problem, let mark, _):
                let detail = context.map { "\(problem) \($0.text)" } ?? problem
                throw Failure(line: mark.line, problem: "invalid YAML: \(detail)")
            default:
                throw Failure(line: nil, problem: "invalid YAML: \(error)")
            }
        } catch {
            throw Failure(line: nil, problem: "invalid YAML: \(error)")
        }
    }
}
