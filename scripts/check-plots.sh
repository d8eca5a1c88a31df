#!/usr/bin/env bash
# Opens DIR/index.html (written by `lexpair batch ... --plot DIR`) in headless Chromium, checks
# that every plot it shows loaded, and saves a screenshot of the page. Usage:
#
#   bash scripts/check-plots.sh DIR [SCREENSHOT.png]     # default DIR/index.png
#
# Needs Debian's chromium (apt-get install chromium). Exit 1 if a plot failed to load.
set -euo pipefail
DIR=$(cd "${1:?usage: check-plots.sh DIR [SCREENSHOT.png]}" && pwd)
PNG=${2:-$DIR/index.png}
CHROMIUM=${CHROMIUM:-$(command -v chromium || command -v chromium-browser || true)}
[ -n "$CHROMIUM" ] || { echo "check-plots: chromium not found (apt-get install chromium)" >&2; exit 2; }
[ -f "$DIR/index.html" ] || { echo "check-plots: $DIR/index.html not found" >&2; exit 2; }
PROFILE=$(mktemp -d)
trap 'rm -rf "$PROFILE"' EXIT
FLAGS=(--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking
  --disable-component-update --disable-sync --user-data-dir="$PROFILE" --allow-file-access-from-files
  --virtual-time-budget=5000)
STATUS=$("$CHROMIUM" "${FLAGS[@]}" --dump-dom "file://$DIR/index.html" 2>/dev/null | grep -o '<p id="status">[^<]*' | sed 's/.*>//')
"$CHROMIUM" "${FLAGS[@]}" --hide-scrollbars --window-size=1600,2400 --screenshot="$PNG" "file://$DIR/index.html" >/dev/null 2>&1
echo "check-plots: $STATUS; screenshot $PNG"
case "$STATUS" in
  all*loaded) exit 0 ;;
  *) exit 1 ;;
esac
