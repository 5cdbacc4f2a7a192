#!/usr/bin/env python3
"""Lays out a Parquet catalog as a waterfall on Apache Spark, one page per task, in the
executors' own Python through the cardsize package.

    layout_dataframe_pages.py CATALOG.parquet OUTPUT_DIR --page-size N [--master URL]
                              [--width W] [--scale S] [--columns C] [--column-gap G] [--row-gap G]
                              [--header-height H] [--footer-height H]
                              [--template book|book-hug|FILE.json] [MEASURE OPTIONS...]

The page-per-task recipe of layout_pages.py on DataFrames: a waterfall places each card in
the shortest column so far, so a section is laid out card after card, but sections only
stack. So each page of N rows (numbered as measure_dataframe.py numbers them) is a section
of its own: its cards are measured at the column width and laid out as a waterfall in one
task (`groupBy(page).applyInArrow`), the pages' heights are summed in order on the driver,
and each page's frames are moved down by the sum before it, in the JVM. OUTPUT_DIR receives
Parquet part files with the columns of `cardsize layout waterfall --format csv` (id, kind,
section, x, y, width, height, line, field, error); in name order they are the whole
layout's rows, each page's header first and footer last, the one content row last.

The defaults are `cardsize layout waterfall`'s (iPhone 11: 414 pt at scale 2, 2 columns,
spacing 10, no insets, no header or footer, the book-hug card). When no record fails, pages
are exactly the sections of `cardsize layout waterfall CATALOG.jsonl --section-size N`
(with the same --header-height and --footer-height) and the rows are its records, at
display scales 1 and 2 (at 3 a y can differ in its last digit, as for layout_pages.py).
Error rows keep their place, with the catalog's line numbers.

See docs/large-catalogs.md.
"""

import sys

from pyspark import StorageLevel, cloudpickle
from pyspark.sql import functions

import cardsize_pipe as pipe
import measure_dataframe
import page_stack

cloudpickle.register_pickle_by_value(sys.modules[__name__])

#: The output's columns, as `cardsize layout waterfall --format csv` names them, and the
#: page and place within it that order them.
ELEMENT_COLUMNS = ("id string, kind string, section long, x double, y double, width double, height double, "
                   "line long, field string, error string, _page long, _place long")
PAGE, PLACE = "_page", "_place"


def argument_parser():
    parser = measure_dataframe.argument_parser(
        "Lay out a Parquet catalog as a waterfall on Spark, a page per task, in the executors' Python.", "book-hug")
    parser.add_argument("--page-size", type=int, required=True, help="rows per page; each page is a section")
    parser.add_argument("--width", type=float, default=414,
                        help="the collection's width in points (default: 414, an iPhone 11)")
    parser.add_argument("--columns", type=int, default=2, help="columns (default: 2)")
    parser.add_argument("--column-gap", type=float, default=10, help="between columns (default: 10)")
    parser.add_argument("--row-gap", type=float, default=10, help="between a column's cards (default: 10)")
    parser.add_argument("--header-height", type=float, default=0, help="each page's header (default: 0, none)")
    parser.add_argument("--footer-height", type=float, default=0, help="each page's footer (default: 0, none)")
    return parser


def layout_settings(arguments, task_threads=1):
    """The measure settings with the card width the columns make, and the layout's own;
    exits with the package's message for a layout it cannot make."""
    import cardsize

    try:
        width = cardsize.item_width("waterfall", width=arguments.width, scale=arguments.scale,
                                    columns=arguments.columns, column_gap=arguments.column_gap)
    except cardsize.CardsizeError as error:
        sys.exit(f"layout_dataframe_pages: {error}")
    settings = measure_dataframe.settings_of(arguments, width, task_threads)
    settings.update(collection_width=arguments.width, columns=arguments.columns, column_gap=arguments.column_gap,
                    row_gap=arguments.row_gap, header_height=arguments.header_height,
                    footer_height=arguments.footer_height)
    return settings


