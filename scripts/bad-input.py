#!/usr/bin/env python3
"""Runs every cardsize command over a corpus of bad input and prints a table.

The corpus: damaged catalogs (stray and unclosed quotes, invalid UTF-8, NUL bytes, a title
over the engine's limit, a record over the reader's, extreme cover sizes, invalid JSON
Lines), options at the edge of their ranges, outputs that cannot be written or that are the
input, damaged fonts, templates and section files, and the inputs the fuzzers kept
(.build-fuzz/corpus, when scripts/fuzz.sh has run). Each run is a child process with a
60-second limit; the table gives its exit status, whether it crashed (killed by a signal) or
hung, the records in and out where a catalog is read, and its peak memory. The goal:
0 crashes, 0 hangs, records out = records in, bounded memory.

    scripts/bad-input.py [--markdown] [--fuzz-inputs N]
"""
import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CARDSIZE = os.path.join(ROOT, ".build", "release", "cardsize")
TIMEOUT = 60


def catalog_lines(count):
    """The first `count` records of the bundled goodbooks catalog, one line each."""
    with open(os.path.join(ROOT, "Catalogs", "goodbooks-10k.csv"), encoding="utf-8") as f:
        lines = f.read().split("\n")
    header, rows = lines[0], [r for r in lines[1 : count * 2] if r and r.count('"') == 0][:count]
    return header, rows


