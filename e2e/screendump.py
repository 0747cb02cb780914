#!/usr/bin/env python3
"""Screenshots of a desktop guest's virtual screen, taken on the guest's request: what the
virtio-gpu shows, as a user would see it on the monitor (QEMU's `screendump`), written as PNG.

    screendump.py FOLDER MONITOR

FOLDER is shared into the guest (its `out`); MONITOR the QEMU human monitor's socket
(run.sh's QI_MONITOR). The guest asks for a screenshot by making FOLDER/NAME.screenshot and
waits for FOLDER/NAME.png. Runs until FOLDER/done exists or it is stopped (e2e/desktop.sh stops
it once the guest has gone). Pure Python: the PPM QEMU writes is turned into a PNG with zlib.
"""
import os
import socket
import struct
import sys
import time
import zlib


def png(width, height, rgb):
    """A PNG of 8-bit RGB rows."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    stride = width * 3
    raw = b"".join(b"\0" + rgb[y * stride:(y + 1) * stride] for y in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def ppm(path):
    """Width, height and RGB bytes of a binary PPM (P6, maxval 255)."""
    with open(path, "rb") as f:
        data = f.read()
    fields, position = [], 0
    while len(fields) < 4:
        while data[position:position + 1].isspace() or data[position:position + 1] == b"#":
            if data[position:position + 1] == b"#":  # a comment, to the end of its line
                position = data.index(b"\n", position)
            position += 1
        start = position
        while not data[position:position + 1].isspace():
            position += 1
        fields.append(data[start:position])
    if fields[0] != b"P6" or fields[3] != b"255":
        raise ValueError(f"{path}: not an 8-bit binary PPM")
    width, height = int(fields[1]), int(fields[2])
    return width, height, data[position + 1:position + 1 + width * height * 3]


def command(monitor, text):
    """One monitor command; returns once the monitor's next prompt comes."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
        s.connect(monitor)
        s.settimeout(60)
        seen = b""
        while b"(qemu) " not in seen:
            seen += s.recv(4096)
        s.sendall(text.encode() + b"\n")
        seen = b""
        while b"(qemu) " not in seen:
            part = s.recv(4096)
            if not part:
                break
            seen += part


def main():
    folder, monitor = sys.argv[1], sys.argv[2]
    while not os.path.exists(os.path.join(folder, "done")):
        for name in sorted(os.listdir(folder)):
            if not name.endswith(".screenshot"):
                continue
            base = name[:-len(".screenshot")]
            dump = os.path.join(folder, base + ".ppm")
            try:
                command(monitor, f"screendump {dump}")
                width, height, rgb = ppm(dump)
                with open(os.path.join(folder, base + ".png.part"), "wb") as f:
                    f.write(png(width, height, rgb))
                os.rename(os.path.join(folder, base + ".png.part"), os.path.join(folder, base + ".png"))
            except (OSError, ValueError) as error:
                print(f"screendump.py: {base}: {error}", file=sys.stderr)
            finally:
                for leftover in (dump, os.path.join(folder, name)):
                    try:
                        os.unlink(leftover)
                    except OSError:
                        pass
        time.sleep(0.3)


if __name__ == "__main__":
    main()
