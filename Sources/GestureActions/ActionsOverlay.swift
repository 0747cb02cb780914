/// An actions file's `overlay:` section: what `gesturectl overlay` draws on the desktop, in which
/// colours and where (docs/OVERLAY.md). Every key has a default; a file without the section
/// gets them all.
public struct ActionsOverlay: Sendable, Equatable {
    /// A part of what the overlay draws (`show:`).
    public enum Part: String, CaseIterable, Sendable {
        /// Each touchscreen touch's trail where the finger is, fading.
        case trails
        /// A touchpad's miniature with the fingers on it.
        case pad
        /// An active gesture's name, and at its end what the actions file ran for it.
        case names
        /// An active gesture's progress cue: distance, scale, angle, an edge, a hold's ring.
        case progress
        /// A stroke's shape name at the lift, or a red fade when it matched none.
        case strokes
    }

    /// A corner of the output, where the touchpad miniature sits.
    public enum Corner: String, CaseIterable, Sendable {
        /// Top left.
        case topLeft = "top-left"
        /// Top right.
        case topRight = "top-right"
        /// Bottom left.
        case bottomLeft = "bottom-left"
        /// Bottom right.
        case bottomRight = "bottom-right"
    }

    /// An opaque colour (`"#3daee9"`), each channel 0…1.
    public struct Colour: Sendable, Equatable {
        /// Red.
        public var red: Double
        /// Green.
        public var green: Double
        /// Blue.
        public var blue: Double

        /// A colour from its channels (0…1).
        public init(red: Double, green: Double, blue: Double) {
            self.red = red
            self.green = green
            self.blue = blue
        }

        /// `#rrggbb` (case-insensitive), or nil.
        public init?(hex: String) {
            let digits = Array(hex.utf8)
            guard digits.count == 7, digits[0] == UInt8(ascii: "#") else { return nil }
            var channels: [Double] = []
            for index in stride(from: 1, to: 7, by: 2) {
                guard let high = Self.nibble(digits[index]), let low = Self.nibble(digits[index + 1]) else { return nil }
                channels.append(Double(high * 16 + low) / 255)
            }
            self.init(red: channels[0], green: channels[1], blue: channels[2])
        }

        static func nibble(_ byte: UInt8) -> Int? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a")) + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A")) + 10
            default: nil
            }
        }
    }

    /// What is drawn (`show:`); all parts by default.
    public var show: Set<Part>
    /// Trails, names and progress (`colour:`); KDE's blue by default.
    public var colour: Colour
    /// A stroke that matched no shape, a gesture that failed after it was shown (`failColour:`).
    public var failColour: Colour
    /// Where the touchpad miniature sits (`pad: { corner: }`).
    public var padCorner: Corner
    /// The miniature's width in pixels (`pad: { width: }`); its height follows the touchpad's shape.
    public var padWidth: Double
    /// How long, in seconds, a lifted trail and an ended gesture's confirmation take to fade (`fade:`).
    public var fade: Double
    /// The output the touchscreen is mapped to (`output: eDP-1`); nil: the compositor's first.
    public var output: String?
    /// Where the section stands in the file (nil: not written, the defaults).
    public var line: Int?

    /// The defaults, or what a file says.
    public init(
        show: Set<Part> = Set(Part.allCases), colour: Colour = Colour(hex: "#3daee9")!, failColour: Colour = Colour(hex: "#da4453")!,
        padCorner: Corner = .bottomRight, padWidth: Double = 160, fade: Double = 0.6, output: String? = nil, line: Int? = nil
    ) {
        self.show = show
        self.colour = colour
        self.failColour = failColour
        self.padCorner = padCorner
        self.padWidth = padWidth
        self.fade = fade
        self.output = output
        self.line = line
    }
}