def write(folder, name, data):
    path = os.path.join(folder, name)
    with open(path, "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode("utf-8"))
    return path


def make_corpus(folder):
    """(name, file, records in) for each damaged catalog."""
    header, rows = catalog_lines(200)
    count = len(rows)
    out = []

    def csv(name, body_rows):
        out.append((name, write(folder, name, "\n".join([header] + body_rows) + "\n"), len(body_rows)))

    csv("good.csv", rows)
    csv("stray-quotes.csv", [r.replace(",", ',x"y', 1) if i % 40 == 3 else r for i, r in enumerate(rows)])
    csv("text-after-quote.csv", [r.replace(",", ',"x"y', 1) if i % 40 == 5 else r for i, r in enumerate(rows)])
    # An opening quote never closed: reading resumes on the line after it.
    csv("unclosed-quote.csv", [r.replace(",", ',"', 1) if i == 50 else r for i, r in enumerate(rows)])
    out.append(("crlf-bom.csv", write(folder, "crlf-bom.csv", "\ufeff" + "\r\n".join([header] + rows) + "\r\n"), len(rows)))
    csv("empty-ids.csv", ["," + r.split(",", 1)[1] if i % 10 == 0 else r for i, r in enumerate(rows)])
    csv("long-title.csv", [r if i != 7 else r.replace(",", "," + "word " * 60_000, 1) for i, r in enumerate(rows)])
    csv("over-reader-limit.csv", [r if i != 9 else r.replace(",", "," + "x" * (1 << 21), 1) for i, r in enumerate(rows)])
    csv("huge-numbers-in-ids.csv", [("12345678901234567890123" if i == 0 else "-0" if i == 1 else str(i)) + "," + r.split(",", 1)[1] for i, r in enumerate(rows)])
    out.append(("invalid-utf8.csv", write(folder, "invalid-utf8.csv",
        ("\n".join([header] + rows) + "\n").encode().replace(b"The ", b"Th\xff\xfe ", 20)), count))
    out.append(("nul-bytes.csv", write(folder, "nul-bytes.csv",
        (header + "\n").encode() + ("\n".join(rows) + "\n").encode().replace(b"a", b"a\x00", 50)), count))
    covers = ["1e300,1", "inf,140", "nan,140", "-1,140", "0,0", "abc,140", "98,1e-300", "1,1e300", "", "98,140", "0x10,140"]
    out.append(("extreme-covers.csv", write(folder, "extreme-covers.csv",
        "id,title,author,w,h\n" + "".join(f'{i},"Title {i}",A,{c if c else ","}\n' for i, c in enumerate(covers))), len(covers)))
    out.append(("empty.csv", write(folder, "empty.csv", b""), 0))
    out.append(("header-only.csv", write(folder, "header-only.csv", header + "\n"), 0))
    out.append(("no-title-column.csv", write(folder, "no-title-column.csv", "id,name\n1,x\n"), 0))
    jsonl = [
        '{"id":"1","title":"ok","author":"a"}', '{"id":"2","title":"trailing","author":"a",}', '{"id":01,"title":"x","author":"a"}',
        '-', '{"id":"4","title":"\\ud800","author":"a"}', '{"id":1e999,"title":"x","author":"a"}', "[" * 10000 + "]" * 10000,
        '{"id":"8","title":"x","author":"a","id":"9"}', '{"id":"10","title":"x"}', "\xff\xfe", '{"id":true,"title":"x","author":"a"}',
    ]
    out.append(("bad-lines.jsonl", write(folder, "bad-lines.jsonl", "\n".join(jsonl) + "\n"), len(jsonl)))
    return out


def damaged_fonts(folder):
    fonts = os.path.join(ROOT, "Fonts")
    made = []
    for name in ["DejaVuSans.ttf", "Symbola_hint.ttf", "NotoSansCJK-Regular.ttc"]:
        with open(os.path.join(fonts, name), "rb") as f:
            data = f.read()
        for fraction in [0.1, 0.5, 0.9]:
            made.append(write(folder, f"cut-{int(fraction * 100)}-{name}", data[: int(len(data) * fraction)]))
    made.append(write(folder, "not-a-font.ttf", b"hello"))
    made.append(write(folder, "zero-bytes.ttf", b""))
    return made


def cases(folder, fuzz_inputs):
    """(label, argv, records in or None, how stdout and stderr are set up)."""
    corpus = make_corpus(folder)
    good, good_count = corpus[0][1], corpus[0][2]
    listed = []
    for name, path, count in corpus:
        for command in [["measure"], ["layout", "grid"], ["layout", "tag-flow"], ["layout", "waterfall"], ["layout", "compositional"],
                        ["layout", "compositional", "--preset", "cards"], ["text", "--catalog"]]:
            listed.append((f"{' '.join(command)} {name}", command + [path], count, "file", f"{name}, through 7 catalog commands"))
        listed.append((f"measure {name} --image-size w,h", ["measure", path, "--image-size", "w,h"], count, "file")) if name == "extreme-covers.csv" else None
        listed.append((f"waterfall {name} --cht-compatible", ["layout", "waterfall", path, "--image-size", "w,h", "--cht-compatible"], count, "file")) if name == "extreme-covers.csv" else None
        listed.append((f"render {name}", ["render", "--layout", "grid", "-o", os.path.join(folder, "page.png"), path], None, "none"))
    for flags in [["--width", "1e19"], ["--width", "inf"], ["--width", "nan"], ["--width", "-5"], ["--width", "0"], ["--scale", "1e308"],
                  ["--scale", "0"], ["--threads", "0"], ["--threads", "100000"], ["--columns", "0"], ["--columns", "1000000000"],
                  ["--min-cell-width", "1e308"], ["--column-gap", "1e308"], ["--inset", "-1e308"], ["--width", "0x10"],
                  ["--scale", "1e-300"], ["--insets", "0x8,8,8,8"]]:
        listed.append(("measure good.csv " + " ".join(flags), ["measure", good] + flags, good_count, "file"))
    for command, flags in [("grid", ["--row-gap", "1e308"]), ("grid", ["--header-height", "1e308"]), ("grid", ["--section-size", "0"]),
                           ("waterfall", ["--row-gap", "1e308"]), ("waterfall", ["--header-height", "1e308"]),
                           ("waterfall", ["--min-content-height", "1e300"]), ("waterfall", ["--columns", "0"]), ("tag-flow", ["--max-tag-width", "1e308"]),
                           ("tag-flow", ["--font-size", "1e308"]), ("compositional", ["--width", "1e308"]), ("compositional", ["--height", "-1"])]:
        listed.append((f"layout {command} good.csv " + " ".join(flags), ["layout", command, good] + flags, good_count, "file"))
    for flags in [["--width", "1e19"], ["--size", "1e308"], ["--max-lines", "-1"], ["--reserve-lines", "1000000000"],
                  ["--line-spacing", "inf"], ["--scale", "nan"], ["--language", "x" * 10000], ["--system-font", "NoSuchFamily"],
                  ["--width", "0x10"]]:
        listed.append(("text hello " + " ".join(flags), ["text", "hello", "--json"] + flags, None, "none"))
    for font in damaged_fonts(folder):
        listed.append((f"text --font {os.path.basename(font)}", ["text", "漢字 and text", "--font", font], None, "none"))
    templates = ['{"elements": [', '{"elements": [{"type": "label", "text": "title", "maxLines": 2.5}]}',
                 '{"elements": [{"type": "spacer", "height": 1e308}, {"type": "spacer", "height": 1e308}]}',
                 '{"insets": {"top": -1e308}, "elements": []}', '{"elements": [{"type": "image", "aspectRatio": 0}]}', "[]"]
    for i, template in enumerate(templates):
        path = write(folder, f"template-{i}.json", template)
        listed.append((f"measure --template template-{i}.json", ["measure", good, "--template", path], good_count, "file"))
    for i, sections in enumerate(['[{"columnCount": 0}]', '[5]', '[{"spacing": 8}]', '[{"minimumLineSpacing": 1e308}]',
                                  '[{"sectionInset": {"top": 1e308, "left": 0, "bottom": 0, "right": 0}}]', "{", "[" * 5000]):
        path = write(folder, f"sections-{i}.json", sections)
        listed.append((f"layout grid --sections sections-{i}.json", ["layout", "grid", good, "--section-size", "50", "--sections", path], good_count, "file"))
    # Outputs that cannot be written, or that would destroy the input.
    listed.append(("measure -o /dev/full", ["measure", good, "-o", "/dev/full"], None, "none"))
    listed.append(("text --catalog -o /dev/full", ["text", "--catalog", good, "-o", "/dev/full"], None, "none"))
    listed.append(("render -o /dev/full", ["render", "--layout", "grid", "--format", "png", "-o", "/dev/full", good], None, "none"))
    listed.append(("fonts --json > /dev/full", ["fonts", "--json"], None, "full"))
    requests = write(folder, "requests.jsonl", '{"id":1,"text":"The Hunger Games","size":15,"width":120}\n' * 3)
    listed.append(("text --jsonl < requests >&-", ["text", "--jsonl"], None, ("stdin-closed-stdout", requests)))
    listed.append(("text hello --json >&-", ["text", "hello", "--json"], None, "closed-stdout"))
    listed.append(("measure 2>&- >/dev/null", ["measure", good], None, "closed-stderr"))
    listed.append(("measure -o good.csv (the input)", ["measure", good, "-o", good], None, "none"))
    listed.append(("measure -o missing/dir/x.jsonl", ["measure", good, "-o", os.path.join(folder, "missing", "x.jsonl")], None, "none"))
    # The inputs the fuzzers kept, as catalogs and as text requests.
    for target, suffix, command in [("csv-catalog", ".csv", ["measure"]), ("jsonl-catalog", ".jsonl", ["measure"])]:
        kept = os.path.join(ROOT, ".build-fuzz", "corpus", target)
        names = sorted(os.listdir(kept))[:fuzz_inputs] if os.path.isdir(kept) else []
        for name in names:
            path = shutil.copy(os.path.join(kept, name), os.path.join(folder, name + suffix))
            listed.append((f"{' '.join(command)} fuzz:{target}/{name[:10]}", command + [path], None, "file",
                           f"{len(names)} inputs the {target} fuzzer kept, through measure"))
    kept_requests = os.path.join(ROOT, ".build-fuzz", "corpus", "text-request")
    if os.path.isdir(kept_requests):
        lines = []
        for name in sorted(os.listdir(kept_requests)):
            with open(os.path.join(kept_requests, name), "rb") as f:
                lines.append(f.read().split(b"\n")[0])
        path = write(folder, "fuzz-requests.jsonl", b"\n".join(lines) + b"\n")
        listed.append((f"text --jsonl fuzz:text-request ({len(lines)} lines)", ["text", "--jsonl"], len(lines), ("stdin", path)))
    return listed


def run(argv, setup, folder):
    """Runs one case; returns its exit status, whether it hung, records out, the last line
    it wrote to stderr and its own peak memory in KiB."""
    out_path, err_path = os.path.join(folder, "out.txt"), os.path.join(folder, "err.txt")
    for path in (out_path, err_path):
        if os.path.exists(path):
            os.remove(path)
    stdin = open(setup[1], "rb") if isinstance(setup, tuple) else subprocess.DEVNULL
    captures = setup == "file" or (isinstance(setup, tuple) and setup[0] == "stdin")
    stdout = open(out_path, "wb") if captures else open("/dev/full", "wb") if setup == "full" else subprocess.DEVNULL
    stderr = open(err_path, "wb")
    kind = setup[0] if isinstance(setup, tuple) else setup
    closing = {"closed-stdout": 1, "stdin-closed-stdout": 1, "closed-stderr": 2}.get(kind)
    process = subprocess.Popen([CARDSIZE] + argv, stdin=stdin, stdout=stdout, stderr=stderr, cwd=ROOT,
                               preexec_fn=(lambda: os.close(closing)) if closing else None)
    timer = threading.Timer(TIMEOUT, process.kill)
    timer.start()
    # wait4 gives this child's own usage, so each run's peak memory is its own.
    _, wait_status, usage = os.wait4(process.pid, 0)
    hung = not timer.is_alive()
    timer.cancel()
    status = os.waitstatus_to_exitcode(wait_status)
    for handle in (stdin, stdout, stderr):
        if handle is not subprocess.DEVNULL:
            handle.close()
    records_out = None
    if captures:
        with open(out_path, "rb") as f:
            lines = f.read().split(b"\n")
        # Catalog outputs: item and error records (a layout also writes its content frame).
        records_out = sum(1 for line in lines if line and (b'"kind":"item"' in line or b'"error"' in line or b'"kind"' not in line))
    with open(err_path, "rb") as f:
        said_lines = f.read().decode("utf-8", "replace").strip().split("\n")
    # The error when there is one, else the summary's last line.
    said = next((line for line in said_lines if line.startswith("Error:")), said_lines[-1]).replace(folder + "/", "")
    return status, hung, records_out, said, usage.ru_maxrss


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--markdown", action="store_true", help="print the table as Markdown, for docs/reliability.md")
    parser.add_argument("--fuzz-inputs", type=int, default=40, help="inputs taken from each fuzz corpus (default 40)")
    parser.add_argument("--cases", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.cases is None:
        subprocess.run(["scripts/build-release.sh", "cardsize"], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL)
        folder = tempfile.mkdtemp(prefix="cardsize-bad-input-")
        listed = os.path.join(folder, "cases.json")
        with open(listed, "w") as f:
            json.dump(cases(folder, args.fuzz_inputs), f)
        # A child's peak memory counts its parent's at the fork: the runs start from a fresh
        # interpreter, not from this one, which built the corpus in memory.
        os.execv(sys.executable, [sys.executable, __file__, "--cases", listed] + (["--markdown"] if args.markdown else []))
    folder = os.path.dirname(args.cases)
    with open(args.cases) as f:
        listed = json.load(f)
    rows = []
    try:
        for label, argv, records_in, setup, *group in listed:
            status, hung, records_out, message, peak = run(argv, setup if isinstance(setup, str) else tuple(setup), folder)
            crashed = status < 0 and not hung
            rows.append((label, status, crashed, hung, records_in, records_out, peak, message, group[0] if group else label))
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    report(rows, args.markdown)


def report(rows, markdown):
    crashes = sum(r[2] for r in rows)
    hangs = sum(r[3] for r in rows)
    mismatched = [r for r in rows if r[4] is not None and r[5] is not None and r[4] != r[5] and r[1] in (0, 2)]
    peak = max(r[6] for r in rows) / 1024
    heaviest = max(rows, key=lambda r: r[6])[0]
    if markdown:
        # One row per input: a damaged catalog's seven commands, or a fuzz corpus, together.
        groups = {}
        for row in rows:
            groups.setdefault(row[8], []).append(row)
        print("| input | runs | exit | crashes | hangs | records in → out | peak MB | what it said |")
        print("|---|--:|---|--:|--:|---|--:|---|")
        for group, members in groups.items():
            exits = ", ".join(str(e) for e in sorted({m[1] for m in members}))
            flows = {(m[4], m[5]) for m in members if m[4] is not None and m[5] is not None}
            flow = ", ".join(f"{i} → {o}" for i, o in sorted(flows))
            said = members[0][7].replace("|", "\\|")[:80] if len(members) == 1 else ""
            print(f"| {group[:70]} | {len(members)} | {exits} | {sum(m[2] for m in members)} | {sum(m[3] for m in members)} "
                  f"| {flow} | {max(m[6] for m in members) // 1024} | {said} |")
        print()
    else:
        print(f"{'input':<62} {'exit':>5} {'in':>5} {'out':>5} {'MB':>5}  message")
        for label, status, crashed, hung, rin, rout, peak_kib, message, _ in rows:
            flag = "CRASH" if crashed else "HANG" if hung else ""
            print(f"{label[:62]:<62} {status:>5} {'' if rin is None else rin:>5} {'' if rout is None else rout:>5} {peak_kib // 1024:>5}  {flag} {message[:70]}")
    print(f"{len(rows)} runs: {crashes} crashes, {hangs} hangs, {len(mismatched)} with records out ≠ records in, "
          f"largest peak memory {peak:.0f} MB ({heaviest})")
    for r in mismatched:
        print(f"  records lost or added: {r[0]}: {r[4]} in, {r[5]} out")
    sys.exit(1 if crashes or hangs or mismatched else 0)


if __name__ == "__main__":
    main()
