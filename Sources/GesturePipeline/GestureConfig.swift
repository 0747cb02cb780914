import Evdev
import GestureCore
import GestureWire
import YAML

/// The gesture configuration: the bindings to attach to every device, from a YAML file
/// (docs/CONFIG.md) or the built-in desktop set.
public struct GestureConfig: Hashable, Sendable {
    /// The bindings, in file order (attach order, which breaks ties in the arena).
    public var bindings: [BindingSpec]
    /// Where it came from (a path, or `<built-in>`).
    public var source: String
    /// Who may connect to the daemon (the `access:` section; empty: everyone who can open the
    /// socket).
    public var access: AccessList
    /// How devices are mounted (the `devices:` section), first match first.
    public var devices: [DeviceSetting]
    /// How long a touch a consuming gesture may claim is held back from the desktop before it
    /// is let go (`decisionWindow:`, seconds; nil: the default, 0.3 s; docs/OWNERSHIP.md).
    public var decisionWindow: Seconds?

    /// Creates a configuration.
    public init(bindings: [BindingSpec], source: String, access: AccessList = AccessList(), devices: [DeviceSetting] = []) {
        self.bindings = bindings
        self.source = source
        self.access = access
        self.devices = devices
    }

    /// How a device's surface is turned: the first `devices:` entry that matches it, else not
    /// (for a device that follows its screen: until the session says).
    public func rotation(for profile: DeviceProfile) -> SurfaceRotation {
        setting(for: profile)?.rotation ?? .none
    }

    /// The first `devices:` entry that applies to a device (nil: none does).
    public func setting(for profile: DeviceProfile) -> DeviceSetting? {
        devices.first { $0.applies(to: profile) }
    }

    /// Reads a configuration; throws a ``ConfigError`` naming the line for anything unknown or
    /// out of range.
    public static func parse(_ text: String, file: String) throws -> GestureConfig {
        let read = try ConfigReader(file: file).read(text)
        var config = GestureConfig(bindings: read.bindings, source: file, access: read.access, devices: read.devices)
        config.decisionWindow = read.decisionWindow
        return config
    }

    /// Gestures a client defines (`subscribe`'s `define`), read straight from their JSON by the
    /// configuration's own rules. A mistake is a ``ConfigError`` of file `define` whose line is
    /// the entry's place in the list plus one, and whose message names entries as `define[N]`.
    public static func definitions(_ items: [JSONValue], strokes: [StrokeTemplate] = []) throws -> GestureConfig {
        var reader = ConfigReader(file: "define")
        reader.entry = { "by define[\($0 - 1)]" }
        reader.strokes = strokes
        let entries = items.enumerated().map { YAMLNode(json: $0.element, line: $0.offset + 1) }
        let bindings = try reader.bindings(entries, definitions: Self.subscriptionConsume)
        return GestureConfig(bindings: bindings, source: "define")
    }

    /// Where a client asks for what `consume:` would say (``ConfigReader/definition(_:consumeAdvice:)``).
    static let subscriptionConsume = "ask for it with the subscription's \"consume\": true"

    /// Recorded stroke drawings a client sends with its definitions (`subscribe`'s `strokes`),
    /// read by the rules of the configuration's `strokes:`; a mistake's line is the drawing's
    /// place in the list plus one.
    public static func strokes(_ items: [JSONValue]) throws -> [StrokeTemplate] {
        guard !items.isEmpty else { return [] }
        let reader = ConfigReader(file: "strokes")
        let entries = items.enumerated().map { YAMLNode(json: $0.element, line: $0.offset + 1) }
        return try reader.strokeTemplates(YAMLNode(.sequence(entries), line: 1))
    }

    /// The built-in configuration, used when none is given.
    public static let builtIn: GestureConfig = {
        do {
            return try parse(builtInYAML, file: "<built-in>")
        } catch {
            preconditionFailure("the built-in configuration does not parse: \(error)")
        }
    }()

    /// The built-in configuration's text: 3- and 4-finger swipes in four directions, pinch and
    /// rotate, edge swipes on touchscreens, and a touchscreen long press.
    public static let builtInYAML = """
        version: 1
        gestures:
          - name: swipe-left-3
            swipe: { fingers: 3, direction: left }
          - name: swipe-right-3
            swipe: { fingers: 3, direction: right }
          - name: swipe-up-3
            swipe: { fingers: 3, direction: up }
          - name: swipe-down-3
            swipe: { fingers: 3, direction: down }
          - name: swipe-left-4
            swipe: { fingers: 4, direction: left }
          - name: swipe-right-4
            swipe: { fingers: 4, direction: right }
          - name: swipe-up-4
            swipe: { fingers: 4, direction: up }
          - name: swipe-down-4
            swipe: { fingers: 4, direction: down }
          - name: pinch
            magnify: { minimumScaleDelta: 0.05 }   # 5 %: resting fingers jitter past 1 %
            state: magnification
          - name: rotate
            rotate: { minimumAngleDelta: 5 }       # degrees
            priority: simultaneous      # reported alongside a pinch, never preempted by it
            state: rotation
          - name: edge-left
            edgeSwipe: { edge: left }
            region: { edge: left }      # an inner target: outranks whole-surface gestures
            devices: touchscreen
          - name: edge-right
            edgeSwipe: { edge: right }
            region: { edge: right }
            devices: touchscreen
          - name: edge-top
            edgeSwipe: { edge: top }
            region: { edge: top }
            devices: touchscreen
          - name: edge-bottom
            edgeSwipe: { edge: bottom }
            region: { edge: bottom }
            devices: touchscreen
          - name: long-press
            longPress: {}
            devices: touchscreen
        """
}
