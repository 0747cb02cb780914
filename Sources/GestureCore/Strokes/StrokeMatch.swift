/// The template a stroke is most like, and how much.
public struct StrokeMatch: Hashable, Sendable {
    /// The template's name.
    public var name: String
    /// Cosine similarity of the stroke and the template (1: the same shape), at the best
    /// rotation the matcher allows and, for a closed template, the best starting point.
    public var score: Double
    /// The best score of a template with another name (0 when there is none): how close the
    /// runner-up came.
    public var runnerUp: Double

    /// Creates a match.
    public init(name: String, score: Double, runnerUp: Double) {
        self.name = name
        self.score = score
        self.runnerUp = runnerUp
    }
}
