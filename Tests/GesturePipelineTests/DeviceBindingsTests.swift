import GestureCore
import GesturePipeline
import GestureTesting
import Testing

@Suite struct DeviceBindingsTests {
    static let before = """
        version: 1
        gestures:
          - name: pan
            drag: { fingers: 1, minimumDistance: 2 }
            state: translation
          - name: watch
            priority: simultaneous
            drag: { minimumDistance: 0 }
          - name: going
            tap: {}
        """
    /// `pan` unchanged, `watch` changed, `going` removed, `double` new.
    static let after = """
        version: 1
        gestures:
          - name: pan
            drag: { fingers: 1, minimumDistance: 2 }
            state: translation
          - name: watch
            priority: simultaneous
            drag: { minimumDistance: 1 }
          - name: double
            tap: { count: 2 }
        """

    @Test func reconfiguringKeepsUnchangedBindingsInFlightAndFailsChangedOnes() throws {
        let h = GestureHarness()
        let device = DeviceProfile(name: "Test", kind: .touchscreen, geometry: h.geometry)
        var bindings = DeviceBindings(config: try GestureConfig.parse(Self.before, file: "a.yml"), engine: h.engine, device: device, root: h.root)
        let pan = try #require(bindings.attached.first { $0.spec.name == "pan" }).id
        let started = h.run([.down(1, at: Point(x: 100, y: 60)), .move(1, by: Vector(dx: 10, dy: 0), steps: 2)])
        #expect(started.lines.contains("pan active"))
        #expect(started.lines.contains("watch active"))

        let reload = h.record(bindings.reconfigure(
            to: try GestureConfig.parse(Self.after, file: "b.yml"), engine: h.engine, device: device, root: h.root, at: h.engine.now))
        #expect(reload.lines == ["watch failed(reconfigured)"])
        #expect(reload.first?.state == nil)
        #expect(bindings.attached.map(\.spec.name) == ["pan", "watch", "double"])
        #expect(bindings.attached[0].id == pan)
        #expect(h.engine.name(of: pan) == "pan")

        // The pan goes on where it was: its translation keeps counting from the first touch.
        let rest = h.run([.move(1, by: Vector(dx: 10, dy: 0), steps: 1), .up(1)])
        let panLines = rest.filter { $0.name == "pan" }
        #expect(panLines.map(\.line) == ["pan active", "pan ended"])
        #expect(panLines.first?.state == .vector(Vector(dx: 20, dy: 0)))
        #expect(panLines.last?.state == .vector(.zero))
        #expect(!rest.contains { $0.name == "going" })
        #expect(h.finish().violations.isEmpty)
    }

    /// Issue 34: a consuming binding makes the engine judge the device's contacts; a disabled
    /// one holds nothing.
    @Test func aConsumingBindingIsSetInTheEngine() throws {
        let h = GestureHarness()
        let device = DeviceProfile(name: "Test", kind: .touchpad, geometry: h.geometry)
        let text = """
            version: 1
            gestures:
              - name: left
                swipe: { fingers: 3, direction: left }
                consume: true
            """
        _ = DeviceBindings(config: try GestureConfig.parse(text, file: "c.yml"), engine: h.engine, device: device, root: h.root)
        #expect(h.engine.consumes(on: h.device))
        h.run([.downMany([.init(1, at: Point(x: 100, y: 60)), .init(2, at: Point(x: 112, y: 60))])])
        #expect(h.engine.verdict(forContact: 1, on: h.device) == .forward)
        h.down(3, at: Point(x: 124, y: 60))
        #expect(h.engine.verdict(forContact: 3, on: h.device) == .hold)
        h.up(1, 2, 3)
        #expect(h.finish().violations.isEmpty)
    }
}
