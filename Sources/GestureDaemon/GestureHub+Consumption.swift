import GestureCore
import GesturePipeline

/// Which bindings consume their touches (docs/OWNERSHIP.md): the configuration's `consume:`
/// ones, and those a subscription with `consume` covers while its client is served and in
/// front. Judged again whenever any of that may have changed (a subscription came or went, a
/// session changed, a reload, a device came); live input is told when it did, and grabs or
/// gives back devices.
extension GestureHub {
    func refreshConsumption() {
        var bindings: [(id: BindingID, device: DeviceID, name: String, configured: Bool)] = []
        var fingers: [BindingID: Int] = [:]
        var wanted: [BindingID: Int] = [:]
        for (id, device) in devices {
            for attached in device.bindings.attached {
                let count = attached.spec.gesture.fewestFingers
                if attached.spec.consume { wanted[attached.id] = count }
                fingers[attached.id] = count
                bindings.append((attached.id, id, attached.spec.name, true))
            }
        }
        let consumers = router.clients.filter { $0.subscriptions.contains(where: \.consume) }
        if !consumers.isEmpty {
            for client in consumers {
                for subscription in client.subscriptions where subscription.consume {
                    for (device, owned) in subscription.attached {
                        for binding in owned {
                            guard let name = engine.name(of: binding) else { continue }
                            fingers[binding] = subscription.definitions?.bindings.first { $0.name == name }?.gesture.fewestFingers ?? 1
                            bindings.append((binding, device, name, false))
                        }
                    }
                }
            }
            for binding in router.consumed(bindings) { wanted[binding] = fingers[binding] ?? 1 }
        }
        guard wanted != consuming else { return }
        for (binding, count) in wanted where consuming[binding] != count { engine.setConsumes(binding, fingers: count) }
        for binding in consuming.keys where wanted[binding] == nil { engine.setConsumes(binding, fingers: nil) }
        let said = bindings.map(\.device)
        for device in Set(said).sorted() {
            func names(_ set: [BindingID: Int]) -> [String] {
                bindings.filter { $0.device == device && set[$0.id] != nil }.map(\.name).sorted()
            }
            let now = names(wanted)
            guard now != names(consuming), let name = devices[device]?.description.name else { continue }
            logger.info("\(name): \(now.isEmpty ? "no gesture consumes its touches" : "consuming: \(now.joined(separator: ", "))")")
        }
        consuming = wanted
        input?.consumptionChanged()
    }
}
