#!/usr/bin/env python3
"""The Spark recipes against direct cardsize runs, on Spark in local mode.

measure_catalog.py: a realistic generated catalog of 8,000 records, with a blank line, a
record without an author deep inside (so that it falls in a later partition) and a line
that is not JSON at the end, measured with 1 and with 4 partitions: both outputs must be
the bytes of one direct `cardsize measure` run, records out = records in, error records in
place with the catalog's own line numbers.

layout_pages.py: the same catalog without the bad lines, laid out in pages of 2,000 with
headers and footers, must be the bytes of one `cardsize layout waterfall --section-size
2000` run.

measure_dataframe.py: the catalog without the bad lines, with an empty id, a null author
and a cover of width 0 among its records, as Parquet (one file read in several partitions,
then two files): its output rows as JSON Lines must be the bytes of one direct `cardsize
measure` run on the records as JSON Lines, error rows with their lines.

layout_dataframe_pages.py: the clean catalog as Parquet, laid out in pages of 2,000 with
headers and footers, must be the bytes of one `cardsize layout waterfall --section-size
2000` run with them.

Uses the cardsize and the library built by scripts/test.sh (or $CARDSIZE).
"""

import glob
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cardsize_pipe  # noqa: E402
import layout_dataframe_pages  # noqa: E402
import layout_pages  # noqa: E402
import measure_catalog  # noqa: E402
import measure_dataframe  # noqa: E402
import pyarrow.json  # noqa: E402
import pyarrow.parquet  # noqa: E402
from pyspark import cloudpickle  # noqa: E402

# Spark's Python workers cannot import the recipes by name, as they do not when the recipes
# run as scripts: ship their functions by value.
cloudpickle.register_pickle_by_value(measure_catalog)
cloudpickle.register_pickle_by_value(layout_pages)
cloudpickle.register_pickle_by_value(measure_dataframe)
cloudpickle.register_pickle_by_value(layout_dataframe_pages)

REPOSITORY = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CARDSIZE = os.environ.get("CARDSIZE", os.path.join(REPOSITORY, ".build", "debug", "cardsize"))
# The executors' Python finds the package (and through it the library) here, as the driver's.
PACKAGE = os.path.join(REPOSITORY, "bindings", "python")
os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [PACKAGE, os.environ.get("PYTHONPATH")]))
sys.path.insert(0, PACKAGE)
import cardsize  # noqa: E402
RECORDS = 8_000
# book-hug: card heights follow the titles, so a misplaced result changes the bytes.
OPTIONS = ["--template", "book-hug"]
PAGE_SIZE = 2_000
WATERFALL_OPTIONS = ["--header-height", "20", "--footer-height", "10"]
NO_AUTHOR = b'{"id": "no-author", "title": "A title without an author"}\n'
NOT_JSON = b"not json\n"
# Records of the DataFrame recipe's catalog that make error rows, or look like they might.
SPECIAL_RECORDS = [
    b'{"id":"","title":"An empty id","author":"A","cover_width":300,"cover_height":400}\n',
    b'{"id":"no-author","title":"A null author","author":null,"cover_width":300,"cover_height":400}\n',
    b'{"id":"zero-cover","title":"A cover of width 0","author":"B","cover_width":0,"cover_height":400}\n',
]
DATAFRAME_OPTIONS = ["--template", "book-hug", "--image-size", "cover_width,cover_height"]


class RecipeTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.mkdtemp(prefix="cardsize-spark-")
        generated = subprocess.run(
            [CARDSIZE, "generate", "--records", str(RECORDS), "--mode", "realistic", "--format", "jsonl", "-o", "-"],
            check=True, capture_output=True).stdout
        cls.clean_catalog = os.path.join(cls.folder, "clean.jsonl")
        with open(cls.clean_catalog, "wb") as file:
            file.write(generated)
        lines = generated.splitlines(keepends=True)
        lines.insert(5_432, NO_AUTHOR)
        lines.insert(3, b"\n")
        lines.append(NOT_JSON)
        cls.lines = lines
        cls.catalog = os.path.join(cls.folder, "catalog.jsonl")
        with open(cls.catalog, "wb") as file:
            file.writelines(lines)
        direct = subprocess.run([CARDSIZE, "measure", cls.catalog, *OPTIONS], capture_output=True)
        assert direct.returncode == 2, direct.stderr  # two records fail
        cls.direct = direct.stdout
        cls.spark = cardsize_pipe.spark_session("local[2]")

    @classmethod
    def tearDownClass(cls):
        cls.spark.stop()
        shutil.rmtree(cls.folder)

    def concatenated_parts(self, output, partitions):
        parts = sorted(glob.glob(os.path.join(output, "part-*")))
        self.assertEqual(len(parts), partitions)
        data = bytearray()
        for part in parts:
            with open(part, "rb") as file:
                data += file.read()
        return bytes(data)

    def check_measure(self, partitions):
        output = os.path.join(self.folder, f"measured-{partitions}")
        lines, records, errors = measure_catalog.measure_catalog(
            self.spark, self.catalog, output, partitions,
            cardsize_pipe.pipe_command(CARDSIZE, measure_catalog.MEASURE, OPTIONS), cardsize_pipe.pipe_environment())
        data = self.concatenated_parts(output, partitions)
        self.assertEqual(lines, RECORDS + 3)
        self.assertEqual((records, errors), (RECORDS + 2, 2))
        self.assertEqual(len(data.splitlines()), RECORDS + 2)
        self.assertEqual(data, self.direct)
        # The error records carry the catalog's line numbers, not their partition's.
        results = [json.loads(line) for line in data.splitlines()]
        no_author = results[self.lines.index(NO_AUTHOR) - 1]  # the blank line is no record
        self.assertEqual(no_author, {"id": "no-author", "line": self.lines.index(NO_AUTHOR) + 1,
                                     "field": "author", "error": "missing field"})
        self.assertEqual(results[-1]["line"], len(self.lines))

    def test_measuring_in_one_partition_gives_the_bytes_of_a_direct_run(self):
        self.check_measure(1)

    def test_measuring_in_four_partitions_gives_the_bytes_of_a_direct_run(self):
        self.check_measure(4)

    def test_waterfall_pages_stacked_give_the_bytes_of_one_sectioned_layout(self):
        direct = subprocess.run(
            [CARDSIZE, "layout", "waterfall", self.clean_catalog, "--section-size", str(PAGE_SIZE), *WATERFALL_OPTIONS],
            check=True, capture_output=True).stdout
        output = os.path.join(self.folder, "pages")
        pages, height = layout_pages.layout_pages(
            self.spark, self.clean_catalog, output, PAGE_SIZE,
            cardsize_pipe.pipe_command(CARDSIZE, layout_pages.WATERFALL, WATERFALL_OPTIONS),
            cardsize_pipe.pipe_environment())
        self.assertEqual(pages, RECORDS // PAGE_SIZE)
        data = self.concatenated_parts(output, pages)
        # Each item, header and footer once, then the one content record.
        self.assertEqual(len(data.splitlines()), RECORDS + 2 * pages + 1)
        self.assertEqual(json.loads(data.splitlines()[-1])["height"], height)
        self.assertEqual(data, direct)

    def dataframe_catalog(self):
        """The clean catalog with the special records inside, as JSON Lines (the direct
        run's, with its output) and as an Arrow table."""
        with open(self.clean_catalog, "rb") as file:
            lines = file.read().splitlines(keepends=True)
        for place, record in zip((5, 3_600, 6_800), SPECIAL_RECORDS):
            lines.insert(place, record)
        catalog = os.path.join(self.folder, "dataframe.jsonl")
        with open(catalog, "wb") as file:
            file.writelines(lines)
        direct = subprocess.run([CARDSIZE, "measure", catalog, *DATAFRAME_OPTIONS], capture_output=True)
        self.assertEqual(direct.returncode, 2, direct.stderr)
        return pyarrow.json.read_json(catalog), direct.stdout

    def run_dataframe_recipe(self, catalog, output):
        arguments = measure_dataframe.argument_parser().parse_args(
            [catalog, output, "--template", "book-hug", "--image-size", "cover_width,cover_height"])
        return measure_dataframe.measure_dataframe(
            self.spark, catalog, output, measure_dataframe.settings_of(arguments, 127, 1))

    def dataframe_output(self, output):
        """The part files' rows in name order, as cardsize writes them in JSON Lines, and how
        many part files hold rows."""
        parts = [pyarrow.parquet.read_table(part) for part in sorted(glob.glob(os.path.join(output, "part-*")))]
        data = bytearray()
        for part in parts:
            stream = io.BytesIO()
            cardsize.write_json_lines(part, stream)
            data += stream.getvalue()
        return bytes(data), sum(1 for part in parts if part.num_rows)

    def test_the_dataframe_recipe_gives_the_rows_of_a_direct_run(self):
        table, direct = self.dataframe_catalog()
        catalog = os.path.join(self.folder, "catalog.parquet")
        pyarrow.parquet.write_table(table, catalog, row_group_size=1_000)
        output = os.path.join(self.folder, "dataframe-measured")
        # Small splits: the one file is read in several partitions.
        self.spark.conf.set("spark.sql.files.maxPartitionBytes", "100k")
        try:
            records, errors = self.run_dataframe_recipe(catalog, output)
        finally:
            self.spark.conf.unset("spark.sql.files.maxPartitionBytes")
        data, parts = self.dataframe_output(output)
        self.assertGreater(parts, 1)
        self.assertEqual((records, errors), (RECORDS + 3, 2))
        self.assertEqual(data, direct)
        self.assertIn(b'{"id":null,"line":6,"field":"id","error":"empty id"}\n', data)

    def test_the_dataframe_recipe_numbers_lines_across_files_in_name_order(self):
        table, direct = self.dataframe_catalog()
        catalog = os.path.join(self.folder, "catalog-files")
        os.mkdir(catalog)
        # Files of different sizes, which Spark reads in an order of its own.
        pyarrow.parquet.write_table(table.slice(0, 4_000), os.path.join(catalog, "a.parquet"))
        pyarrow.parquet.write_table(table.slice(4_000), os.path.join(catalog, "b.parquet"))
        output = os.path.join(self.folder, "dataframe-files")
        records, errors = self.run_dataframe_recipe(catalog, output)
        data, _ = self.dataframe_output(output)
        self.assertEqual((records, errors), (RECORDS + 3, 2))
        self.assertEqual(sorted(data.splitlines()), sorted(direct.splitlines()))
        self.assertIn(b'{"id":"zero-cover","line":6801,"field":"cover_width","error":', data)

    def test_dataframe_waterfall_pages_stacked_give_the_bytes_of_one_sectioned_layout(self):
        direct = subprocess.run(
            [CARDSIZE, "layout", "waterfall", self.clean_catalog, "--section-size", str(PAGE_SIZE),
             *WATERFALL_OPTIONS], check=True, capture_output=True).stdout
        catalog = os.path.join(self.folder, "clean.parquet")
        pyarrow.parquet.write_table(pyarrow.json.read_json(self.clean_catalog), catalog, row_group_size=2_000)
        output = os.path.join(self.folder, "dataframe-pages")
        arguments = layout_dataframe_pages.argument_parser().parse_args(
            [catalog, output, "--page-size", str(PAGE_SIZE), *WATERFALL_OPTIONS])
        pages, height = layout_dataframe_pages.layout_dataframe_pages(
            self.spark, catalog, output, PAGE_SIZE, layout_dataframe_pages.layout_settings(arguments, 1))
        self.assertEqual(pages, RECORDS // PAGE_SIZE)
        data, _ = self.dataframe_output(output)
        # Each item, header and footer once, then the one content row.
        self.assertEqual(len(data.splitlines()), RECORDS + 2 * pages + 1)
        self.assertEqual(json.loads(data.splitlines()[-1])["height"], height)
        self.assertEqual(data, direct)

    def test_a_bad_option_stops_a_recipe_before_spark_starts(self):
        with self.assertRaises(SystemExit) as stop:
            cardsize_pipe.check_options(CARDSIZE, ["measure"], ["--device", "no-such-phone"],
                                        cardsize_pipe.pipe_environment())
        self.assertIn("no-such-phone", str(stop.exception))

    def test_a_bad_template_or_layout_stops_a_dataframe_recipe_before_spark_starts(self):
        broken = os.path.join(self.folder, "broken.json")
        with open(broken, "w") as file:
            file.write('{"elements": [')
        for recipe, options, named in ((measure_dataframe, ["--template", "no-such.json"], "no-such.json"),
                                       (measure_dataframe, ["--template", broken], "template"),
                                       (layout_dataframe_pages, ["--page-size", "10", "--columns", "0"], "columns")):
            with self.assertRaises(SystemExit) as stop:
                recipe.main(["catalog.parquet", "out", *options])
            self.assertIn(named, str(stop.exception))

    def test_options_a_recipe_sets_are_refused(self):
        for refused in (["--format", "csv"], ["--section-size", "10"]):
            with self.assertRaises(SystemExit):
                cardsize_pipe.parse_arguments(
                    cardsize_pipe.argument_parser("test"), ["catalog.jsonl", "out", "--cardsize", CARDSIZE, "--", *refused],
                    refused=layout_pages.REFUSED_OPTIONS)


if __name__ == "__main__":
    run = unittest.main(exit=False, verbosity=2).result
    failed = len(run.failures) + len(run.errors)
    print(f"spark: {run.testsRun - failed} passed, {failed} failed")
    sys.exit(1 if failed or not run.wasSuccessful() else 0)
