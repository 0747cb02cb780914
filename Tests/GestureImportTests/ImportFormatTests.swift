import GestureImport
import Testing

/// Issue 21: a file given to the wrong importer is recognized for what it is.
@Suite struct ImportFormatTests {
    @Test func eachToolsSampleIsRecognized() {
        #expect(ImportFormat.guess(ImportSample.text("libinput-gestures.conf")) == .libinputGestures)
        #expect(ImportFormat.guess(ImportSample.text("fusuma.yml")) == .fusuma)
        #expect(ImportFormat.guess(ImportSample.text("touchegg.conf")) == .touchegg)
        #expect(ImportFormat.guess(ImportSample.text("inputactions.yaml")) == .inputActions)
    }

    @Test func whatIsNoneOfThemForSureIsLeftToTheImporter() {
        #expect(ImportFormat.guess("") == nil)
        #expect(ImportFormat.guess("# only a comment\n") == nil)
        #expect(ImportFormat.guess("threshold:\n  swipe: 0.5\n") == nil)
        #expect(ImportFormat.guess("version: 1\nactions: []\n") == nil)
        // One line that is no directive makes it not clearly libinput-gestures.
        #expect(ImportFormat.guess("gesture swipe left 3 x\nnonsense here\n") == nil)
        #expect(ImportFormat.guess("gesture: swipe left xdotool key alt+Right\n") == .libinputGestures)
        #expect(ImportFormat.guess("<?xml version=\"1.0\"?>\n<touchégg>\n</touchégg>\n") == .touchegg)
    }

    /// Issue 60: a file saved on Windows imports as its tool reads it: CR LF as LF (Python's
    /// universal newlines, libyaml, expat), a byte-order mark dropped by the YAML and XML parsers.
    @Test(arguments: [("libinput-gestures.conf", ImportFormat.libinputGestures), ("fusuma.yml", .fusuma), ("touchegg.conf", .touchegg), ("inputactions.yaml", .inputActions)])
    func aWindowsCopyImportsAsTheFileDoes(name: String, format: ImportFormat) throws {
        let text = ImportSample.text(name)
        let windows = (format == .libinputGestures ? "" : "\u{FEFF}") + text.replacing("\n", with: "\r\n")
        let plain = ImportFormat.plain(windows, for: ImportFormat.guess(ImportFormat.plain(windows, for: nil)))
        #expect(ImportFormat.guess(plain) == format)
        #expect(plain == text)
    }

    /// Issue 62: nobody's file is not taken for the tool's; an empty one, or comments, is.
    @Test func aFileThatIsNotTheToolsIsKnown() {
        let passwd = "root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n"
        let actions = "version: 1\nactions:\n  - gesture: swipe-left-3\n    keys: super+Right\n"
        for format in ImportFormat.allCases {
            #expect(!format.mayBe(passwd), "\(format)")
            #expect(format.mayBe(""), "\(format)")
            #expect(format.mayBe("# nothing yet\n"), "\(format)")
        }
        #expect(!ImportFormat.libinputGestures.mayBe(actions) && !ImportFormat.fusuma.mayBe(actions))
        #expect(ImportFormat.libinputGestures.mayBe("swipe_threshold 0\nnonsense here\n"))
        #expect(ImportFormat.fusuma.mayBe("---\nswipe:\n  3:\n    left:\n      command: a\n"))
        #expect(!ImportFormat.fusuma.mayBe("settings:\n  swipe: 1\n"))
    }

    /// Issue 62: each tool's own default files, in its own order (libinput-gestures' CONFDIRS,
    /// touchegg's installed default).
    @Test func eachToolsDefaultFilesInItsOrder() {
        #expect(ImportFormat.libinputGestures.defaultFiles(configHome: "/h/.config") == ["/h/.config/libinput-gestures.conf", "/etc/libinput-gestures.conf"])
        #expect(ImportFormat.touchegg.defaultFiles(configHome: "/h/.config") == ["/h/.config/touchegg/touchegg.conf", "/usr/share/touchegg/touchegg.conf"])
        #expect(ImportFormat.fusuma.defaultFiles(configHome: "/h/.config") == ["/h/.config/fusuma/config.yml"])
        #expect(ImportFormat.libinputGestures.defaultFiles(configHome: nil) == ["/etc/libinput-gestures.conf"])
    }
}
