#!/usr/bin/env bash
# Builds cardsize and runs the main job on the bundled defaults: every record of the two
# bundled catalogs sized as the book-search grid's card and laid out in an iPhone-width grid, with
# the bundled fonts. Results go to out/, a summary a person can read to the terminal.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh run
scripts/build-release.sh cardsize
cardsize=.build/release/cardsize
mkdir -p out

section() { printf '\n== %s\n' "$1"; }

section "one title, measured for people (15 pt, 127 pt wide, at most 2 lines)"
"$cardsize" text "Harry Potter and the Sorcerer's Stone (Harry Potter, #1)" --width 127 --size 15 --max-lines 2 --scale 2

section "goodbooks-10k: book cards on an iPhone 11, 3 columns (the book-search grid) -> out/goodbooks-cards.jsonl, out/goodbooks-grid.csv"
"$cardsize" measure Catalogs/goodbooks-10k.csv -o out/goodbooks-cards.jsonl
"$cardsize" layout grid Catalogs/goodbooks-10k.csv --format csv -o out/goodbooks-grid.csv

section "aozora-bunko: cards whose height follows the title, iPhone SE, cells of at least 100 pt (the minimum-width grid) -> out/aozora-grid.jsonl"
"$cardsize" layout grid Catalogs/aozora-bunko.csv --template book-hug --device iphone-se \
  --min-cell-width 100 --column-gap 5 --inset 5 -o out/aozora-grid.jsonl

section "goodbooks-10k: a waterfall of self-sized cards with real cover sizes (the Pinterest-style waterfall) -> out/goodbooks-waterfall.jsonl"
"$cardsize" layout waterfall Catalogs/goodbooks-10k.csv --device iphone-13 --cover-sizes Catalogs/cover-sizes.csv \
  --template Templates/book-with-row.json -o out/goodbooks-waterfall.jsonl

section "pictures drawn with the engine's glyphs -> out/goodbooks-grid-page1.png, out/aozora-waterfall-page1.svg (--debug)"
"$cardsize" render Catalogs/goodbooks-10k.csv --layout grid --page 1 -o out/goodbooks-grid-page1.png 2>&1 | tail -n 1
"$cardsize" render Catalogs/aozora-bunko.csv --layout waterfall --device iphone-13 --page 1 --debug \
  -o out/aozora-waterfall-page1.svg 2>&1 | tail -n 1

section "card height per device (book card, 3 columns)"
for device in iphone-se iphone-se-2 iphone-13 iphone-11 iphone-12-pro-max ipad-pro-12.9; do
  "$cardsize" measure Catalogs/goodbooks-10k.csv --device "$device" -o /dev/null 2>&1 | sed -n '1p;3p' | tr '\n' ' ' \
    | sed -E 's/cardsize measure: //; s/ card heights: / -> /'
  echo
done

section "first results"
head -n 2 out/goodbooks-cards.jsonl out/goodbooks-grid.csv out/aozora-grid.jsonl
