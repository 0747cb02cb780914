import CCairo

/// Pixels a surface hands out (ARGB32, premultiplied), painted through a cairo context made for
/// them: what each ``OverlaySurface`` does with its buffer before it shows it.
enum CairoImage {
    /// Paints `width` × `height` pixels at `pixels` (rows `stride` bytes apart) with `paint`.
    static func paint(_ pixels: UnsafeMutableRawPointer, width: Int32, height: Int32, stride: Int32, _ paint: (OpaquePointer, Int, Int) -> Void) {
        let surface = cairo_image_surface_create_for_data(pixels.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, width, height, stride)!
        let cr = cairo_create(surface)!
        paint(cr, Int(width), Int(height))
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        cairo_surface_destroy(surface)
    }

    /// The text a C function wrote into `buffer` (up to its NUL).
    static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
