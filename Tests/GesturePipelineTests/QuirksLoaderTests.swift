import Evdev
import GesturePipeline
import Glibc
import Testing

@Suite struct QuirksLoaderTests {
    static let installed = access(QuirksLoader.dataDirectory, F_OK) == 0

    @Test(.enabled(if: installed, "libinput's data files are installed with libinput-dev (make deps)"))
    func everyFileLibinputShipsIsRead() {
        let loaded = QuirksLoader.load(overrides: nil)
        #expect(loaded.warnings.isEmpty, "\(loaded.warnings)")
        #expect(loaded.files.count >= 20)
        #expect(loaded.files.first?.hasSuffix("/10-generic-keyboard.quirks") == true)
        // Two sections every libinput since 1.12 has: ALPS' serial pads and Apple's USB pads.
        let alps = DeviceIdentity(name: "AlpsPS/2 ALPS GlidePoint", bus: 0x11, vendor: 0x0002, product: 0x0008, udevTypes: ["touchpad"])
        #expect(loaded.database.quirks(for: alps).flag("ModelALPSSerialTouchpad"))
        let apple = DeviceIdentity(name: "bcm5974", bus: 0x03, vendor: 0x05ac, product: 0x0249, udevTypes: ["touchpad"])
        #expect(loaded.database.quirks(for: apple).isAppleTouchpad)
    }

    @Test func aBrokenFileIsLeftOutAndNamed() throws {
        let directory = String(cString: mkdtemp(strdup("/tmp/gestured-quirks.XXXXXX"))!)
        defer { _ = rmdir(directory) }
        let good = directory + "/10-good.quirks", bad = directory + "/20-bad.quirks", overrides = directory + "/local-overrides.txt"
        defer { for path in [good, bad, overrides] { unlink(path) } }
        try write("[Pad]\nMatchBus=i2c\nAttrPalmPressureThreshold=150\n", to: good)
        try write("[Pad]\nMatchBus=i2c\nAttrPalmPressureThreshold=160 \n", to: bad)
        try write("[Mine]\nMatchVendor=0x1234\nAttrPalmPressureThreshold=170\n", to: overrides)
        let loaded = QuirksLoader.load(directory: directory, overrides: overrides)
        #expect(loaded.files == [good, overrides])
        #expect(loaded.warnings.count == 1)
        #expect(loaded.warnings.first?.hasPrefix("\(bad):3: whitespace at the end of the line") == true)
        let pad = DeviceIdentity(name: "pad", bus: 0x18, vendor: 0x1234, product: 1, udevTypes: ["touchpad"])
        #expect(loaded.database.quirks(for: pad).palmPressureThreshold == 170)
        #expect(QuirksLoader.load(directory: directory + "/missing", overrides: nil).database.sections.isEmpty)
    }

    func write(_ text: String, to path: String) throws {
        guard let file = fopen(path, "w") else { throw QuirksError(file: path, line: 0, "cannot write") }
        fputs(text, file)
        fclose(file)
    }
}
