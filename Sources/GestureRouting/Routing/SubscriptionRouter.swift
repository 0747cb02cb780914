import Evdev
import GestureCore
import GesturePipeline
import GestureWire

/// Who gets what: the clients, their subscriptions and the seats they see, and the rules that
/// route the engine's events to them. Pure and synchronous — no channels, no engine, no clock —
/// so every rule is tested with plain values; the hub applies what it returns (writes lines,
/// detaches bindings from the engine) and keeps only channels, outboxes and the loop.
///
/// Rules:
/// - A client sees the devices of the seats the access list and the seats' sessions give it
///   (``decide(uid:groups:)``); an event goes to every subscription that covers it
///   (``RoutedSubscription/covers(_:configured:)``) of every client that sees its device's seat.
/// - An announced instance ends exactly once for each subscription: ``RoutedSubscription/admit(_:)``
///   keeps what it was told, and what ended for it alone (``withhold(_:on:)``) stays withheld
///   until the engine ends it.
/// - Subscriptions are checked against the configured names and the limits before they exist
///   (``subscribe(_:for:configured:touchpadGestures:limits:)``).
public struct SubscriptionRouter: Sendable {
    /// The seat of devices whose seat nobody says (udev's default, and every recording's).
    public static let defaultSeat = "seat0"

    /// Who may connect, and whether only the active session's user is served.
    public var access: ResolvedAccessList = .everyone
    /// Who is in front of each seat; nil when sessions are not followed (a replay).
    public var sessions: SeatSessions?
    /// The daemon's own user, who is always served (it could read the devices itself).
    public var daemonUID: UInt32
    /// The last sequence number given to a routed event.
    public private(set) var sequence: UInt64 = 0
    /// The connected clients, oldest first.
    public private(set) var clients: [RoutedClient] = []
    /// Each device's seat (udev's ID_SEAT).
    public private(set) var deviceSeats: [DeviceID: String] = [:]
    var nextClient = 1
    var nextSubscription: Int64 = 1

    /// A router with no clients and no devices.
    public init(daemonUID: UInt32) {
        self.daemonUID = daemonUID
    }

    /// Subscriptions over all clients.
    public var subscriptionCount: Int { clients.reduce(0) { $0 + $1.subscriptions.count } }

    /// The client with router id `id`.
    public func client(_ id: Int) -> RoutedClient? { index(of: id).map { clients[$0] } }

    /// Subscription `subscription` of client `client`.
    public func subscription(_ subscription: Int64, of client: Int) -> RoutedSubscription? {
        guard let c = index(of: client), let s = clients[c].index(of: subscription) else { return nil }
        return clients[c].subscriptions[s]
    }

    func index(of client: Int) -> Int? {
        // Ids grow with each connection and clients stay in that order.
        var low = 0, high = clients.count
        while low < high {
            let mid = (low + high) / 2
            if clients[mid].id < client { low = mid + 1 } else { high = mid }
        }
        return low < clients.count && clients[low].id == client ? low : nil
    }

    // MARK: Access

    /// What the access list and the seats' sessions say of a peer now.
    public func decide(uid: UInt32?, groups: [UInt32]) -> AccessDecision {
        access.decide(uid: uid, groups: groups, daemonUID: daemonUID, sessions: sessions)
    }

    /// A client the access list serves, seeing `seats`; returns its id.
    public mutating func connect(uid: UInt32?, groups: [UInt32], seats: SeatAccess) -> Int {
        let id = nextClient
        nextClient += 1
        clients.append(RoutedClient(id: id, uid: uid, groups: groups, seats: seats))
        return id
    }

    /// A client went away; returns it (its own bindings are the hub's to detach).
    public mutating func disconnect(_ client: Int) -> RoutedClient? {
        guard let c = index(of: client) else { return nil }
        defer { refreshWants() }
        return clients.remove(at: c)
    }

