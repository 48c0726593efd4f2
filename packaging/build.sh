#!/usr/bin/env bash
# Build the one-folder Fatesmith app with PyInstaller, then start the built binary offscreen:
# `fatesmith --version` and a `validate` of a bundled sample (checks the bundled rules data).
# Output: packaging/dist/fatesmith/ (run packaging/dist/fatesmith/fatesmith).
set -euo pipefail
cd "$(dirname "$0")/.."
PY=.venv/bin/python

if ! "$PY" -c "import PyInstaller" 2>/dev/null; then
  echo "build: installing the packaging extra (PyInstaller) into .venv"
  "$PY" -m pip install -q -e '.[packaging]'
fi

rm -rf packaging/build packaging/dist
"$PY" -m PyInstaller --noconfirm --clean --log-level WARN \
  --distpath packaging/dist --workpath packaging/build packaging/fatesmith.spec

APP=packaging/dist/fatesmith
install -m 0644 packaging/fatesmith.desktop "$APP/fatesmith.desktop"
install -m 0644 resources/icons/fatesmith.svg "$APP/fatesmith.svg"
install -m 0644 resources/icons/fatesmith-256.png "$APP/fatesmith.png"

echo "build: smoke test of the built binary"
export QT_QPA_PLATFORM=offscreen
"$APP/fatesmith" --version
sample="$(ls resources/samples/*.fatesmith.json | head -n 1)"
"$APP/fatesmith" validate "$sample" > /dev/null
echo "build: OK: $APP/fatesmith"
