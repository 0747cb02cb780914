#!/bin/sh
# The Python of the tests: a virtual environment with selenium and Pillow from PyPI, which
# drive the view's page (Debian's chromium and chromium-driver come from apt, see the
# Makefile), and pytest, jsonschema and mypy, which run the Python client's tests, check the
# protocol's schema and the client's types (clients/python).
# Made once into $GESTURED_BROWSER_VENV (default ~/.cache/gestured/browser-venv); one that is
# half made (no stamp, or another stamp) is made again. Prints the Python's path.
set -eu
venv=${GESTURED_BROWSER_VENV:-${XDG_CACHE_HOME:-$HOME/.cache}/gestured/browser-venv}
want="selenium>=4.20,<5 pillow>=10 pytest>=7 jsonschema>=4.18 mypy>=1.5"
stamp="$venv/.gestured-complete"
if [ -x "$venv/bin/python3" ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
  echo "$venv/bin/python3"
  exit 0
fi
rm -rf "$venv"
mkdir -p "$(dirname "$venv")"
echo "Making $venv (selenium, Pillow, pytest, jsonschema, mypy)" >&2
python3 -m venv "$venv" >&2
# shellcheck disable=SC2086
"$venv/bin/python3" -m pip install --quiet --disable-pip-version-check $want >&2
printf '%s' "$want" > "$stamp"
echo "$venv/bin/python3"
