#!/usr/bin/env python3
"""Measures a Parquet catalog's cards on Apache Spark, in the executors' own Python, through
the cardsize package (`DataFrame.mapInArrow`): no process per partition, no JSON text.

    measure_dataframe.py CATALOG.parquet OUTPUT_DIR [--master URL] [--card-width W]
                         [--template book|book-hug|FILE.json] [--scale S] [--language L]
                         [--cover-sizes CSV] [--id C] [--title C] [--author C] [--image-size W,H]

OUTPUT_DIR receives Parquet part files with the columns of `cardsize measure --format csv`
(id, width, height, title_lines, truncated, slack, line, field, error): one row per catalog
row, a card's sizes or its error row. Each row is read and measured as `cardsize measure`
reads and measures the same record in a JSON Lines file (a null cell as JSON's null): the
same numbers, and the same error rows, whose `line` is the row's number from 1 in the
catalog's files taken in name order (for one file, its row order). Read in name order, the
part files hold the rows in the order Spark reads the catalog, which for one file is its
order. The exit status is 2 when any record failed, as cardsize's.

Every executor needs the cardsize package with pyarrow (`pip install cardsize[arrow]`, or
an environment shipped with spark-submit --archives): see docs/large-catalogs.md.
"""

import argparse
import sys

from pyspark import TaskContext, cloudpickle
from pyspark.sql import functions

import cardsize_pipe as pipe

# Spark's Python workers cannot import this file by name: they get its functions by value.
cloudpickle.register_pickle_by_value(sys.modules[__name__])

#: The output's columns, as `cardsize measure --format csv` names them.
SIZE_COLUMNS = ("id string, width double, height double, title_lines int, truncated boolean, slack double, "
                "line long, field string, error string")

# The input's column holding each row's line, added here.
LINE = "_cardsize_line"

#: The session settings of the DataFrame recipes: Arrow batches of as many rows as
#: cardsize.measure_parquet reads at once (Spark's default, 10,000, makes 6.5 times the calls
#: into the engine and Arrow conversions for the same rows).
SESSION_SETTINGS = [("spark.sql.execution.arrow.maxRecordsPerBatch", "65536")]


def argument_parser(description="Measure a Parquet catalog's cards on Spark, in the executors' Python (cardsize "
                                "package, mapInArrow).", template="book"):
    """The options of the DataFrame recipes; the caller adds its own."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("catalog", help="a Parquet file or folder of them (a path Spark can read)")
    parser.add_argument("output", help="a new folder for the Parquet part files")
    parser.add_argument("--master", help="Spark's master (default: spark-submit's --master, else local[*])")
    parser.add_argument("--template", default=template,
                        help=f"book, book-hug or a template's JSON file (default: {template})")
    parser.add_argument("--scale", type=float, default=2, help="the display scale (default: 2)")
    parser.add_argument("--language", default="auto", help="auto or a BCP 47 tag (default: auto)")
    parser.add_argument("--cover-sizes", help="a CSV of width,height cover sizes for records without one, "
                                              "at the same path on every executor")
    parser.add_argument("--id", default="id", help="the id column (default: id)")
    parser.add_argument("--title", default="title", help="the title column (default: title)")
    parser.add_argument("--author", default="author", help="the author column (default: author)")
    parser.add_argument("--image-size", help="the cover's width and height columns, WIDTH,HEIGHT")
    return parser


def settings_of(arguments, width, task_threads=1):
    """What each task needs to make its measurer and read its rows: plain values, pickled
    into the tasks; exits with a message when the template's file cannot be read."""
    template = arguments.template
    if template not in ("book", "book-hug"):
        try:
            with open(template, encoding="utf-8") as file:
                template = file.read()
        except OSError as error:
            sys.exit(f"--template: {error.strerror}: {template}")
    image_size = tuple(arguments.image_size.split(",")) if arguments.image_size else None
    return dict(template=template, scale=arguments.scale, language=arguments.language,
                cover_sizes=arguments.cover_sizes, width=width, id=arguments.id, title=arguments.title,
                author=arguments.author, image_size=image_size, threads=task_threads)