    /// Every client whose seats the access list and sessions change, judged again now (after a
    /// session change or a reload), oldest first. Nothing is applied: for each, the hub
    /// withholds what it lost (``withhold(_:on:)``), moves it (``move(_:to:)``), then attaches
    /// and snapshots what it gained.
    public func seatChanges() -> [SeatChange] {
        clients.compactMap { client in
            let decision = decide(uid: client.uid, groups: client.groups)
            let seats = decision.seats
            guard seats != client.seats else { return nil }
            let ids = deviceSeats.keys.sorted()
            return SeatChange(
                client: client.id, old: client.seats, new: seats, decision: decision,
                lost: ids.filter { client.seats.contains(deviceSeats[$0]!) && !seats.contains(deviceSeats[$0]!) },
                gained: ids.filter { !client.seats.contains(deviceSeats[$0]!) && seats.contains(deviceSeats[$0]!) })
        }
    }

    /// Ends, for `client`, everything it was told about on `lost` devices: its own bindings
    /// there leave its subscriptions (for the hub to detach), and configured instances end for
    /// it alone and stay withheld until the engine ends them.
    public mutating func withhold(_ client: Int, on lost: Set<DeviceID>) -> Withholding {
        var result = Withholding()
        guard !lost.isEmpty, let c = index(of: client) else { return result }
        for s in clients[c].subscriptions.indices {
            var subscription = clients[c].subscriptions[s]
            for id in lost.sorted() {
                for binding in (subscription.attached.removeValue(forKey: id) ?? []).sorted() {
                    subscription.owned.remove(binding)
                    result.detach.append(binding)
                }
            }
            for (instance, last) in subscription.told.sorted(by: { $0.key < $1.key }) where lost.contains(last.device) {
                subscription.told[instance] = nil
                subscription.withheld.insert(instance)
                result.endings.append((subscription.id, last))
            }
            clients[c].subscriptions[s] = subscription
        }
        return result
    }

    /// Moves `client` to the seats it sees from now on. When it gains seats, what ended while
    /// it did not see them never reached it: only instances still `live` stay withheld.
    public mutating func move(_ client: Int, to seats: SeatAccess, live: Set<InstanceID>) {
        guard let c = index(of: client) else { return }
        let gains = deviceSeats.values.contains { !clients[c].seats.contains($0) && seats.contains($0) }
        clients[c].seats = seats
        refreshWants()
        guard gains else { return }
        for s in clients[c].subscriptions.indices { clients[c].subscriptions[s].withheld.formIntersection(live) }
    }

    // MARK: Devices

    /// The seat of `device` (``defaultSeat`` when unknown).
    public func seat(of device: DeviceID) -> String { deviceSeats[device] ?? Self.defaultSeat }

    /// Whether the device is known.
    public func knows(_ device: DeviceID) -> Bool { deviceSeats[device] != nil }

    /// A device appeared on `seat`; returns the clients that see it, oldest first.
    public mutating func addDevice(_ device: DeviceID, seat: String) -> [Int] {
        deviceSeats[device] = seat
        return clients.filter { $0.seats.contains(seat) }.map(\.id)
    }

    /// A device went away (after its failures were routed); `exists` says which bindings the
    /// engine still has. Returns the clients that saw it.
    public mutating func removeDevice(_ device: DeviceID, exists: (BindingID) -> Bool) -> [Int] {
        guard let seat = deviceSeats.removeValue(forKey: device) else { return [] }
        var saw: [Int] = []
        for c in clients.indices {
            for s in clients[c].subscriptions.indices {
                clients[c].subscriptions[s].owned = clients[c].subscriptions[s].owned.filter(exists)
                clients[c].subscriptions[s].attached[device] = nil
            }
            if clients[c].seats.contains(seat) { saw.append(clients[c].id) }
        }
        return saw
    }

