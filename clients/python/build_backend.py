"""A PEP 517 build backend for gestured-client in the standard library alone: the package is
pure Python, so its wheel is a zip of its files and metadata, and building it needs nothing
from the network (`pip install ./clients/python`, `pip install --no-index ./clients/python`).
"""
import base64
import hashlib
import os
import re
import tarfile
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE = "gestured_client"


def _project():
    """The name, version, summary and python requirement from pyproject.toml."""
    with open(os.path.join(HERE, "pyproject.toml"), encoding="utf-8") as file:
        text = file.read()
    project = text.split("[project]", 1)[1]

    def field(name):
        match = re.search(r'^%s\s*=\s*"([^"]*)"' % name, project, re.MULTILINE)
        return match.group(1) if match else ""

    return field("name"), field("version"), field("description"), field("requires-python")


def _dist(name):
    return name.replace("-", "_")


def _metadata():
    name, version, summary, python = _project()
    with open(os.path.join(HERE, "README.md"), encoding="utf-8") as file:
        readme = file.read()
    return (
        "Metadata-Version: 2.1\n"
        f"Name: {name}\nVersion: {version}\nSummary: {summary}\nRequires-Python: {python}\n"
        "License: MIT\nClassifier: Typing :: Typed\nClassifier: Framework :: Pytest\n"
        "Description-Content-Type: text/markdown\n\n" + readme
    )


def _files():
    """The package's files, relative to HERE, sorted."""
    found = []
    for root, dirs, files in os.walk(os.path.join(HERE, PACKAGE)):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(files):
            if name.endswith((".py", ".typed")):
                found.append(os.path.relpath(os.path.join(root, name), HERE))
    return found


def _record_line(path, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{path},sha256={digest},{len(data)}"


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    name, version, _, _ = _project()
    info = f"{_dist(name)}-{version}.dist-info"
    wheel = f"{_dist(name)}-{version}-py3-none-any.whl"
    entries = []
    for path in _files():
        with open(os.path.join(HERE, path), "rb") as file:
            entries.append((path.replace(os.sep, "/"), file.read()))
    entries.append((f"{info}/METADATA", _metadata().encode()))
    entries.append((f"{info}/WHEEL", b"Wheel-Version: 1.0\nGenerator: gestured build_backend\nRoot-Is-Purelib: true\nTag: py3-none-any\n"))
    entries.append((f"{info}/entry_points.txt", b"[pytest11]\ngestured = gestured_client.testing\n"))
    record = [_record_line(path, data) for path, data in entries] + [f"{info}/RECORD,,"]
    entries.append((f"{info}/RECORD", ("\n".join(record) + "\n").encode()))
    with zipfile.ZipFile(os.path.join(wheel_directory, wheel), "w", zipfile.ZIP_DEFLATED) as archive:
        for path, data in entries:
            archive.writestr(zipfile.ZipInfo(path, date_time=(2020, 1, 1, 0, 0, 0)), data)
    return wheel


def build_sdist(sdist_directory, config_settings=None):
    name, version, _, _ = _project()
    base = f"{_dist(name)}-{version}"
    sdist = f"{base}.tar.gz"
    with tarfile.open(os.path.join(sdist_directory, sdist), "w:gz") as archive:
        for path in ["pyproject.toml", "build_backend.py", "README.md"] + _files():
            archive.add(os.path.join(HERE, path), arcname=f"{base}/{path}")
    return sdist
