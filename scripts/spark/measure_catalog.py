#!/usr/bin/env python3
"""Measures a JSON Lines catalog's cards on Apache Spark: `cardsize measure` through `RDD.pipe`.

    measure_catalog.py CATALOG.jsonl OUTPUT_DIR [--partitions N] [--master local[*]]
                       [--cardsize PATH] [-- MEASURE_OPTIONS...]

OUTPUT_DIR receives Spark's part files (part-00000, part-00001, ...); concatenated in name
order they are the same bytes as `cardsize measure CATALOG.jsonl --format jsonl
MEASURE_OPTIONS...` writes, for any number of partitions: one result or error record per
input record, in input order. The exit status is 2 when any record failed, as cardsize's.

How the order is kept: every line gets its index in the file (a count per input split,
then running sums), the lines are cut into N contiguous, balanced ranges of indices (range
partitioning) and each range is sorted by index. A partition is then one contiguous slice
of the catalog, piped through one `cardsize measure -`, whose output is in its input order;
Spark writes partition p to part p, so the parts in order are the catalog in order. No
shuffle of the results and no sort of them is needed: cardsize's output records carry no
index to sort by, and they need none. (A plain `repartition` would scatter neighbouring
lines over partitions, and `coalesce` can only merge the input's splits, not make more.)

Why partitioning cannot change a result: `measure` measures every card at the one cell
width of the grid, whatever its place (`CardCatalogRun(catalog:measurer:cellWidth: Double)`
ignores the card's index); a record's own cover size, or one picked by its id, and its
language, guessed from its title, come from the record alone; the prepared-text cache only
saves work, with identical results. The one thing that depends on a record's place is the
line number in an error record, which cardsize counts from its own input's first line:
each partition's error records are renumbered here by the first line of its range.

See docs/large-catalogs.md.
"""

import argparse
import bisect
import os
import re
import shlex
import shutil
import subprocess
import sys

from pyspark import AccumulatorParam
from pyspark.sql import SparkSession

# cardsize exits 2 when some records failed, each with its error record in place: a normal
# outcome of a partition, which must not fail the task (RDD.pipe's checkCode fails it on any
# status but 0). Any other status (a crash, a bad option) still fails it.
STATUS_WRAPPER = '"$@"; status=$?; if [ "$status" -eq 2 ]; then exit 0; fi; exit "$status"'

# The line number of an error record, `{"id":…,"line":N,"field":…,"error":…}`. A result
# record has no "line" field, and an escaped id cannot hold `,"line":` (its quotes carry a
# backslash), so the first match in a record is its line number.
ERROR_LINE = re.compile(r',"line":(\d+)')

# Options of cardsize that the recipe sets itself: stdin in, JSON Lines on stdout.
RESERVED_OPTIONS = ("-o", "--output", "--format", "--catalog-format")

# Variables cardsize may need; RDD.pipe starts its command with no environment but the one
# it is given.
PASSED_ENVIRONMENT = ("PATH", "HOME", "TMPDIR", "CARDSIZE_FONTS_DIR")


class PartitionCounts(AccumulatorParam):
    """Records and error records per partition; a retried task overwrites its partition's
    entry instead of adding to it, so the totals stay exact."""

    def zero(self, value):
        return {}

    def addInPlace(self, first, second):
        first.update(second)
        return first


def parse_arguments(argv):
    parser = argparse.ArgumentParser(
        description="Measure a JSON Lines catalog's cards with cardsize on Spark, in input order.")
    parser.add_argument("catalog", help="a JSON Lines catalog (a path Spark can read)")
    parser.add_argument("output", help="a new folder for the part files")
    parser.add_argument("--partitions", type=int, default=None,
                        help="how many slices of the catalog to measure in parallel "
                             "(default: Spark's default parallelism)")
    parser.add_argument("--master", default="local[*]", help="Spark's master (default: local[*])")
    parser.add_argument("--cardsize", default=shutil.which("cardsize"),
                        help="the cardsize executable, at the same path on every worker "
                             "(default: cardsize on PATH)")
    parser.epilog = "Options after -- go to cardsize measure, e.g. -- --device iphone-13 --template book-hug."
    # Split at "--" by hand: argparse would take cardsize's options for its own.
    own, measure_options = (argv[:argv.index("--")], argv[argv.index("--") + 1:]) if "--" in argv else (argv, [])
    arguments = parser.parse_args(own)
    arguments.measure_options = measure_options
    if not arguments.cardsize:
        parser.error("no cardsize on PATH: give --cardsize PATH")
    arguments.cardsize = os.path.abspath(arguments.cardsize)
    if arguments.partitions is not None and arguments.partitions < 1:
        parser.error("--partitions must be at least 1")
    if arguments.catalog.lower().endswith(".csv"):
        parser.error("the recipe reads JSON Lines: a CSV record may span lines, so a CSV cannot be "
                     "cut at any line; see docs/large-catalogs.md for converting one")
    reserved = [option for option in arguments.measure_options
                if option.split("=")[0] in RESERVED_OPTIONS]
    if reserved:
        parser.error(f"the recipe sets {', '.join(reserved)} itself")
    return arguments


