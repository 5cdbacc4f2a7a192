#!/usr/bin/env python3
"""The Spark recipe (measure_catalog.py) against a direct `cardsize measure` run.

A realistic generated catalog of 20,000 records, with a blank line, a record without an
author deep inside (so that it falls in a later partition) and a line that is not JSON at
the end, is measured on Spark in local mode with 1 and with 4 partitions: both outputs must
be the bytes of one direct run, records out = records in, error records in place with the
catalog's own line numbers. Uses the cardsize built by scripts/test.sh (or $CARDSIZE).
"""

import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import measure_catalog as recipe  # noqa: E402
from pyspark import cloudpickle  # noqa: E402

# Spark's Python workers cannot import the recipe by name: ship its functions by value.
cloudpickle.register_pickle_by_value(recipe)

REPOSITORY = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CARDSIZE = os.environ.get("CARDSIZE", os.path.join(REPOSITORY, ".build", "debug", "cardsize"))
RECORDS = 20_000
# book-hug: card heights follow the titles, so a misplaced result changes the bytes.
OPTIONS = ["--template", "book-hug"]
NO_AUTHOR = b'{"id": "no-author", "title": "A title without an author"}\n'
NOT_JSON = b"not json\n"


class MeasureCatalogTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.mkdtemp(prefix="cardsize-spark-")
        generated = subprocess.run(
            [CARDSIZE, "generate", "--records", str(RECORDS), "--mode", "realistic", "--format", "jsonl", "-o", "-"],
            check=True, capture_output=True).stdout
        lines = generated.splitlines(keepends=True)
        lines.insert(12_345, NO_AUTHOR)
        lines.insert(3, b"\n")
        lines.append(NOT_JSON)
        cls.lines = lines
        cls.catalog = os.path.join(cls.folder, "catalog.jsonl")
        with open(cls.catalog, "wb") as file:
            file.writelines(lines)
        direct = subprocess.run([CARDSIZE, "measure", cls.catalog, *OPTIONS], capture_output=True)
        assert direct.returncode == 2, direct.stderr  # two records fail
        cls.direct = direct.stdout
        cls.spark = recipe.spark_session("local[2]")

    @classmethod
    def tearDownClass(cls):
        cls.spark.stop()
        shutil.rmtree(cls.folder)

    def measure(self, partitions):
        """The recipe's line, record and error counts and its part files concatenated."""
        output = os.path.join(self.folder, f"measured-{partitions}")
        counts = recipe.measure_catalog(
            self.spark, self.catalog, output, partitions, recipe.pipe_command(CARDSIZE, OPTIONS),
            recipe.pipe_environment())
        parts = sorted(glob.glob(os.path.join(output, "part-*")))
        self.assertEqual(len(parts), partitions)
        data = bytearray()
        for part in parts:
            with open(part, "rb") as file:
                data += file.read()
        return counts, bytes(data)

    def check(self, partitions):
        (lines, records, errors), data = self.measure(partitions)
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

    def test_one_partition_gives_the_bytes_of_a_direct_run(self):
        self.check(1)

    def test_four_partitions_give_the_bytes_of_a_direct_run(self):
        self.check(4)

    def test_a_bad_option_stops_the_recipe_before_spark_starts(self):
        with self.assertRaises(SystemExit) as stop:
            recipe.check_options(CARDSIZE, ["--device", "no-such-phone"], recipe.pipe_environment())
        self.assertIn("no-such-phone", str(stop.exception))

    def test_options_the_recipe_sets_are_refused(self):
        with self.assertRaises(SystemExit):
            recipe.parse_arguments(["catalog.jsonl", "out", "--cardsize", CARDSIZE, "--", "--format", "csv"])


if __name__ == "__main__":
    run = unittest.main(exit=False, verbosity=2).result
    failed = len(run.failures) + len(run.errors)
    print(f"spark: {run.testsRun - failed} passed, {failed} failed")
    sys.exit(1 if failed or not run.wasSuccessful() else 0)
