#!/usr/bin/env python3
"""Measures a JSON Lines catalog's cards on Apache Spark: `cardsize measure` through `RDD.pipe`.

    measure_catalog.py CATALOG.jsonl OUTPUT_DIR [--partitions N] [--master URL]
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
language, guessed from its title, come from the record alone; the text caches only save
work, with identical results. The one thing that depends on a record's place is the
line number in an error record, which cardsize counts from its own input's first line:
each partition's error records are renumbered here by the first line of its range.

See docs/large-catalogs.md.
"""

import sys

import cardsize_pipe as pipe

MEASURE = ["measure"]


def range_starts(line_count, partitions):
    """The index of each partition's first line: `partitions` contiguous ranges that differ
    in size by one line at most."""
    return [-(-partition * line_count // partitions) for partition in range(partitions)]


def renumbered(partition, outputs, first_line_index, counts):
    """A partition's output records with catalog line numbers, counted into `counts`."""
    records = errors = 0
    for output in outputs:
        records += 1
        if pipe.ERROR_LINE.search(output):
            errors += 1
            output = pipe.with_catalog_line(output, first_line_index)
        yield output
    counts.add({partition: (records, errors)})


def measure_catalog(spark, catalog, output, partitions, command, environment):
    """Pipes `catalog`'s lines through `command` (a `cardsize measure -`) in `partitions`
    contiguous ranges and saves the results to the folder `output`, in input order.

    Returns the number of lines read, of records written and of error records among them.
    """
    numbered, line_count = pipe.numbered_lines(spark, catalog)
    starts = range_starts(line_count, partitions)
    counts = spark.sparkContext.accumulator({}, pipe.PartitionCounts())
    (pipe.in_ranges(numbered, starts)
     .pipe(command, env=environment, checkCode=True)
     .mapPartitionsWithIndex(lambda partition, outputs: renumbered(partition, outputs, starts[partition], counts))
     .saveAsTextFile(output))
    records = sum(records for records, _ in counts.value.values())
    errors = sum(errors for _, errors in counts.value.values())
    return line_count, records, errors


def main(argv):
    parser = pipe.argument_parser("Measure a JSON Lines catalog's cards with cardsize on Spark, in input order.")
    parser.add_argument("--partitions", type=int, default=None,
                        help="how many slices of the catalog to measure in parallel "
                             "(default: Spark's default parallelism)")
    arguments = pipe.parse_arguments(parser, argv)
    if arguments.partitions is not None and arguments.partitions < 1:
        parser.error("--partitions must be at least 1")
    environment = pipe.pipe_environment()
    pipe.check_options(arguments.cardsize, MEASURE, arguments.cardsize_options, environment)
    spark = pipe.spark_session(arguments.master)
    try:
        partitions = arguments.partitions or spark.sparkContext.defaultParallelism
        line_count, records, errors = measure_catalog(
            spark, arguments.catalog, arguments.output, partitions,
            pipe.pipe_command(arguments.cardsize, MEASURE, arguments.cardsize_options), environment)
    finally:
        spark.stop()
    print(f"measure_catalog: {line_count} lines in {partitions} partitions: {records} records, "
          f"{errors} errors -> {arguments.output}/part-*", file=sys.stderr)
    return 2 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
