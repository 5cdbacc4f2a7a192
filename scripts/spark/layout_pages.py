#!/usr/bin/env python3
"""Lays out a huge JSON Lines catalog as a waterfall on Apache Spark, one page per task.

    layout_pages.py CATALOG.jsonl OUTPUT_DIR --page-size N [--master URL]
                    [--cardsize PATH] [-- WATERFALL_OPTIONS...]

A waterfall places each card in the shortest column so far, so a section is laid out in
order, card after card, and cannot be split. Sections, though, only stack: a section's
frames are its own layout moved down by the height of the sections above it. So each page
of N lines is made a section of its own: `cardsize layout waterfall -` lays each page out
on its own, in parallel; the pages' heights (their content records) are summed in order;
and each page's frames are moved down by the sum before it and given the page's number as
their section. OUTPUT_DIR receives the part files; in name order they are the whole
layout's records, the one content record last.

When no record fails and the catalog has no blank lines, pages are exactly the sections of
`cardsize layout waterfall CATALOG.jsonl --section-size N` and the output is its bytes, at
display scales 1 and 2, whose point values (multiples of 1/2) add up exactly; at scale 3
a y can differ from the one-pass value in its last digit. A page counts lines, where
--section-size counts cards: with failed records or blank lines, pages hold fewer cards.
Error records keep their place, with the catalog's line numbers.

See docs/large-catalogs.md.
"""

import json
import re
import sys

from pyspark import StorageLevel

import cardsize_pipe as pipe
import page_stack

WATERFALL = ["layout", "waterfall"]

# The options that apply to the whole layout, or to its sections, which are the pages here.
REFUSED_OPTIONS = ("--section-size", "--sections", "--min-content-height", "--query")

# An element record's section and y, `…,"section":S,"x":X,"y":Y,…`; an escaped id cannot
# hold `,"section":` (its quotes carry a backslash).
ELEMENT_PLACE = re.compile(r',"section":(\d+),"x":([^,]+),"y":([^,]+),')


def swift_number(value):
    """A number as cardsize's writer writes it: whole numbers below 1e15 without a
    fraction, others in their shortest exact form (Python's repr, as Swift's)."""
    return str(int(value)) if value == int(value) and abs(value) < 1e15 else repr(value)


def content_record(width, height):
    return (f'{{"id":null,"kind":"content","section":null,"x":0,"y":0,'
            f'"width":{swift_number(width)},"height":{swift_number(height)}}}')


def page_size(outputs):
    """A laid-out page's content width and height, from its last record."""
    last = None
    for last in outputs:
        pass
    content = json.loads(last)
    return content["width"], content["height"]


def stacked(page, outputs, top, first_line_index, content):
    """A page's records placed in the whole layout: elements moved down by `top` into
    section `page`, error records with catalog line numbers, the page's content record
    replaced by `content` (the whole layout's, on the last page) or dropped."""
    previous = None
    for output in outputs:
        if previous is not None:
            yield previous
        previous = ELEMENT_PLACE.sub(
            lambda match: f',"section":{page},"x":{match.group(2)},"y":{swift_number(float(match.group(3)) + top)},',
            pipe.with_catalog_line(output, first_line_index), count=1)
    if content is not None:
        yield content


def layout_pages(spark, catalog, output, lines_per_page, command, environment):
    """Lays out `catalog` in pages of `lines_per_page` lines, each through `command` (a
    `cardsize layout waterfall -`), stacks them and saves the records to the folder
    `output`. Returns the number of pages and the content height."""
    numbered, line_count = pipe.numbered_lines(spark, catalog)
    starts = list(range(0, max(line_count, 1), lines_per_page))
    pages = (pipe.in_ranges(numbered, starts)
             .pipe(command, env=environment, checkCode=True)
             .persist(StorageLevel.MEMORY_AND_DISK))
    sizes = pages.mapPartitions(lambda outputs: [page_size(outputs)]).collect()
    tops, height = page_stack.page_tops(page_height for _, page_height in sizes)
    whole = content_record(sizes[-1][0], height)
    last = len(starts) - 1
    (pages
     .mapPartitionsWithIndex(lambda page, outputs: stacked(
         page, outputs, tops[page], starts[page], whole if page == last else None))
     .saveAsTextFile(output))
    pages.unpersist()
    return len(starts), height


def main(argv):
    parser = pipe.argument_parser("Lay out a JSON Lines catalog as a waterfall on Spark, a page per task.")
    parser.add_argument("--page-size", type=int, required=True, help="lines per page; each page is a section")
    arguments = pipe.parse_arguments(parser, argv, refused=REFUSED_OPTIONS)
    if arguments.page_size < 1:
        parser.error("--page-size must be at least 1")
    environment = pipe.pipe_environment()
    pipe.check_options(arguments.cardsize, WATERFALL, arguments.cardsize_options, environment)
    spark = pipe.spark_session(arguments.master)
    try:
        pages, height = layout_pages(
            spark, arguments.catalog, arguments.output, arguments.page_size,
            pipe.pipe_command(arguments.cardsize, WATERFALL, arguments.cardsize_options), environment)
    finally:
        spark.stop()
    print(f"layout_pages: {pages} pages, content height {swift_number(height)} pt -> {arguments.output}/part-*",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
