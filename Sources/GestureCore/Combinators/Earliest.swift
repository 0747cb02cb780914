/// The earlier of two optional deadlines.
@inlinable func earliest(_ a: Timestamp?, _ b: Timestamp?) -> Timestamp? {
    switch (a, b) {
    case (nil, nil): nil
    case (let a?, nil): a
    case (nil, let b?): b
    case (let a?, let b?): min(a, b)
    }
}
