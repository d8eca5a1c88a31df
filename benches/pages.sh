#!/usr/bin/env bash
# The printable pages lexpair writes, opened in a real browser (Debian's headless Chromium):
# each page's table rows are counted from the DOM Chromium built, the page is printed to PDF
# (A4 pages counted) and screenshot into docs/img:
#
#   bash benches/pages.sh      # standings (docs/img/standings.png), a pairing list with its
#                              # explanation (docs/img/pairing-list.png), a team round's list
#
# Needs chromium (apt-get install chromium). Exit 1 when a page does not show what it should.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -q
bin=target/release/lexpair
chromium=${CHROMIUM:-$(command -v chromium || command -v chromium-browser || true)}
[[ -n $chromium ]] || { echo "pages: chromium not found (apt-get install chromium)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
flags=(--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking
  --disable-component-update --disable-sync --user-data-dir="$work/profile")
status=0
# page NAME EXPECTED_ROWS SCREENSHOT(or -) COMMAND...: renders, counts rows, prints, screenshots.
page() {
  local name=$1 rows=$2 shot=$3
  shift 3
  "$@" -o "$work/$name.html"
  local found pages
  found=$("$chromium" "${flags[@]}" --dump-dom "file://$work/$name.html" 2>/dev/null | grep -c '<tr' || true)
  "$chromium" "${flags[@]}" --print-to-pdf="$work/$name.pdf" --no-pdf-header-footer "file://$work/$name.html" >/dev/null 2>&1
  pages=$(grep -a -o '/Count [0-9]*' "$work/$name.pdf" | head -1 | cut -d' ' -f2)
  if [[ $shot != - ]]; then
    "$chromium" "${flags[@]}" --hide-scrollbars --window-size=1280,900 --screenshot="$shot" "file://$work/$name.html" \
      >/dev/null 2>&1
  fi
  echo "pages: $name: Chromium rendered $found table rows (expected $rows), printed $pages A4 page(s)${shot:+; screenshot $shot}"
  [[ $found -eq $rows ]] || status=1
}
page standings 221 docs/img/standings.png \
  "$bin" standings ../shared/realdata/tiebreak__2018-moscow-open.trf --tiebreaks "BH/C1,BH,SB,DE,WIN,ARO" --format html
page pairing-list 12 docs/img/pairing-list.png \
  "$bin" pair -s dutch-2026 examples/open-r5.trf --format html --explain
page team-list 21 - "$bin" pair -s team-2026 examples/team-r4.trf --format html
exit $status
