import Evdev
import GestureCore
import GestureForwarding
import Glibc
import LinuxInput
import NIOCore

/// Forwarding on the loop (docs/OWNERSHIP.md): the grab starts and ends only while no finger is
/// down, each frame is recognized before its events reach the twin, and held contacts are let
/// go at the forwarder's deadline. A twin that refuses events ends forwarding: the device goes
/// back to the desktop rather than stay grabbed with nothing passing.
extension EvdevNodeReader {
    /// Starts or ends forwarding when it should and may (no finger down).
    func considerForwarding() {
        guard !gone, !closing else { return }
        if wantsForwarding && !isForwarding {
            guard !source.hasContactDown else { return }
            startForwarding()
        } else if !wantsForwarding && isForwarding {
            guard forwarding?.forwarder.twinIsNeutral ?? true, !source.hasContactDown else { return }
            let writeBack = endForwarding()
            let values = if case .written(let count) = writeBack { "; \(count) value(s) the desktop last read written back" } else { "" }
            hub.logger.info("\(source.description.name): given back to the desktop (no gesture consumes on it)\(values)")
        }
    }

    func startForwarding() {
        let name = source.description.name
        guard source.description.multitouchProtocol == .slots else {
            wantsForwarding = false
            hub.logger.warning("\(name): reports no multitouch slots; gestured cannot take single touches from the desktop on it, so the desktop sees its gestures too")
            return
        }
        do {
            let twin = try TouchTwin(of: source, udevProperties: udevProperties)
            let seen = try source.grab()
            let forwarder = TouchForwarder(
                description: source.description, state: seen, twin: DeviceState(), decisionWindow: hub.decisionWindow, cancelsWithPalm: twin.hasToolType)
            forwarding = NodeForwarding(twin: twin, forwarder: forwarder, seen: seen)
            lastRead = MonotonicClock.now
            hub.setTwin(twin.node ?? "", of: source.device)
            hub.logger.info("\(name): grabbed; the desktop reads its twin \(twin.node ?? "(no node)") and sees only what no consuming gesture takes")
        } catch {
            wantsForwarding = false
            hub.logger.warning("\(name): the desktop sees every gesture on it: \(error)")
        }
    }

    /// Ends forwarding now (the device or input going away, or a twin that failed); says what
    /// became of the values the desktop last read (a failure is logged here).
    @discardableResult
    func endForwarding() -> StateWriteBack {
        if forwardDue != nil {
            forwardDue = nil
            hub.setForwardingDeadline(nil, of: source.device)
        }
        guard let forwarding else { return .unchanged }
        hub.setTwin(nil, of: source.device)
        // Everything down on the twin comes up, the twin goes away, then the node's state is
        // written back and the grab ends.
        let now = MonotonicClock.now
        forwarding.release(at: now)
        self.forwarding = nil
        let writeBack = source.ungrab(restoring: forwarding.seen, at: now)
        if case .failed(let reason) = writeBack {
            hub.logger.warning("\(source.description.name): \(reason)")
        }
        return writeBack
    }

    /// One read's records while forwarding (``NodeForwarding/forward(_:from:to:)``).
    func forward(_ bytes: UnsafeRawBufferPointer) {
        guard let forwarding else { return }
        lastRead = MonotonicClock.now
        setDecisionWindow(forwarding)
        do {
            try forwarding.forward(bytes, from: source, to: hub)
        } catch {
            failForwarding(error)
            return
        }
        armForwarding()
    }

    /// The configuration's `decisionWindow:` (which a reload may change), for the forwarder.
    func setDecisionWindow(_ forwarding: NodeForwarding) {
        if forwarding.forwarder.decisionWindow != hub.decisionWindow { forwarding.forwarder.decisionWindow = hub.decisionWindow }
    }

    /// Time passed in the engine with no frame.
    func advanced(to time: Timestamp) {
        guard let forwarding else { return }
        setDecisionWindow(forwarding)
        do {
            try forwarding.advance(to: time, owner: hub.verdicts(of: source.device))
        } catch {
            failForwarding(error)
            return
        }
        armForwarding()
    }

    /// Tells the hub the forwarder's next deadline when it changed (a held finger at rest sends
    /// nothing): the hub's one clock fires it in order with the frames, then ``advanced(to:)``.
    func armForwarding() {
        let due = forwarding?.forwarder.nextDeadline
        guard due != forwardDue else { return }
        forwardDue = due
        hub.setForwardingDeadline(due, of: source.device)
    }

    /// Why this grabbed node's forwarding does not move, or nil: when events wait on it (poll
    /// says readable) and none was read for `limit` seconds, it is read now, here; if that
    /// reads nothing either, forwarding is stuck and the device must not stay grabbed.
    func stall(now: Timestamp, limit: Seconds) -> String? {
        guard isForwarding, now - lastRead >= limit, readable() else { return nil }
        let before = lastRead
        drain()
        guard lastRead == before, readable() else { return nil }
        return "\(source.description.name) is grabbed and has events that were not read for \(Int(now - lastRead)) s"
    }

    /// Whether the node has events waiting.
    func readable() -> Bool {
        var node = pollfd(fd: source.fileDescriptor, events: Int16(POLLIN), revents: 0)
        return poll(&node, 1, 0) > 0 && node.revents & Int16(POLLIN) != 0
    }

    func failForwarding(_ error: any Error) {
        wantsForwarding = false
        endForwarding()
        hub.logger.error("\(source.description.name): forwarding failed, the device is the desktop's again: \(error)")
    }
}
