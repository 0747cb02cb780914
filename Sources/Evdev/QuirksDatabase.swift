/// libinput's device quirks database (`/usr/share/libinput/*.quirks` and
/// `/etc/libinput/local-overrides.quirks`), read from the files' text and matched against
/// devices the way libinput's quirks.c does: files in version order and the overrides last;
/// every match of a section must hold; later assignments of a key win. The syntax is
/// libinput's, and so are its refusals (a key outside a section, whitespace around a line, a
/// section without a match or without a property); the reader names the file and the line.
public struct QuirksDatabase: Hashable, Sendable {
    /// Every section, in the order they apply.
    public private(set) var sections: [QuirksSection] = []

    /// An empty database (no quirks for any device).
    public init() {}

    /// Reads files in the order given (sort them first, see ``fileOrder(_:_:)``).
    public init(files: [(name: String, text: String)]) throws {
        for file in files { try add(file.text, file: file.name) }
    }

    /// Appends one file's sections.
    public mutating func add(_ text: String, file: String) throws {
        sections += try Self.parse(text, file: file)
    }

    /// The quirks for a device.
    public func quirks(for identity: DeviceIdentity) -> DeviceQuirks {
        var quirks = DeviceQuirks()
        for section in sections where section.applies(to: identity) {
            quirks.sections.append(section.name)
            for (key, value) in section.properties { quirks.properties[key] = value }
        }
        return quirks
    }

    /// libinput's order of data files (versionsort): digits compare as numbers.
    public static func fileOrder(_ a: String, _ b: String) -> Bool {
        var i = a.unicodeScalars.makeIterator(), j = b.unicodeScalars.makeIterator()
        var x = i.next(), y = j.next()
        while let p = x, let q = y {
            if p.properties.numericType != nil, q.properties.numericType != nil, p.isASCII, q.isASCII {
                var m = "", n = ""
                while let c = x, c.isASCII, c.properties.numericType != nil { m.unicodeScalars.append(c); x = i.next() }
                while let c = y, c.isASCII, c.properties.numericType != nil { n.unicodeScalars.append(c); y = j.next() }
                if m.count != n.count { return m.count < n.count }
                if m != n { return m < n }
                continue
            }
            if p != q { return p.value < q.value }
            x = i.next()
            y = j.next()
        }
        return x == nil && y != nil
    }

    static func parse(_ text: String, file: String) throws -> [QuirksSection] {
        var sections: [QuirksSection] = []
        var current: QuirksSection?
        var propertiesStarted = false
        func close(at line: Int) throws {
            guard let section = current else { return }
            guard !section.matches.isEmpty, !section.properties.isEmpty else {
                throw QuirksError(file: file, line: line, "section [\(section.name)] needs at least one Match line and one property")
            }
            sections.append(section)
        }
        var number = 0
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            var line = Substring(raw)
            if line.last == "\r" { line = line.dropLast() }
            // A comment may follow a value: `Key=value # why`.
            if let hash = line.firstIndex(of: "#"), hash != line.startIndex {
                line = line[..<hash]
                while line.last == " " || line.last == "\t" { line = line.dropLast() }
            } else if line.first == "#" || line.isEmpty {
                continue
            }
            if line.last == " " || line.last == "\t" { throw QuirksError(file: file, line: number, "whitespace at the end of the line") }
            if line.first == " " || line.first == "\t" { throw QuirksError(file: file, line: number, "whitespace at the start of the line") }
            if line.first == "[" {
                guard line.last == "]" else { throw QuirksError(file: file, line: number, "the section title has no closing `]`") }
                try close(at: number)
                current = QuirksSection(name: String(line.dropFirst().dropLast()), file: file, line: number, matches: [], properties: [])
                propertiesStarted = false
                continue
            }
            guard let first = line.unicodeScalars.first, ("A"..."Z").contains(first) else {
                throw QuirksError(file: file, line: number, "expected `[Section]`, `MatchKey=value` or `Property=value`")
            }
            guard current != nil else { throw QuirksError(file: file, line: number, "expected a `[Section]` before `\(line)`") }
            guard let equals = line.firstIndex(of: "="), equals != line.startIndex, line.index(after: equals) != line.endIndex else {
                throw QuirksError(file: file, line: number, "expected `Key=value`")
            }
            let key = String(line[..<equals]), value = String(line[line.index(after: equals)...])
            if key.hasPrefix("Match") {
                guard !propertiesStarted else { throw QuirksError(file: file, line: number, "Match lines come before the section's properties") }
                switch QuirksMatch.parse(key: key, value: value) {
                case .success(let match):
                    if current!.matches.contains(where: { Self.sameKey($0, match) }) {
                        throw QuirksError(file: file, line: number, "\(key) appears twice in [\(current!.name)]")
                    }
                    current!.matches.append(match)
                case .failure(let problem): throw QuirksError(file: file, line: number, problem.message)
                }
            } else if key.hasPrefix("Model") || key.hasPrefix("Attr") {
                guard !current!.matches.isEmpty else { throw QuirksError(file: file, line: number, "expected a Match line first") }
                propertiesStarted = true
                current!.properties.append((key, value))
            } else {
                throw QuirksError(file: file, line: number, "unknown key `\(key)` (keys start with Match, Model or Attr)")
            }
        }
        try close(at: number)
        return sections
    }

    static func sameKey(_ a: QuirksMatch, _ b: QuirksMatch) -> Bool {
        switch (a, b) {
        case (.name, .name), (.bus, .bus), (.vendor, .vendor), (.product, .product), (.version, .version), (.dmi, .dmi),
            (.udevType, .udevType), (.deviceTree, .deviceTree):
            true
        default: false
        }
    }
}
