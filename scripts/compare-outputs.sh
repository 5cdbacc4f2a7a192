#!/usr/bin/env bash
# Runs every catalog command with two cardsize binaries and compares their outputs byte for
# byte (cmp): a refactoring must not change a single output byte. Standard error (timings,
# memory) is not compared; exit statuses are.
#
#   scripts/compare-outputs.sh BASELINE_BINARY NEW_BINARY [LARGE_CATALOG.csv]
#
# The catalogs: Catalogs/goodbooks-10k.csv, Catalogs/aozora-bunko.csv, and a generated
# catalog of 1M realistic records (made with BASELINE_BINARY's `generate` when not given).
#
# The command lines are spelled in the current vocabulary (docs/vocabulary.md). A baseline
# built before the renames (`layout flow` for `layout tag-flow`, `--spacing` and
# `--line-spacing` for `--column-gap` and `--row-gap`, `--column-spacing` and
# `--item-spacing` for a waterfall's) is given the same options under its old names.
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ $# -lt 2 ]]; then
    echo "usage: $0 BASELINE_BINARY NEW_BINARY [LARGE_CATALOG.csv]" >&2
    exit 64
fi
baseline=$(realpath "$1")
candidate=$(realpath "$2")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The command line in the baseline's spelling: the old names when it predates the renames.
baseline_spells_old=false
"$baseline" layout --help 2>/dev/null | grep -q "tag-flow" || baseline_spells_old=true
old_spelling() {
    local line=$1
    if [[ $baseline_spells_old == true ]]; then
        line=${line//layout tag-flow/layout flow}
        if [[ $line == "layout waterfall"* ]]; then
            line=${line//--column-gap/--column-spacing}
            line=${line//--row-gap/--item-spacing}
        else
            line=${line//--column-gap/--spacing}
            line=${line//--row-gap/--line-spacing}
        fi
    fi
    echo "$line"
}

large=${3:-$work/realistic-1m.csv}
[[ -f $large ]] || "$baseline" generate --records 1000000 --mode realistic --output "$large" 2>/dev/null

# Per-section options for --sections: a wider second section, a narrower third.
cat >"$work/waterfall-sections.json" <<'EOF'
[null, {"columnCount": 3, "minimumColumnSpacing": 4}, {"columnCount": 1, "headerHeight": 30}]
EOF
cat >"$work/grid-sections.json" <<'EOF'
[null, {"minimumInteritemSpacing": 2, "headerHeight": 12}]
EOF
cat >"$work/flow-sections.json" <<'EOF'
[{"horizontalAlignment": "center"}, {"interitemSpacing": 4}]
EOF

# One command line per line: the arguments after the binary; CATALOG is the catalog's path.
small_runs=(
    "measure CATALOG"
    "measure CATALOG --format csv"
    "measure CATALOG --threads 1"
    "measure CATALOG --threads 2 --min-cell-width 100 --device ipad-mini"
    "measure CATALOG --template book-hug --columns 2 --width 390 --scale 3"
    "layout grid CATALOG"
    "layout grid CATALOG --format csv"
    "layout grid CATALOG --threads 1 --section-size 100 --header-height 20 --footer-height 10 --sections SECTIONS/grid-sections.json"
    "layout grid CATALOG --valign top --grid-aligned --query 0,1000,414,900"
    "layout waterfall CATALOG"
    "layout waterfall CATALOG --format csv"
    "layout waterfall CATALOG --threads 1 --columns 3 --render-direction left-to-right"
    "layout waterfall CATALOG --threads 2 --section-size 1000 --sections SECTIONS/waterfall-sections.json --header-height 40 --footer-height 8"
    "layout waterfall CATALOG --cht-compatible --cover-sizes Catalogs/cover-sizes.csv"
    "layout waterfall CATALOG --cht-compatible --cover-sizes Catalogs/cover-sizes.csv --section-size 500 --format csv"
    "layout waterfall CATALOG --query 0,2000,414,900"
    "layout waterfall CATALOG --section-size 700 --query 0,50000,414,3000 --format csv"
    "layout tag-flow CATALOG"
    "layout tag-flow CATALOG --format csv --field author --align justified"
    "layout tag-flow CATALOG --section-size 300 --sections SECTIONS/flow-sections.json --query 0,500,414,800"
    "layout tag-flow CATALOG --column-gap 6 --row-gap 4"
    "layout grid CATALOG --column-gap 5 --row-gap 12 --min-cell-width 100"
    "layout waterfall CATALOG --column-gap 4 --row-gap 7 --columns 3"
    "layout compositional CATALOG"
    "layout compositional CATALOG --format csv --query 0,3000,390,844"
    "layout compositional CATALOG --preset cards --columns 2"
    "text --catalog CATALOG --width 120 --max-lines 2"
)
# The 1M catalog: the streamed commands in both formats, thread counts, sections, queries.
large_runs=(
    "measure CATALOG"
    "measure CATALOG --format csv --threads 2"
    "measure CATALOG --threads 1 --min-cell-width 150"
    "layout grid CATALOG"
    "layout grid CATALOG --format csv --section-size 10000"
    "layout grid CATALOG --query 0,100000,414,2000"
    "layout waterfall CATALOG"
    "layout waterfall CATALOG --format csv --threads 1"
    "layout waterfall CATALOG --section-size 100000 --sections SECTIONS/waterfall-sections.json"
    "layout waterfall CATALOG --cht-compatible --image-size cover_width,cover_height"
    "layout waterfall CATALOG --query 0,1000000,414,2000"
    "layout tag-flow CATALOG"
    "layout compositional CATALOG --format csv"
)

failed=0
compared=0
run_pair() {
    local catalog=$1 line=$2 name=$3
    local arguments=${line//CATALOG/$catalog}
    arguments=${arguments//SECTIONS/$work}
    local baseline_arguments
    baseline_arguments=$(old_spelling "$arguments")
    local status_before=0 status_after=0
    # shellcheck disable=SC2086  # the command line is split into words on purpose
    "$baseline" $baseline_arguments >"$work/before" 2>/dev/null || status_before=$?
    # shellcheck disable=SC2086
    "$candidate" $arguments >"$work/after" 2>/dev/null || status_after=$?
    compared=$((compared + 1))
    if [[ $status_before != "$status_after" ]]; then
        echo "DIFFERENT exit status ($status_before, $status_after): $name: $line"
        failed=$((failed + 1))
    elif ! cmp -s "$work/before" "$work/after"; then
        echo "DIFFERENT bytes ($(cmp "$work/before" "$work/after" 2>&1 | head -1)): $name: $line"
        failed=$((failed + 1))
    else
        echo "same ($(wc -c <"$work/after") bytes, exit $status_after): $name: $line"
    fi
}

for catalog in Catalogs/goodbooks-10k.csv Catalogs/aozora-bunko.csv; do
    for line in "${small_runs[@]}"; do run_pair "$catalog" "$line" "$(basename "$catalog")"; done
done
# Render: a page of each layout as SVG (the picture's bytes).
for layout in grid waterfall tag-flow compositional; do
    # shellcheck disable=SC2046  # the command line is split into words on purpose
    "$baseline" $(old_spelling "render --layout $layout") --page 2 -o "$work/before.svg" Catalogs/aozora-bunko.csv 2>/dev/null || true
    "$candidate" render --layout "$layout" --page 2 -o "$work/after.svg" Catalogs/aozora-bunko.csv 2>/dev/null || true
    compared=$((compared + 1))
    if [[ -s $work/before.svg ]] && cmp -s "$work/before.svg" "$work/after.svg"; then
        rm -f "$work/before.svg" "$work/after.svg"
        echo "same: render --layout $layout --page 2 (svg)"
    else
        echo "DIFFERENT: render --layout $layout --page 2 (svg)"
        failed=$((failed + 1))
    fi
done
for line in "${large_runs[@]}"; do run_pair "$large" "$line" "$(basename "$large")"; done

echo "$compared outputs compared, $failed different"
[[ $failed == 0 ]]
