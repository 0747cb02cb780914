import CLinux
import GestureOverlay
import Glibc
import Synchronization

/// The overlay's I/O: the scene behind a lock, events put in from any thread (the daemon's
/// connection), and a loop on one thread that draws what the scene says on an
/// ``OverlaySurface`` — a frame after each event, then one per output frame while something
/// fades, the surface taken away when nothing is left to draw, and, while nothing happens, no
/// timer at all: the loop sleeps in `poll` until an event or the display wakes it.
public final class OverlayLoop: Sendable {
    let state: Mutex<(scene: OverlayScene, dirty: Bool)>
    /// An eventfd that wakes the loop when an event came or it must stop.
    let wake: Int32
    let stopped = Atomic<Bool>(false)

    /// A loop over `scene`.
    public init(scene: OverlayScene) {
        state = Mutex((scene, false))
        wake = eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK))
    }

    deinit { close(wake) }

    /// Events that happened at `now` (seconds, monotonic); the loop draws them.
    public func take(_ events: [OverlayEvent], at now: Double) {
        guard !events.isEmpty else { return }
        state.withLock { state in
            for event in events { state.scene.take(event, at: now) }
            state.dirty = true
        }
        signal()
    }

    /// Ends ``run(on:painter:clock:)`` at its next turn.
    public func stop() {
        stopped.store(true, ordering: .relaxed)
        signal()
    }

    func signal() {
        var one: UInt64 = 1
        _ = write(wake, &one, 8)
    }

    /// How many frames it drew, and how often it woke (its tests read them).
    public let counts = Mutex<(frames: Int, wakeUps: Int)>((0, 0))

    /// Draws on `surface` until ``stop()`` or the display connection fails; `clock` gives now
    /// in seconds on the clock events are stamped with; `shown` hears when the surface is shown
    /// (its size) and taken away (nil).
    public func run(
        on surface: OverlaySurface, painter: OverlayPainter, clock: () -> Double, shown: (_ size: (width: Int, height: Int)?) -> Void = { _ in }
    ) throws(OverlayError) {
        var painter = painter
        var settingsGeneration = 0  // the scene's settings the painter has
        var owed = false  // a frame that could not be drawn yet (the last not shown, no buffer free, too soon)
        var lastFrame = -Double.infinity
        while !stopped.load(ordering: .relaxed) {
            let now = clock()
            let readyAt = lastFrame + surface.frameInterval
            let (shapes, next, dirty, settings) = state.withLock { state in
                state.scene.prune(at: now)
                defer { state.dirty = false }
                // New settings only when the file was read again (a copy and a compare otherwise).
                let settings = state.scene.settingsGeneration == settingsGeneration ? nil : (state.scene.settings, state.scene.settingsGeneration)
                return (state.scene.picture(at: now), state.scene.nextChange(after: now), state.dirty, settings)
            }
            if let (changed, generation) = settings {
                painter.settings = changed
                settingsGeneration = generation
            }
            let animating = next.map { $0 <= now } ?? false
            if shapes.isEmpty {
                if surface.isShown {
                    surface.hide()
                    shown(nil)
                }
                owed = false
            } else if dirty || animating || owed || !surface.isShown {
                if !surface.isShown { shown(try surface.show()) }
                if surface.framePending || now < readyAt {
                    owed = true
                } else {
                    owed = !surface.draw(shapes, with: painter)
                    if !owed {
                        lastFrame = now
                        counts.withLock { $0.frames += 1 }
                    }
                }
            }
            // Sleep until the display speaks (a frame callback, a released buffer), an event comes,
            // or the next change is due; with nothing to wait for, without a timeout.
            var timeout: Int32 = -1
            let nextFrame = lastFrame + surface.frameInterval
            if owed, !surface.framePending, now < nextFrame {
                timeout = Int32(((nextFrame - now) * 1000).rounded(.up))  // a frame too soon after the last: drawn when it may be
            } else if !owed, animating, surface.frameInterval > 0 {
                timeout = Int32(((max(nextFrame, now) - now) * 1000).rounded(.up))  // no frame callbacks: fading at the surface's pace
            } else if !owed, !animating, let next, next > now {
                timeout = Int32(min(60_000, ((next - now) * 1000).rounded(.up)))
            }
            // Prepared last: showing the surface makes round trips, which a pending read would block.
            try surface.prepare()
            var fds = [pollfd(fd: surface.descriptor, events: Int16(POLLIN), revents: 0), pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, 2, timeout)
            counts.withLock { $0.wakeUps += 1 }
            try surface.read(readable: ready > 0 && fds[0].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0)
            if ready > 0, fds[1].revents & Int16(POLLIN) != 0 {
                var value: UInt64 = 0
                _ = read(wake, &value, 8)
            }
        }
        if surface.isShown { surface.hide() }
    }
}
