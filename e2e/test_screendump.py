"""e2e/screendump.py's conversion: a PPM as QEMU's screendump writes it becomes a PNG whose
pixels are the same (decoded here with zlib alone, row filter 0 as written)."""
import os
import struct
import sys
import tempfile
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import screendump  # noqa: E402


def chunks(data):
    position = 8
    while position < len(data):
        (length,) = struct.unpack(">I", data[position:position + 4])
        kind = data[position + 4:position + 8]
        body = data[position + 8:position + 8 + length]
        (crc,) = struct.unpack(">I", data[position + 8 + length:position + 12 + length])
        assert crc == zlib.crc32(kind + body) & 0xFFFFFFFF
        yield kind, body
        position += 12 + length


def test_a_ppm_becomes_a_png_with_the_same_pixels():
    width, height = 3, 2
    pixels = bytes(range(width * height * 3))
    with tempfile.NamedTemporaryFile(suffix=".ppm", delete=False) as f:
        f.write(b"P6\n# made by a test\n3 2\n255\n" + pixels)
    try:
        read = screendump.ppm(f.name)
    finally:
        os.unlink(f.name)
    assert read == (width, height, pixels)
    data = screendump.png(*read)
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    found = dict(chunks(data))
    assert struct.unpack(">IIBBBBB", found[b"IHDR"]) == (3, 2, 8, 2, 0, 0, 0)
    rows = zlib.decompress(found[b"IDAT"])
    assert rows == b"\0" + pixels[:9] + b"\0" + pixels[9:]


def test_a_ppm_of_another_depth_is_refused():
    with tempfile.NamedTemporaryFile(suffix=".ppm", delete=False) as f:
        f.write(b"P6 1 1 65535\n" + bytes(6))
    try:
        screendump.ppm(f.name)
        raise AssertionError("read")
    except ValueError as error:
        assert "not an 8-bit binary PPM" in str(error)
    finally:
        os.unlink(f.name)
