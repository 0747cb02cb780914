/// What happens when an action fires while its previous run is still going (`overlap:`).
public enum ActionOverlap: String, Sendable, CaseIterable {
    /// Run it after the current run (and those queued before it) ends.
    case queue
    /// Do not run it (the default): a command is never piled up behind a slow one.
    case drop
    /// Stop the current run (SIGTERM) and start again.
    case restart
}
