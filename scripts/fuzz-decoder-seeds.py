#!/usr/bin/env python3
"""Seeds for the decoder harness (Fuzz/Harnesses/DecoderHarness.swift) from evemu recordings:
the events of each recording, encoded as the harness reads its bytes — kind, x axis minimum
and maximum, then 8 bytes per event (type, code index, value, time step in ms)."""
import struct
import sys
from pathlib import Path

TYPES = [0, 1, 3, 3]  # EV_SYN, EV_KEY, EV_ABS (the harness's table, by index)
CODES = {
    0: [0, 2, 3, 0],
    1: [330, 325, 333, 334],
    3: [0x2F, 0x39, 0x35, 0x36, 0x3A, 0x30, 0x00, 0x01],
}


def encode(path: Path, kind: int) -> bytes:
    out = bytearray([kind]) + struct.pack("<ii", 0, 4095)
    last = None
    for line in path.read_text(errors="replace").splitlines():
        if not line.startswith("E: "):
            continue
        parts = line.split()
        try:
            time, etype, code, value = float(parts[1]), int(parts[2], 16), int(parts[3], 16), int(parts[4])
        except (IndexError, ValueError):
            continue
        if etype not in CODES or code not in CODES[etype]:
            continue
        step = 0 if last is None else max(0, min(65535, round((time - last) * 1000)))
        last = time
        out += bytes([TYPES.index(etype), CODES[etype].index(code)]) + struct.pack("<iH", max(-2**31, min(2**31 - 1, value)), step)
        if len(out) > 65536:
            break
    return bytes(out)


def main() -> None:
    target = Path(sys.argv[1])
    for index, name in enumerate(sys.argv[2:]):
        path = Path(name)
        if ".desc." in path.name:
            continue
        kind = 3 if "semimt" in path.name else 1 if "typeA" in path.name else 0
        (target / (path.stem + ".bin")).write_bytes(encode(path, kind))


if __name__ == "__main__":
    main()
