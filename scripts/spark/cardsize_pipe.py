"""What the Spark recipes share: a JSON Lines catalog cut into contiguous, ordered ranges of
lines, each piped through one cardsize process, with error records' line numbers counted
from the catalog's first line. See docs/large-catalogs.md.
"""

import argparse
import bisect
import os
import re
import shlex
import shutil
import subprocess
import sys

from pyspark import AccumulatorParam, cloudpickle
from pyspark.sql import SparkSession

# Spark's Python workers cannot import this file by name: they get its functions by value.
cloudpickle.register_pickle_by_value(sys.modules[__name__])

# cardsize exits 2 when some records failed, each with its error record in place: a normal
# outcome of a partition, which must not fail the task (RDD.pipe's checkCode fails it on any
# status but 0). Any other status (a crash, a bad option) still fails it.
STATUS_WRAPPER = '"$@"; status=$?; if [ "$status" -eq 2 ]; then exit 0; fi; exit "$status"'

# The line number of an error record, `{"id":…,"line":N,"field":…,"error":…}`. Other records
# have no "line" field, and an escaped id cannot hold `,"line":` (its quotes carry a
# backslash), so the first match in a record is its line number.
ERROR_LINE = re.compile(r',"line":(\d+)')

# Options of cardsize that the recipes set themselves: standard input in, JSON Lines out.
RESERVED_OPTIONS = ("-o", "--output", "--format", "--catalog-format")

# Variables cardsize may need; RDD.pipe starts its command with no environment but the one
# it is given.
PASSED_ENVIRONMENT = ("PATH", "HOME", "TMPDIR", "CARDSIZE_FONTS_DIR")


class PartitionCounts(AccumulatorParam):
    """Counts per partition; a retried task overwrites its partition's entry instead of
    adding to it, so the totals stay exact."""

    def zero(self, value):
        return {}

    def addInPlace(self, first, second):
        first.update(second)
        return first


def argument_parser(description):
    """The options both recipes take; the caller adds its own."""
    parser = argparse.ArgumentParser(
        description=description,
        epilog="Options after -- go to cardsize, e.g. -- --device iphone-13 --template book-hug.")
    parser.add_argument("catalog", help="a JSON Lines catalog (a path Spark can read)")
    parser.add_argument("output", help="a new folder for the part files")
    parser.add_argument("--master", help="Spark's master (default: spark-submit's --master, else local[*])")
    parser.add_argument("--cardsize", default=shutil.which("cardsize"),
                        help="the cardsize executable, at the same path on every worker "
                             "(default: cardsize on PATH)")
    return parser


def parse_arguments(parser, argv, refused=()):
    """The recipe's arguments, with cardsize's options (those after `--`, which argparse
    would take for its own) as `cardsize_options`; `refused` names more options the
    recipe cannot pass on."""
    own, cardsize_options = (argv[:argv.index("--")], argv[argv.index("--") + 1:]) if "--" in argv else (argv, [])
    arguments = parser.parse_args(own)
    arguments.cardsize_options = cardsize_options
    if not arguments.cardsize:
        parser.error("no cardsize on PATH: give --cardsize PATH")
    arguments.cardsize = os.path.abspath(arguments.cardsize)
    if arguments.catalog.lower().endswith(".csv"):
        parser.error("the recipes read JSON Lines: a CSV record may span lines, so a CSV cannot be "
                     "cut at any line; see docs/large-catalogs.md for converting one")
    reserved = [option for option in cardsize_options if option.split("=")[0] in RESERVED_OPTIONS + tuple(refused)]
    if reserved:
        parser.error(f"the recipe sets {', '.join(reserved)} itself")
    return arguments


def pipe_environment():
    return {name: os.environ[name] for name in PASSED_ENVIRONMENT if name in os.environ}


def pipe_command(cardsize, command, options):
    """`cardsize COMMAND - OPTIONS` reading standard input and writing JSON Lines, exit
    status 2 (some records failed) mapped to 0, as one string for `RDD.pipe`."""
    return shlex.join(["/bin/sh", "-c", STATUS_WRAPPER, "cardsize-pipe", cardsize,
                       *command, "-", "--format", "jsonl", *options])


def check_options(cardsize, command, options, environment):
    """Runs the command once on an empty catalog, so that a bad option or a missing font
    stops the recipe here with cardsize's own message rather than failing every task."""
    check = subprocess.run([cardsize, *command, "-", *options], input=b"", capture_output=True,
                           env=environment)
    if check.returncode != 0:
        sys.exit(f"cardsize {' '.join(command)} {shlex.join(options)}: "
                 f"{check.stderr.decode(errors='replace').strip()}")


def spark_session(master=None, settings=()):
    """A Spark session for the recipes: no web UI, no progress bars, warnings only, and
    `settings` (name, value pairs). Without `master`, spark-submit's applies, or local[*]
    when run by python3 itself.

    When this process starts the JVM itself in local mode, its JIT compiles with C1 only:
    the driver there is the executor too, and on a few cores the C2 compiler's warm-up CPU
    (a share of every short job's run) costs more than its faster code saves. Under
    spark-submit, the JVM is spark-submit's, with its options.
    """
    builder = SparkSession.builder.appName("cardsize")
    if master:
        builder = builder.master(master)
    if (master or "local").startswith("local") and "PYSPARK_GATEWAY_PORT" not in os.environ:
        builder = builder.config("spark.driver.extraJavaOptions", "-XX:TieredStopAtLevel=1")
    for name, value in [("spark.ui.enabled", "false"), ("spark.ui.showConsoleProgress", "false"), *settings]:
        builder = builder.config(name, value)
    spark = builder.getOrCreate()
    spark.sparkContext.setLogLevel("WARN")
    return spark


def numbered_lines(spark, catalog):
    """The catalog's lines as (index, line) pairs, and how many there are.

    Lines are split at LF only, as cardsize splits them (Spark's default also splits at a
    lone CR). Blank lines are kept: cardsize skips them but counts them.
    """
    lines = spark.read.option("lineSep", "\n").text(catalog).rdd.map(lambda row: row.value)
    # Each line's index: the lines of the splits before its own, then its place in its split.
    split_counts = lines.mapPartitions(lambda split: [sum(1 for _ in split)]).collect()
    split_starts = [sum(split_counts[:split]) for split in range(len(split_counts))]
    numbered = lines.mapPartitionsWithIndex(
        lambda split, split_lines: enumerate(split_lines, start=split_starts[split]))
    return numbered, sum(split_counts)


def in_ranges(numbered, starts):
    """The lines, partition p holding those indexed from `starts[p]` up to `starts[p + 1]`,
    in index order: contiguous slices of the catalog, in the catalog's order."""
    return (numbered
            .repartitionAndSortWithinPartitions(len(starts), lambda index: bisect.bisect_right(starts, index) - 1)
            .values())


def with_catalog_line(output, first_line_index):
    """An output record whose error line number, if it has one, counted from its
    partition's first line, now counts from the catalog's."""
    return ERROR_LINE.sub(lambda match: f',"line":{int(match.group(1)) + first_line_index}', output, count=1)
