#!/usr/bin/env bash
# Browser check of a built site (see check-site.mjs for what is checked).
#   bash tests/browser/run.sh [SITE_DIR] [ARTEFACT_DIR]
# Without SITE_DIR it renders the sample site of tests/site_render.rs and checks that.
# Needs Chromium (apt-get install -y chromium) and node/npm; installs playwright-core from npm.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
chromium="${CHROMIUM:-/usr/bin/chromium}"
if [ ! -x "$chromium" ]; then
  echo "Chromium not found at $chromium: apt-get install -y chromium (or set CHROMIUM)" >&2
  exit 1
fi
if [ ! -d "$here/node_modules/playwright-core" ]; then
  npm ci --prefix "$here" --no-audit --no-fund >/dev/null
fi
site="${1:-}"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
# Hackenbush positions as boards of the generic table, which no essay writes yet (see
# crates/book/tests/page_play.rs): check-site.mjs plays them too (`checkPieceBoards`).
export BOARDS_SITE="$scratch/boards-site"
(cd "$repo" && BOARDS_DEMO_OUT="$BOARDS_SITE" cargo test -q -p hackenbook-book --test integration page_play::hackenbush_boards_carry_their_pieces_words >/dev/null)
if [ -z "$site" ]; then
  site="$scratch/sample-site"
  (cd "$repo" && SITE_DEMO_OUT="$site" cargo test -q -p hackenbook-book --test integration site_render::demo_site_for_the_browser >/dev/null)
fi
node "$here/check-site.mjs" "$site" "${2:-$here/artefacts}"
