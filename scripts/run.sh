#!/usr/bin/env bash
# Builds cardsize and runs the main job on the bundled defaults: every title of the two
# bundled catalogs measured as the seed's book-card title (127 pt wide, 15 pt, at most two
# lines, @3x), with the bundled fonts. Results go to out/, a summary to the terminal.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh run
swift build -c release --product cardsize
cardsize=.build/release/cardsize
mkdir -p out

echo "== font chain (bundled)"
"$cardsize" fonts
echo
echo "== one title, for people"
"$cardsize" text "Harry Potter and the Sorcerer's Stone (Harry Potter, #1)" --width 127 --font-size 15 --max-lines 2 --scale 3
echo
echo "== every title of Catalogs/goodbooks-10k.csv -> out/goodbooks-titles.jsonl"
"$cardsize" text --catalog Catalogs/goodbooks-10k.csv --width 127 --font-size 15 --max-lines 2 --scale 3 \
  -o out/goodbooks-titles.jsonl
echo "== every title of Catalogs/aozora-bunko.csv -> out/aozora-titles.jsonl"
"$cardsize" text --catalog Catalogs/aozora-bunko.csv --lang ja --width 127 --font-size 15 --max-lines 2 --scale 3 \
  -o out/aozora-titles.jsonl
echo
echo "first results:"
head -n 2 out/goodbooks-titles.jsonl out/aozora-titles.jsonl
