#!/usr/bin/env bash
# Draws the bundled demo as pictures with `cardsize render` and `cardsize text --render`:
# the book-search grid and a waterfall with real cover sizes (goodbooks-10k), the minimum-width grid and
# a waterfall (Aozora Bunko), grid rows with near-ties under the debug overlay, one title's lines.
# Usage: scripts/render-demo.sh [DIR]   (default docs/images, the pictures of the README and docs/)
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-docs/images}
scripts/install-deps.sh run
scripts/build-release.sh cardsize
cardsize=.build/release/cardsize
mkdir -p "$dir"

"$cardsize" render Catalogs/goodbooks-10k.csv --layout grid --viewport 0,0,414,504 -o "$dir/goodbooks-grid.png"
"$cardsize" render Catalogs/goodbooks-10k.csv --layout waterfall --device iphone-13 \
  --cover-sizes Catalogs/cover-sizes.csv --template Templates/book-with-row.json --viewport 0,0,390,560 \
  -o "$dir/goodbooks-waterfall.png"
"$cardsize" render Catalogs/aozora-bunko.csv --layout grid --template book-hug --device iphone-se \
  --min-cell-width 100 --column-gap 5 --inset 5 --viewport 0,0,320,420 -o "$dir/aozora-grid.png"
"$cardsize" render Catalogs/aozora-bunko.csv --layout waterfall --columns 3 --inset 8 --viewport 0,0,414,520 \
  -o "$dir/aozora-waterfall.png"
"$cardsize" render Catalogs/goodbooks-10k.csv --layout grid --viewport 0,1488,414,504 --debug --near-tie-slack 1 \
  -o "$dir/goodbooks-grid-debug.png"
"$cardsize" text "Harry Potter and the Sorcerer's Stone (Harry Potter, #1)" --width 127 --size 15 --max-lines 2 \
  --scale 3 --render "$dir/title-lines.png" > /dev/null
# Japanese titles broken by the strict rules and between phrases, side by side: the same nine
# Aozora titles (among the 182 whose book card truncates differently), three title lines.
subset=$(mktemp -d)
trap 'rm -rf "$subset"' EXIT
{ head -n 1 Catalogs/aozora-bunko.csv
  grep -E '^(003762|004955|050475|048329|045791|048219|049572|054917|055345),' Catalogs/aozora-bunko.csv; } > "$subset/titles.csv"
sed 's/"lineBreak": "phrase"/"lineBreak": "strict"/' Templates/book-hug-phrase.json > "$subset/strict.json"
for rule in strict phrase; do
  template=Templates/book-hug-phrase.json
  [ "$rule" = strict ] && template="$subset/strict.json"
  "$cardsize" render "$subset/titles.csv" --layout grid --template "$template" --device iphone-se --columns 3 \
    --viewport 0,0,320,445 -o "$dir/aozora-$rule.png"
done
ls -l "$dir"