def with_lines(spark, catalog):
    """The catalog's rows, each with its line (its number from 1 in the files taken in name
    order, one after another). Spark's own `_metadata` of a Parquet row (its file and its
    index there) numbers it, whatever the partitions; a catalog of several files takes one
    more job, which counts each file's rows."""
    frame = spark.read.parquet(catalog)
    row_line = functions.col("_metadata.row_index") + 1
    if len(frame.inputFiles()) <= 1:
        return frame.withColumn(LINE, row_line)
    path = functions.col("_metadata.file_path")
    counts = sorted((row["path"], row["count"]) for row in frame.groupBy(path.alias("path")).count().collect())
    starts, total = [], 0
    for file, count in counts:
        starts += [functions.lit(file), functions.lit(total)]
        total += count
    return frame.withColumn(LINE, functions.create_map(*starts)[path] + row_line)


def measured(batches, settings, counts=None):
    """A task's record batches, measured: one batch of sizes per batch in, error rows
    carrying the catalog's line numbers; the task's records and errors added to `counts`
    (a PartitionCounts accumulator) at the end."""
    import cardsize
    import pyarrow as pa
    import pyarrow.compute as pc

    measurer = cardsize.CardMeasurer(settings["template"], scale=settings["scale"], language=settings["language"],
                                     cover_sizes=settings["cover_sizes"])
    options = {name: settings[name] for name in ("width", "id", "title", "author", "image_size", "threads")}
    records = errors = 0
    for batch in batches:
        sizes = next(cardsize.measure_batches(batch, measurer=measurer, **options))
        index = sizes.schema.get_field_index("line")
        lines = pc.if_else(pc.is_null(sizes.column(index)), pa.scalar(None, pa.int64()), batch.column(LINE))
        records, errors = records + sizes.num_rows, errors + sizes.num_rows - sizes.column("error").null_count
        yield sizes.set_column(index, "line", lines)
    if counts is not None:
        counts.add({TaskContext.get().partitionId(): (records, errors)})


def measure_dataframe(spark, catalog, output, settings):
    """Measures every row of the Parquet `catalog` into Parquet part files in the folder
    `output`. Returns the number of records and of error rows among them."""
    counts = spark.sparkContext.accumulator({}, pipe.PartitionCounts())
    (with_lines(spark, catalog).select(*mapped_columns(settings), LINE)
     .mapInArrow(lambda batches: measured(batches, settings, counts), SIZE_COLUMNS)
     .write.parquet(output))
    return tuple(sum(count[kind] for count in counts.value.values()) for kind in (0, 1))


def mapped_columns(settings):
    """The catalog's columns a record is read from, each once."""
    return list(dict.fromkeys([settings["id"], settings["title"], settings["author"],
                               *(settings["image_size"] or ())]))


def check_settings(settings):
    """Makes the measurer once on the driver, so that a bad template or option stops the
    recipe before Spark starts, with the package's own message, rather than failing every
    task."""
    import cardsize

    try:
        cardsize.CardMeasurer(settings["template"], scale=settings["scale"], language=settings["language"],
                              cover_sizes=settings["cover_sizes"])
    except (cardsize.CardsizeError, OSError) as error:
        sys.exit(f"measure_dataframe: {error}")


def main(argv):
    parser = argument_parser()
    parser.add_argument("--card-width", type=float, default=127,
                        help="the card width in points (default: 127, the cell of cardsize measure's default grid)")
    arguments = parser.parse_args(argv)
    if arguments.image_size is not None and len([n for n in arguments.image_size.split(",") if n]) != 2:
        parser.error("--image-size takes two column names, WIDTH,HEIGHT")
    settings = settings_of(arguments, arguments.card_width)
    check_settings(settings)
    spark = pipe.spark_session(arguments.master, SESSION_SETTINGS)
    try:
        settings["threads"] = int(spark.conf.get("spark.task.cpus", "1"))
        records, errors = measure_dataframe(spark, arguments.catalog, arguments.output, settings)
    finally:
        spark.stop()
    print(f"measure_dataframe: {records} records, {errors} errors -> {arguments.output}/part-*.parquet",
          file=sys.stderr)
    return 2 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