def check_options(cardsize, options, environment):
    """Runs cardsize once on an empty catalog, so that a bad option or a missing font fails
    here with cardsize's own message rather than in every task."""
    check = subprocess.run([cardsize, "measure", "-", *options], input=b"", capture_output=True,
                           env=environment)
    if check.returncode != 0:
        sys.exit(f"cardsize measure {shlex.join(options)}: {check.stderr.decode(errors='replace').strip()}")


def range_starts(line_count, partitions):
    """The index of each partition's first line: `partitions` contiguous ranges that differ
    in size by one line at most."""
    return [-(-partition * line_count // partitions) for partition in range(partitions)]


def renumbered(partition, outputs, starts, counts):
    """A partition's output records with error records' line numbers counted from the
    catalog's first line, not the partition's."""
    offset = starts[partition]
    records = errors = 0
    for output in outputs:
        records += 1
        if ERROR_LINE.search(output):
            errors += 1
            output = ERROR_LINE.sub(lambda match: f',"line":{int(match.group(1)) + offset}', output, count=1)
        yield output
    counts.add({partition: (records, errors)})


def measure_catalog(spark, catalog, output, partitions, command, environment):
    """Pipes `catalog`'s lines through `command` (a `cardsize measure -`) in `partitions`
    contiguous ranges and saves the results to the folder `output`, in input order.

    Returns the number of lines read, of records written and of error records among them.
    """
    context = spark.sparkContext
    # One element per line, split at LF only as cardsize splits (Spark's default also splits
    # at a lone CR). Blank lines are kept: cardsize skips them but counts them.
    lines = spark.read.option("lineSep", "\n").text(catalog).rdd.map(lambda row: row.value)
    # Each line's index: the lines before its split, then its place in the split.
    split_counts = lines.mapPartitions(lambda split: [sum(1 for _ in split)]).collect()
    split_starts = [sum(split_counts[:split]) for split in range(len(split_counts))]
    indexed = lines.mapPartitionsWithIndex(
        lambda split, split_lines: enumerate(split_lines, start=split_starts[split]))
    line_count = sum(split_counts)
    starts = range_starts(line_count, partitions)
    ranges = indexed.repartitionAndSortWithinPartitions(
        partitions, lambda index: bisect.bisect_right(starts, index) - 1)
    counts = context.accumulator({}, PartitionCounts())
    (ranges.values()
     .pipe(command, env=environment, checkCode=True)
     .mapPartitionsWithIndex(lambda partition, outputs: renumbered(partition, outputs, starts, counts))
     .saveAsTextFile(output))
    records = sum(records for records, _ in counts.value.values())
    errors = sum(errors for _, errors in counts.value.values())
    return line_count, records, errors


def pipe_command(cardsize, options):
    """The command each partition is piped through: `cardsize measure -` writing JSON Lines,
    exit status 2 (some records failed) mapped to 0."""
    return shlex.join(["/bin/sh", "-c", STATUS_WRAPPER, "cardsize-pipe", cardsize,
                       "measure", "-", "--format", "jsonl", *options])


def pipe_environment():
    return {name: os.environ[name] for name in PASSED_ENVIRONMENT if name in os.environ}


def spark_session(master):
    """A Spark session for this recipe: no web UI, no progress bars, warnings only."""
    spark = (SparkSession.builder.master(master).appName("cardsize measure")
             .config("spark.ui.enabled", "false").config("spark.ui.showConsoleProgress", "false")
             .getOrCreate())
    spark.sparkContext.setLogLevel("WARN")
    return spark


def main(argv):
    arguments = parse_arguments(argv)
    environment = pipe_environment()
    check_options(arguments.cardsize, arguments.measure_options, environment)
    spark = spark_session(arguments.master)
    try:
        partitions = arguments.partitions or spark.sparkContext.defaultParallelism
        line_count, records, errors = measure_catalog(
            spark, arguments.catalog, arguments.output, partitions,
            pipe_command(arguments.cardsize, arguments.measure_options), environment)
    finally:
        spark.stop()
    print(f"measure_catalog: {line_count} lines in {partitions} partitions: {records} records, "
          f"{errors} errors -> {arguments.output}/part-*", file=sys.stderr)
    return 2 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
