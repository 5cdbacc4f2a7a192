#!/usr/bin/env python3
"""Measures side by side, on the same generated records, in one run on one machine:

- the DataFrame recipe (measure_dataframe.py, Parquet in and out, mapInArrow) against the
  RDD.pipe recipe (measure_catalog.py, JSON Lines through one cardsize per partition), both
  on Spark in local mode;
- cardsize.measure_parquet (Parquet in and out) against `cardsize measure` on the records
  as CSV (CSV out).

    scripts/spark/benchmark_dataframe.py [--records N ...] [--master local[2]] [--partitions 8]

For each: wall time, records per second, and CPU time (user + system of the process and
all its descendants, the JVM and Spark's Python workers among them, sampled from /proc). The release builds of
cardsize and libcardsize that scripts/install.sh (and so the wheel) ships are made first,
in its scratch folder .build-static (or --scratch-path); PySpark, pyarrow and pandas must be installed
(scripts/spark/test_spark.sh installs them). See
docs/large-catalogs.md for the numbers and how they were taken.
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

SPARK = os.path.dirname(os.path.abspath(__file__))
REPOSITORY = os.path.dirname(os.path.dirname(SPARK))
# scripts/install.sh's release build: the Swift runtime linked into the program and the library.
BUILD = ["swift", "build", "-c", "release", "-Xswiftc", "-static-stdlib"]
PACKAGE = os.path.join(REPOSITORY, "bindings", "python")

MEASURE_PARQUET = """
import sys, cardsize
measured = cardsize.measure_parquet(sys.argv[1], sys.argv[2])
print(f"measure_parquet: {measured.records} records, {measured.errors} errors", file=sys.stderr)
"""


def timed(command, environment):
    """Runs `command`; its wall time and the CPU time of it and its descendants."""
    started = time.perf_counter()
    process = subprocess.Popen(command, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    cpu = 0.0
    while process.poll() is None:
        cpu = max(cpu, tree_cpu(process.pid))
        time.sleep(0.1)
    wall = time.perf_counter() - started
    errors = process.stderr.read()
    if process.returncode not in (0, 2):
        sys.exit(f"{' '.join(command)} failed ({process.returncode}):\n{errors.decode(errors='replace')}")
    return wall, cpu


def tree_cpu(root):
    """The CPU seconds of `root` and its live descendants so far, with those of the
    descendants they have reaped: a sample, taken while `root` runs (a process reparented
    away, or ending between samples, is missed)."""
    parents, times = {}, {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat") as file:
                # The fields after the command's closing parenthesis: state, ppid, ... utime,
                # stime, cutime, cstime (fields 14 to 17).
                fields = file.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents[int(name)] = int(fields[1])
        times[int(name)] = sum(int(value) for value in fields[11:15])
    tree, frontier = set(), {root}
    while frontier:
        tree |= frontier
        frontier = {pid for pid, parent in parents.items() if parent in frontier and pid not in tree}
    return sum(times.get(pid, 0) for pid in tree) / os.sysconf("SC_CLK_TCK")


def catalogs(cardsize, folder, records):
    """The same generated records as CSV, JSON Lines and Parquet (in row groups of 100,000,
    so that Spark can read a file in as many partitions as it has cores)."""
    paths = {kind: os.path.join(folder, f"catalog.{kind}") for kind in ("csv", "jsonl", "parquet")}
    for kind in ("csv", "jsonl"):
        subprocess.run([cardsize, "generate", "--records", str(records), "--mode", "realistic", "-o", paths[kind]],
                       check=True, capture_output=True)
    import pyarrow.json
    import pyarrow.parquet
    pyarrow.parquet.write_table(pyarrow.json.read_json(paths["jsonl"]), paths["parquet"], row_group_size=100_000)
    return paths


def line(name, records, wall, cpu):
    print(f"  {name:<34} {wall:8.2f} s {records / wall:12,.0f} records/s {cpu:8.2f} s CPU", flush=True)
    return wall


def benchmark(cardsize, records, master, partitions, folder, environment):
    paths = catalogs(cardsize, folder, records)
    print(f"{records:,} records (realistic), Spark {master}, pipe recipe in {partitions} partitions", flush=True)
    output = os.path.join(folder, "out")

    def fresh(name):
        path = f"{output}-{name}"
        shutil.rmtree(path, ignore_errors=True)
        if os.path.exists(path):
            os.remove(path)
        return path

    cli = line("cardsize measure (CSV)", records, *timed(
        [cardsize, "measure", paths["csv"], "-o", fresh("cli.csv")], environment))
    parquet = line("measure_parquet (Parquet)", records, *timed(
        [sys.executable, "-c", MEASURE_PARQUET, paths["parquet"], fresh("package.parquet")], environment))
    pipe = line("RDD.pipe recipe (JSON Lines)", records, *timed(
        [sys.executable, os.path.join(SPARK, "measure_catalog.py"), paths["jsonl"], fresh("pipe"), "--master", master,
         "--partitions", str(partitions), "--cardsize", cardsize], environment))
    dataframe = line("DataFrame recipe (Parquet)", records, *timed(
        [sys.executable, os.path.join(SPARK, "measure_dataframe.py"), paths["parquet"], fresh("dataframe"),
         "--master", master], environment))
    print(f"  DataFrame recipe: {pipe / dataframe:.1f}x the pipe recipe's throughput, {dataframe / cli:.1f}x the "
          f"CLI's time; measure_parquet: {parquet / cli:.2f}x the CLI's time", flush=True)


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--records", type=int, nargs="+", default=[1_000_000], help="catalog sizes (default: 1000000)")
    parser.add_argument("--master", default="local[2]", help="Spark's master (default: local[2])")
    parser.add_argument("--partitions", type=int, default=8, help="the pipe recipe's partitions (default: 8)")
    parser.add_argument("--folder", help="where the catalogs and outputs go (default: a temporary folder)")
    parser.add_argument("--scratch-path", default=".build-static",
                        help="the release build's folder, from the repository (default: .build-static, install.sh's)")
    arguments = parser.parse_args(argv)
    for product in ("cardsize", "cardsize-c"):
        subprocess.run([*BUILD, "--scratch-path", arguments.scratch_path, "--product", product], cwd=REPOSITORY,
                       check=True)
    release = os.path.join(REPOSITORY, arguments.scratch_path, "release")
    cardsize = os.path.join(release, "cardsize")
    environment = dict(os.environ, CARDSIZE_LIBRARY=os.path.join(release, "libcardsize-c.so"),
                       PYTHONPATH=os.pathsep.join(filter(None, [PACKAGE, os.environ.get("PYTHONPATH")])))
    folder = arguments.folder or tempfile.mkdtemp(prefix="cardsize-benchmark-")
    try:
        for records in arguments.records:
            benchmark(cardsize, records, arguments.master, arguments.partitions, folder, environment)
    finally:
        if not arguments.folder:
            shutil.rmtree(folder)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
