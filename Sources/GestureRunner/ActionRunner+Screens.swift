import GestureClient
import GestureCommandLine
import GestureDesktop
import GestureWire
import Posix

/// Screens that turn: when the daemon has a touchscreen configured to follow its screen
/// (`rotation: follow`, its `orientation` says `follows`), the runner — the program of the
/// session in front — follows the compositor's screens (``ScreenSource``) and tells the daemon
/// each time one turns (a `screens` request), and again after a reconnect.
extension ActionRunner {
    /// Starts following the screens once the daemon has a device that follows one.
    func followScreens(for devices: [JSONValue]) {
        guard screens == nil, devices.contains(where: { $0["orientation"]?["follows"] == .bool(true) }) else { return }
        switch DesktopDetection.screenSource(ProcessEnvironment.current) {
        case .failure(let error):
            if screenProblem != error.message {
                StandardError.line("gesturectl actions: touchscreens that follow their screen keep the rotation last said: \(error)")
            }
            screenProblem = error.message
        case .success(let source):
            do {
                try source.start { [self] report in loop.execute { self.input(.screens(report)) } }
                screens = source
                screenProblem = nil
                StandardError.line("gesturectl actions: following how the screens are turned through \(source.name)")
            } catch {
                screenProblem = "\(source.name): \(error)"
                StandardError.line("gesturectl actions: touchscreens that follow their screen keep the rotation last said: \(screenProblem!)")
            }
        }
    }

    /// A report from the compositor (on the loop): kept for a reconnect, and told.
    func screensTurned(_ report: ScreenReport) {
        screenReport = report
        if connected { tellScreens() }
    }

    /// Tells the daemon how the screens are turned now; what it turned, or its refusal, is said.
    func tellScreens() {
        guard let report = screenReport else { return }
        let said = report.screens.map { "\($0.output) \($0.rotation.rawValue)°" }.joined(separator: ", ")
        let replied: @Sendable (Result<JSONValue, any Error>) -> Void = { result in
            switch result {
            case .success(let reply):
                let turned = (reply["turned"]?.arrayValue ?? []).compactMap(\.intValue)
                guard !turned.isEmpty else { return }
                StandardError.line("gesturectl actions: screens \(said): turned \(turned.map { "dev\($0)" }.joined(separator: ", "))")
            case .failure(ClientError.rejected(let code, let message)):
                StandardError.line("gesturectl actions: gestured did not take how the screens are turned: \(message) (\(code))")
            case .failure(let error):
                StandardError.line("gesturectl actions: gestured did not take how the screens are turned: \(error)")
            }
        }
        withClient { client in client.request(.screens(report), reply: replied) }
    }
}
