#!/bin/sh
# The Python that drives the view's page in the tests: a virtual environment with selenium and
# Pillow from PyPI (Debian's chromium and chromium-driver come from apt, see the Makefile).
# Made once into $GESTURED_BROWSER_VENV (default ~/.cache/gestured/browser-venv); one that is
# half made (no stamp, or another stamp) is made again. Prints the Python's path.
set -eu
venv=${GESTURED_BROWSER_VENV:-${XDG_CACHE_HOME:-$HOME/.cache}/gestured/browser-venv}
want="selenium>=4.20,<5 pillow>=10"
stamp="$venv/.gestured-complete"
if [ -x "$venv/bin/python3" ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
  echo "$venv/bin/python3"
  exit 0
fi
rm -rf "$venv"
mkdir -p "$(dirname "$venv")"
echo "Making $venv (selenium, Pillow)" >&2
python3 -m venv "$venv" >&2
# shellcheck disable=SC2086
"$venv/bin/python3" -m pip install --quiet --disable-pip-version-check $want >&2
printf '%s' "$want" > "$stamp"
echo "$venv/bin/python3"