    /// The devices of the seats `seats` covers, in id order.
    public func devices(visibleTo seats: SeatAccess) -> [DeviceID] {
        deviceSeats.keys.sorted().filter { seats.contains(deviceSeats[$0]!) }
    }

    // MARK: Subscriptions

    /// Checks a `subscribe` against the configured names, what the daemon offers and the limits,
    /// then adds it to `client`; returns its id. Its definitions are attached by the hub
    /// (``attached(_:on:to:of:)``) on every device the client sees.
    public mutating func subscribe(
        _ request: SubscriptionRequest, for client: Int, configured: [String], touchpadGestures offered: Bool, limits: ProtocolLimits
    ) -> Result<Int64, ProtocolError> {
        guard let c = index(of: client) else { return .failure(ProtocolError(.invalidRequest, "not connected")) }
        guard clients[c].subscriptions.count < limits.maximumSubscriptions else {
            return .failure(ProtocolError(.tooManySubscriptions, "at most \(limits.maximumSubscriptions) subscriptions per connection"))
        }
        let known = Set(configured)
        if let unknown = request.gestures.first(where: { !known.contains($0) }) {
            return .failure(ProtocolError(.invalidRequest, "no configured gesture named \"\(unknown)\"; configured: \(configured.joined(separator: ", "))"))
        }
        if request.touchpadGestures, !offered {
            return .failure(ProtocolError(
                .invalidRequest, "\"touchpadGestures\": this daemon has no libinput touchpad gestures to pass through (it replays a recording); leave it out"))
        }
        var definitions: GestureConfig?
        if !request.definitions.isEmpty {
            switch Self.definitions(request.definitions, strokes: request.strokes) {
            case .failure(let error): return .failure(error)
            case .success(let parsed): definitions = parsed
            }
        }
        if let shadowing = definitions?.bindings.first(where: { known.contains($0.name) }) {
            return .failure(ProtocolError(
                .invalidGesture, "define[\((shadowing.line ?? 1) - 1)]: \"\(shadowing.name)\" is the name of a configured gesture; give yours another name"))
        }
        let subscription = RoutedSubscription(
            id: nextSubscription, names: request.gestures.isEmpty ? nil : Set(request.gestures), definitions: definitions,
            // Device ids are 0...UInt32.max here: RequestParser refuses others.
            devices: request.devices.map { Set($0.map { DeviceID(UInt32($0)) }) }, phases: request.phases,
            touchpadGestures: request.touchpadGestures, consume: request.consume, touches: request.touches, trace: request.trace)
        if definitions != nil {
            func held(by client: RoutedClient) -> Int { client.subscriptions.reduce(0) { $0 + $1.definedRecognizers } }
            let asked = subscription.definedRecognizers
            let mine = held(by: clients[c])
            guard mine + asked <= limits.maximumDefinedRecognizers else {
                return .failure(ProtocolError(.invalidGesture, "these definitions hold \(asked) recognizers and this connection's others \(mine); at most \(limits.maximumDefinedRecognizers) per connection"))
            }
            let all = clients.reduce(0) { $0 + held(by: $1) }
            guard all + asked <= limits.maximumDefinedRecognizersInAll else {
                return .failure(ProtocolError(.invalidGesture, "these definitions hold \(asked) recognizers and all clients' others \(all); the daemon takes at most \(limits.maximumDefinedRecognizersInAll) in all"))
            }
        }
        nextSubscription += 1
        clients[c].subscriptions.append(subscription)
        refreshWants()
        return .success(subscription.id)
    }

