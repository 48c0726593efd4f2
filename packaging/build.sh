#!/usr/bin/env bash
# Build the one-folder Fatesmith app with PyInstaller, then start the built binary offscreen:
# `fatesmith --version` and a `validate` of a bundled sample (checks the bundled rules data).
# Output: packaging/dist/fatesmith/ (run packaging/dist/fatesmith/fatesmith), with share/ holding
# the desktop file, the AppStream metainfo and the hicolor icons (packaging/make_icons.py).
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
APP_ID=io.github.fatesmith.Fatesmith
# The desktop integration, laid out as under an install prefix: copy (or merge) "$APP/share" into
# /usr/local/share or ~/.local/share to get the menu entry, the icons and the software-centre data.
install -D -m 0644 "packaging/$APP_ID.desktop" "$APP/share/applications/$APP_ID.desktop"
install -D -m 0644 "packaging/$APP_ID.metainfo.xml" "$APP/share/metainfo/$APP_ID.metainfo.xml"
(cd packaging/icons && find hicolor -type f) | while read -r icon; do
  install -D -m 0644 "packaging/icons/$icon" "$APP/share/icons/$icon"
done

echo "build: smoke test of the built binary"
export QT_QPA_PLATFORM=offscreen
"$APP/fatesmith" --version
sample="$(ls resources/systems/*/samples/*.fatesmith.json | head -n 1)"
"$APP/fatesmith" validate "$sample" > /dev/null
# The About box reads the bundled metainfo (under _internal/ with PyInstaller 6).
find "$APP" -path "*/packaging/$APP_ID.metainfo.xml" | grep -q . \
  || { echo "build: the metainfo is missing from the bundle" >&2; exit 1; }
if command -v appstreamcli >/dev/null; then
  appstreamcli validate --no-net "$APP/share/metainfo/$APP_ID.metainfo.xml"
fi
echo "build: OK: $APP/fatesmith"
