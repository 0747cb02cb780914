import GestureCore

extension Timestamp {
    /// `seconds` and `microseconds` read from a recording or a device as one timestamp; nil when
    /// it does not fit in Int64 microseconds (about ±292,000 years), so a hostile file gets an
    /// error naming its line instead of an overflow trap.
    static func checked(seconds: Int64, microseconds: Int64) -> Timestamp? {
        let (whole, overflowA) = seconds.multipliedReportingOverflow(by: 1_000_000)
        let (sum, overflowB) = whole.addingReportingOverflow(microseconds)
        guard !overflowA, !overflowB else { return nil }
        return Timestamp(microseconds: sum)
    }
}