    /// A `define` list read with the configuration's rules, its mistakes named by the entry
    /// (`define[2]: …`), never by a line of text the client did not write.
    static func definitions(_ items: [JSONValue], strokes: [JSONValue] = []) -> Result<GestureConfig, ProtocolError> {
        let templates: [StrokeTemplate]
        do {
            templates = try GestureConfig.strokes(strokes)
        } catch let error as FileError {
            return .failure(ProtocolError(.invalidGesture, "strokes[\((error.line ?? 1) - 1)]: " + error.message))
        } catch {
            return .failure(ProtocolError(.invalidGesture, "\(error)"))
        }
        do {
            return .success(try GestureConfig.definitions(items, strokes: templates))
        } catch let error as FileError {
            return .failure(ProtocolError(.invalidGesture, error.line.map { "define[\($0 - 1)]: " + error.message } ?? error.message))
        } catch {
            return .failure(ProtocolError(.invalidGesture, "\(error)"))
        }
    }

    /// Bindings the hub attached for a subscription's definitions on `device`.
    public mutating func attached(_ bindings: [BindingID], on device: DeviceID, to subscription: Int64, of client: Int) {
        guard let c = index(of: client), let s = clients[c].index(of: subscription) else { return }
        clients[c].subscriptions[s].owned.formUnion(bindings)
        clients[c].subscriptions[s].attached[device, default: []].formUnion(bindings)
    }

    /// Removes a subscription; returns it with what it was told and must still end for it
    /// (`failed(unsubscribed)`), in instance order. Its own bindings are the hub's to detach —
    /// before this, so that their failures reach it as any failure.
    public mutating func unsubscribe(_ subscription: Int64, of client: Int) -> (RoutedSubscription, endings: [GestureEvent])? {
        guard let c = index(of: client), let s = clients[c].index(of: subscription) else { return nil }
        let removed = clients[c].subscriptions.remove(at: s)
        refreshWants()
        return (removed, removed.told.sorted { $0.key < $1.key }.map(\.value))
    }

    // MARK: Routing

    /// The next sequence number, for an event one client alone is sent (an ending for it only:
    /// `unsubscribed`, `sessionInactive`): its own, never another event's.
    public mutating func takeSequence() -> UInt64 {
        sequence += 1
        return sequence
    }

    /// Decides who gets each of `events` (`configured`: the configuration's bindings), in
    /// order, appending to `deliveries`. Each event takes the next sequence number; a client
    /// with several subscriptions that take it gets the event's number once, and a number of
    /// its own for each further copy (a number is never given twice on one connection).
    public mutating func route(_ events: [GestureEvent], configured: Set<BindingID>, into deliveries: inout [Delivery]) {
        for (e, event) in events.enumerated() {
            sequence += 1
            let shared = sequence
            let isConfigured = configured.contains(event.binding)
            let seat = deviceSeats[event.device] ?? Self.defaultSeat
            for c in clients.indices where clients[c].seats.contains(seat) {
                var copies = 0
                for s in clients[c].subscriptions.indices where clients[c].subscriptions[s].covers(event, configured: isConfigured) {
                    guard clients[c].subscriptions[s].admit(event) else { continue }
                    deliveries.append(Delivery(
                        client: clients[c].id, subscription: clients[c].subscriptions[s].id, event: e,
                        sequence: copies == 0 ? shared : takeSequence(), isUpdate: event.phase == .active))
                    copies += 1
                }
            }
        }
    }

    /// The instances among `active` (the engine's in flight) that a subscription covers, on
    /// the devices its client sees (of `only`, when given), admitted as told: what it must
    /// know to be in sync, after `subscribe` or on resuming.
    public mutating func snapshot(
        _ subscription: Int64, of client: Int, active: [GestureEvent], configured: Set<BindingID>, only: Set<DeviceID>? = nil
    ) -> [GestureEvent] {
        guard let c = index(of: client), let s = clients[c].index(of: subscription) else { return [] }
        var result: [GestureEvent] = []
        for event in active where clients[c].subscriptions[s].covers(event, configured: configured.contains(event.binding)) {
            guard only.map({ $0.contains(event.device) }) ?? true, clients[c].seats.contains(seat(of: event.device)),
                clients[c].subscriptions[s].admit(event)
            else { continue }
            result.append(event)
        }
        return result
    }