def laid_out_page(table, settings):
    """A page's rows (an Arrow table of one page, in any order) laid out as one waterfall
    section: its header, its items and error rows in line order and its footer, with frames
    from the page's top, then a row of kind content with the page's height."""
    import cardsize
    import pyarrow as pa
    import pyarrow.compute as pc

    table = table.sort_by(measure_dataframe.LINE)
    page = table.column(PAGE)[0].as_py()
    lines = table.column(measure_dataframe.LINE).to_pylist()
    sizes = next(measure_dataframe.measured(table.to_batches(max_chunksize=max(table.num_rows, 1)), settings))
    failed = sizes.column("error").is_valid()
    heights = pc.filter(sizes.column("height"), pc.invert(failed)).to_pylist()
    layout = cardsize.Layout("waterfall", heights, width=settings["collection_width"], scale=settings["scale"],
                             columns=settings["columns"], column_gap=settings["column_gap"], row_gap=settings["row_gap"],
                             header_height=settings["header_height"], footer_height=settings["footer_height"])
    elements = {kind: [element for element in layout.elements if element.kind == kind]
                for kind in ("header", "item", "footer")}
    frames = iter(elements["item"])
    rows = {name: [] for name in ("id", "kind", "section", "x", "y", "width", "height", "line", "field", "error")}

    def add(*values):
        for name, value in zip(rows, values):
            rows[name].append(value)

    for header in elements["header"]:
        add(None, "header", page, header.x, header.y, header.width, header.height, None, None, None)
    ids, errors = sizes.column("id").to_pylist(), sizes.column("error").to_pylist()
    error_lines, fields = sizes.column("line").to_pylist(), sizes.column("field").to_pylist()
    for row in range(sizes.num_rows):
        if errors[row] is None:
            frame = next(frames)
            add(ids[row], "item", page, frame.x, frame.y, frame.width, frame.height, None, None, None)
        else:
            add(ids[row], None, None, None, None, None, None, error_lines[row], fields[row], errors[row])
    for footer in elements["footer"]:
        add(None, "footer", page, footer.x, footer.y, footer.width, footer.height, None, None, None)
    width, height = layout.content_size
    add(None, "content", page, 0.0, 0.0, width, height, None, None, None)
    # Within the page: the header before its first line, the footer and content after its last.
    headers, footers = len(elements["header"]), len(elements["footer"])
    rows[PAGE] = [page] * len(rows["id"])
    rows[PLACE] = ([lines[0] - 1] * headers + lines + [lines[-1] + 1] * footers + [lines[-1] + 2])
    return pa.table(rows, schema=pa.schema([
        ("id", pa.string()), ("kind", pa.string()), ("section", pa.int64()), ("x", pa.float64()), ("y", pa.float64()),
        ("width", pa.float64()), ("height", pa.float64()), ("line", pa.int64()), ("field", pa.string()),
        ("error", pa.string()), (PAGE, pa.int64()), (PLACE, pa.int64())]))


def layout_dataframe_pages(spark, catalog, output, page_size, settings):
    """Lays out `catalog` in pages of `page_size` rows and saves the rows to the folder
    `output`. Returns the number of pages and the content height."""
    line = functions.col(measure_dataframe.LINE)
    page = ((line - 1) / page_size).cast("long").alias(PAGE)
    pages = (measure_dataframe.with_lines(spark, catalog).select(*measure_dataframe.mapped_columns(settings), line, page)
             .groupBy(PAGE).applyInArrow(lambda table: laid_out_page(table, settings), ELEMENT_COLUMNS)
             .persist(StorageLevel.MEMORY_AND_DISK))
    content = functions.col("kind") == "content"
    sizes = sorted((row[PAGE], row["width"], row["height"])
                   for row in pages.where(content).select(PAGE, "width", "height").collect())
    tops, top = page_stack.page_tops(page_height for _, _, page_height in sizes)
    offsets = [functions.lit(value) for (page, _, _), page_top in zip(sizes, tops) for value in (page, page_top)]
    width = sizes[-1][1] if sizes else settings["collection_width"]
    whole = spark.createDataFrame(
        [(None, "content", None, 0.0, 0.0, width, top, None, None, None, len(sizes), 0)], ELEMENT_COLUMNS)
    elements = pages.where(~content)
    if offsets:
        elements = elements.withColumn("y", functions.col("y") + functions.create_map(*offsets)[functions.col(PAGE)])
    (elements.unionByName(whole).orderBy(PAGE, PLACE).drop(PAGE, PLACE)
     .write.parquet(output))
    pages.unpersist()
    return len(sizes), top


def main(argv):
    parser = argument_parser()
    arguments = parser.parse_args(argv)
    if arguments.page_size < 1:
        parser.error("--page-size must be at least 1")
    settings = layout_settings(arguments)
    measure_dataframe.check_settings(settings)
    spark = pipe.spark_session(arguments.master, measure_dataframe.SESSION_SETTINGS)
    try:
        settings["threads"] = int(spark.conf.get("spark.task.cpus", "1"))
        pages, height = layout_dataframe_pages(spark, arguments.catalog, arguments.output, arguments.page_size,
                                               settings)
    finally:
        spark.stop()
    print(f"layout_dataframe_pages: {pages} pages, content height {height:g} pt -> {arguments.output}/part-*.parquet",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
