import Evdev
import GestureCore
import GestureView
import Testing

@Suite struct ViewRecorderTests {
    @Test func keepsOnlyWhatComesWhileADeviceIsRecorded() async {
        let recorder = ViewRecorder()
        let event = InputEvent(time: Timestamp(microseconds: 1), type: 0, code: 0, value: 0)
        await recorder.take(1, [event])
        await recorder.start(1)
        await recorder.take(1, [event, event])
        await recorder.take(2, [event])
        #expect(await recorder.stop(1).count == 2)
        #expect(await recorder.stop(1).isEmpty)
        await recorder.take(1, [event])
        #expect(await recorder.stop(2).isEmpty)
    }
}