    /// The engine's instances in flight that `client` may see (for `snapshot`): on the devices
    /// of the seats it sees now, and configured (`configured`) or its own — another client's own
    /// gestures are that client's alone (SECURITY.md).
    public func visible(_ active: [GestureEvent], to client: Int, configured: Set<BindingID>) -> [GestureEvent] {
        guard let c = index(of: client) else { return [] }
        return active.filter { event in
            clients[c].seats.contains(seat(of: event.device))
                && (configured.contains(event.binding) || clients[c].subscriptions.contains { $0.owned.contains(event.binding) })
        }
    }

    /// Of `bindings` (each with its device, its name and whether it is configured), those a
    /// subscription with `consume` covers whose client sees the binding's device now: a
    /// paused client (its user not in front) consumes nothing, so the desktop gets the device
    /// back from it at once.
    public func consumed(_ bindings: [(id: BindingID, device: DeviceID, name: String, configured: Bool)]) -> Set<BindingID> {
        var result: Set<BindingID> = []
        for client in clients where client.subscriptions.contains(where: \.consume) {
            for binding in bindings where !result.contains(binding.id) && client.seats.contains(seat(of: binding.device)) {
                if client.subscriptions.contains(where: { $0.consume && $0.covers(binding.id, named: binding.name, on: binding.device, configured: binding.configured) }) {
                    result.insert(binding.id)
                }
            }
        }
        return result
    }

    /// Whether any subscription takes libinput's own touchpad gestures.
    public var wantsTouchpadGestures: Bool {
        clients.contains { $0.subscriptions.contains(where: \.touchpadGestures) }
    }

    /// Whether any subscription of a client that sees some seat now takes touch frames: the
    /// hub builds none otherwise. Kept as subscriptions and seats change (the hub asks for every
    /// frame read: working it out each time cost a ten-finger frame about 320 of its 9,700
    /// instructions, issue 52).
    public private(set) var wantsTouches = false

    /// Works ``wantsTouches`` out again: after every change of a client's seats or subscriptions.
    mutating func refreshWants() {
        wantsTouches = clients.contains { !$0.seats.isEmpty && $0.subscriptions.contains(where: \.touches) }
    }

    /// Whether any subscription takes traces: the engine keeps them only then.
    public var wantsTrace: Bool {
        clients.contains { $0.subscriptions.contains(where: \.trace) }
    }

    /// The subscriptions that take the traces of `device`, appended to `into` as (client,
    /// subscription): only clients that see its seat now, as for touches.
    public func traceSubscribers(of device: DeviceID, into result: inout [(client: Int, subscription: Int64)]) {
        subscribers(of: device, wanting: \.trace, into: &result)
    }

    /// The subscriptions that take libinput's own touchpad gestures of `device`, appended to
    /// `into` as (client, subscription).
    public func touchpadSubscribers(of device: DeviceID, into result: inout [(client: Int, subscription: Int64)]) {
        subscribers(of: device, wanting: \.touchpadGestures, into: &result)
    }

    /// The subscriptions that take the touch frames of `device`, appended to `into` as (client,
    /// subscription): only clients that see its seat now — served by the access policy, their
    /// user's session in front — since touches can show what was typed on a screen keyboard.
    public func touchSubscribers(of device: DeviceID, into result: inout [(client: Int, subscription: Int64)]) {
        subscribers(of: device, wanting: \.touches, into: &result)
    }

    func subscribers(of device: DeviceID, wanting: KeyPath<RoutedSubscription, Bool>, into result: inout [(client: Int, subscription: Int64)]) {
        let seat = seat(of: device)
        for client in clients where client.seats.contains(seat) {
            for subscription in client.subscriptions where subscription[keyPath: wanting] {
                if let devices = subscription.devices, !devices.contains(device) { continue }
                result.append((client.id, subscription.id))
            }
        }
    }
}
