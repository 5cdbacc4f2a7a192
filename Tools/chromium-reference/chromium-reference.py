#!/usr/bin/env python3
"""What headless Chromium lays out for text in a <div>: line starts, line widths, block height.

Reads JSON Lines requests on stdin and writes one result line per request, in the same order,
on stdout (see README.md for the schema and for how each value is read from Chromium). One
headless Chromium (Debian's `chromium`) runs for the whole input and is driven over the
DevTools protocol on a pipe; requests are laid out in batches of --batch divs on one page.

    Tools/chromium-reference/chromium-reference.py [--batch N] [--time] [--chromium PATH] \\
        < requests.jsonl > results.jsonl
"""
import argparse
import json
import math
import os
import re
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# The CSS properties a request may set: field name -> (CSS property, accepted values), a
# pattern for the free-form ones. A field left out is the property's initial value.
KEYWORDS = {
    "white_space": ("white-space", {"normal", "pre-wrap", "pre-line", "nowrap"}),
    "word_break": ("word-break", {"normal", "break-all", "keep-all"}),
    "overflow_wrap": ("overflow-wrap", {"normal", "anywhere", "break-word"}),
    "line_break": ("line-break", {"auto", "loose", "normal", "strict", "anywhere"}),
}
NUMBER = r"(?:\d+(?:\.\d*)?|\.\d+)"
LINE_HEIGHT = re.compile(rf"normal|{NUMBER}(?:px)?")
LETTER_SPACING = re.compile(rf"normal|-?{NUMBER}px")
LANG = re.compile(r"[A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*")

# The measuring page's script: cardsizeLayout(faces, requests) adds the new @font-face rules,
# waits until their fonts have loaded, lays every request out in a div of its own and reads
# the lines back (README.md, "How each value is read").
PAGE_SCRIPT = r"""
const ellipsisWidths = new Map();

function faceStatus(family) {
  for (const face of document.fonts)
    if (face.family.replace(/^["']|["']$/g, '') === family) return face.status;
  return 'missing';
}

// The width Blink gives "…" in the request's font, size, letter spacing and language.
function ellipsisWidth(rq) {
  const key = JSON.stringify([rq.families, rq.size, rq.letterSpacing, rq.lang]);
  if (!ellipsisWidths.has(key)) {
    const probe = document.createElement('div');
    probe.lang = rq.lang;
    probe.style.cssText = rq.fontCSS + 'position:absolute;left:0;top:0;width:max-content;white-space:pre';
    probe.textContent = '\u2026';
    document.body.appendChild(probe);
    ellipsisWidths.set(key, probe.getBoundingClientRect().width);
    probe.remove();
  }
  return ellipsisWidths.get(key);
}

// White space that CSS collapses (spaces and tabs, and segment breaks where white-space does
// not keep them), and the white space that hangs at the end of a line: those, the kept segment
// breaks and the other space separators (U+1680, U+2000-U+200A, U+205F, U+3000).
function isCollapsible(c, keepsNewlines) {
  return c === 0x20 || c === 0x09 || (!keepsNewlines && (c === 0x0a || c === 0x0d));
}
function hangs(c) {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d || c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) || c === 0x205f || c === 0x3000;
}

// The div's lines, from the client rects of each code point of its text: a line begins at a
// code point whose rects reach below the line before (a collapsed or hanging break space,
// which has only empty rects, says nothing). Each line: start (code points), from (UTF-16),
// end (UTF-16 end of its last code point that does not hang), top, left (the leftmost rect on
// the line, relative to the div), units ([from, to, hangs] of its code points).
function scanLines(div, rq, range) {
  const text = rq.text, node = div.firstChild, lines = [];
  const keepsNewlines = rq.whiteSpace === 'pre-wrap' || rq.whiteSpace === 'pre-line';
  const origin = div.getBoundingClientRect().left;
  let line = null;
  for (let i = 0, cp = 0; node && i < text.length; cp++) {
    const c = text.codePointAt(i), n = c > 0xffff ? 2 : 1;
    range.setStart(node, i);
    range.setEnd(node, i + n);
    const rects = range.getClientRects();
    let top = -Infinity, width = 0;
    for (const r of rects) { top = Math.max(top, r.top); width = Math.max(width, r.width); }
    if (rects.length && !(isCollapsible(c, keepsNewlines) && width === 0)) {
      if (!line || top > line.top) {
        const from = lines.length ? i : 0;
        line = {start: lines.length ? cp : 0, from, end: from, top, left: Infinity, units: []};
        lines.push(line);
      }
      for (const r of rects) if (r.top === line.top) line.left = Math.min(line.left, r.left - origin);
      line.units.push([i, i + n, hangs(c)]);
      if (!hangs(c)) line.end = i + n;
    }
    i += n;
  }
  return lines;
}

function readLayout(div, twin, rq) {
  const text = rq.text, node = div.firstChild, range = document.createRange();
  const box = div.getBoundingClientRect();
  const lines = scanLines(div, rq, range);
  const aligned = scanLines(twin, rq, range);
  const sameLines = aligned.length === lines.length && aligned.every((l, k) => l.start === lines[k].start);
  const rangeWidth = (from, to) => {
    if (to <= from) return 0;
    range.setStart(node, from);
    range.setEnd(node, to);
    return range.getBoundingClientRect().width;
  };
  // A line's width: how far the right-aligned twin moved it (the available width less the
  // line's width as Blink aligns it, in LayoutUnit); where the twin cannot tell (a line as
  // wide as the div or wider stays at the start edge), the width of a Range over the line's
  // code points up to its last one that does not hang (Blink rounds a Range's ends outwards to
  // 1/64 px, so a line that fits exactly is the div's width).
  // Preserved spaces at a line's end hang at the start edge but not in the right-aligned
  // twin (Blink's LineInfo::ShouldHangTrailingSpaces), which would count them: such a line's
  // width is its Range's.
  const endsInHangingSpaces = k => rq.whiteSpace === 'pre-wrap' && lines[k].units.length > 0
    && lines[k].units[lines[k].units.length - 1][2];
  const widthOf = k => {
    const measured = rangeWidth(lines[k].from, lines[k].end);
    if (!sameLines || endsInHangingSpaces(k)) return measured;
    const left = aligned[k].left;
    if (left > 0 && left !== Infinity) return box.width - left;
    if (left === Infinity) return 0;
    return measured <= box.width + 1 / 64 ? box.width : measured;
  };
  const clamp = rq.lineClamp > 0 ? rq.lineClamp : Infinity;
  const shown = lines.slice(0, clamp);
  const result = {
    lines: shown.length,
    starts: shown.map(l => l.start),
    widths: shown.map((l, k) => widthOf(k)),
    height: box.height,
    truncated: lines.length > clamp,
  };
  if (result.truncated) {
    // The clamped line keeps the code points Blink copied into its truncated fragment (two
    // rects on the line), then "…"; without such a copy the whole line stayed, or none.
    const last = shown[shown.length - 1];
    let visibleEnd = null;
    for (const [from, to, hanging] of last.units) {
      if (hanging) continue;
      range.setStart(node, from);
      range.setEnd(node, to);
      if ([...range.getClientRects()].filter(r => r.top === last.top).length >= 2) visibleEnd = to;
    }
    const ellipsis = ellipsisWidth(rq);
    const lastWidth = result.widths[shown.length - 1];
    if (visibleEnd === null) visibleEnd = lastWidth + ellipsis <= box.width ? last.end : last.from;
    result.widths[shown.length - 1] =
      (visibleEnd === last.end ? lastWidth : rangeWidth(last.from, visibleEnd)) + ellipsis;
    result.ellipsis_at = [...text.slice(0, visibleEnd)].length;
  }
  return result;
}

window.cardsizeLayout = async (faces, requests) => {
  const style = document.getElementById('faces');
  for (const [family, url] of faces)
    style.textContent += `@font-face { font-family: "${family}"; src: url("${url}"); }\n`;
  // @font-face fonts load only when used; load each new one now and wait for all.
  await Promise.all(faces.map(([family]) => document.fonts.load(`16px "${family}"`).catch(() => null)));
  await document.fonts.ready;
  const divs = requests.map(rq => {
    const failed = rq.families.filter(f => faceStatus(f) !== 'loaded');
    if (failed.length) return {error: `fonts: Chromium could not load ${failed.map(f => rq.paths[f]).join(', ')}`};
    // Each div in a box of its own at the page's origin: coordinates stay small, so that
    // Blink's single-precision rects keep every 1/64 px.
    const box = document.createElement('div');
    box.style.cssText = 'position:absolute;left:0;top:0';
    const div = document.createElement('div');
    div.lang = rq.lang;
    div.style.cssText = rq.css;
    div.textContent = rq.text;
    // Its twin, aligned right, tells each line's width.
    const twin = div.cloneNode(true);
    twin.style.textAlign = 'right';
    box.append(div, twin);
    document.body.appendChild(box);
    return {box, div, twin};
  });
  await document.fonts.ready;
  const results = divs.map((d, k) => {
    if (d.error) return d;
    try { return readLayout(d.div, d.twin, requests[k]); } catch (e) { return {error: `chromium: ${e}`}; }
  });
  for (const d of divs) if (d.box) d.box.remove();
  return results;
};
"""

PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><style id="faces"></style></head>
<body style="margin:0"></body></html>
"""


class RequestError(Exception):
    pass


class BrowserGone(Exception):
    pass


class Browser:
    """A headless Chromium driven over --remote-debugging-pipe (fd 3 in, fd 4 out), with one
    page open on an empty file:// document that has the measuring script."""

    def __init__(self, executable, timeout):
        self.timeout = timeout
        self.dir = tempfile.mkdtemp(prefix="chromium-reference-")
        page = Path(self.dir) / "page.html"
        page.write_text(PAGE)
        to_chrome_r, to_chrome_w = os.pipe()
        from_chrome_r, from_chrome_w = os.pipe()

        def pipes_at_3_and_4():
            a, b = os.dup(to_chrome_r), os.dup(from_chrome_w)
            os.dup2(a, 3)
            os.dup2(b, 4)

        self.process = subprocess.Popen(
            [executable, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
             "--disable-extensions", "--disable-background-networking", "--remote-debugging-pipe",
             f"--user-data-dir={self.dir}/profile", "about:blank"],
            pass_fds=(3, 4), preexec_fn=pipes_at_3_and_4, stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        self.to_chrome = to_chrome_w
        self.from_chrome = from_chrome_r
        self.buffer = b""
        self.next_id = 0
        self.page_id = None
        self.families = {}  # absolute font path -> family name
        target = self.call("Target.createTarget", {"url": page.as_uri()})["targetId"]
        self.page_id = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        deadline = time.monotonic() + timeout
        while self.evaluate("document.readyState === 'complete' && !!document.getElementById('faces')") is not True:
            if time.monotonic() > deadline:
                raise BrowserGone("the measuring page did not load")
            time.sleep(0.02)
        self.evaluate(PAGE_SCRIPT + ";true")

    def call(self, method, params):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params}
        if self.page_id:
            message["sessionId"] = self.page_id
        data = json.dumps(message).encode() + b"\0"
        try:
            while data:
                data = data[os.write(self.to_chrome, data):]
        except OSError as error:
            raise BrowserGone(f"writing to Chromium: {error}") from None
        deadline = time.monotonic() + self.timeout
        while True:
            while b"\0" not in self.buffer:
                left = deadline - time.monotonic()
                if left <= 0 or not select.select([self.from_chrome], [], [], left)[0]:
                    raise BrowserGone(f"no answer to {method} in {self.timeout:g} s")
                chunk = os.read(self.from_chrome, 1 << 20)
                if not chunk:
                    raise BrowserGone("Chromium exited")
                self.buffer += chunk
            raw, self.buffer = self.buffer.split(b"\0", 1)
            answer = json.loads(raw)
            if answer.get("id") == self.next_id:
                if "error" in answer:
                    raise BrowserGone(f"{method}: {answer['error'].get('message')}")
                return answer["result"]

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", {"expression": expression, "awaitPromise": True,
                                                "returnByValue": True})
        if "exceptionDetails" in result:
            details = result["exceptionDetails"]
            raise BrowserGone(details.get("exception", {}).get("description") or details.get("text"))
        return result["result"].get("value")

    def layout(self, requests):
        """Lays out the prepared requests on the page; one result dict per request."""
        faces = []
        for rq in requests:
            for path in rq.pop("font_paths"):
                if path not in self.families:
                    self.families[path] = f"cr{len(self.families)}"
                    faces.append([self.families[path], Path(path).as_uri()])
                rq["families"].append(self.families[path])
                rq["paths"][self.families[path]] = path
            family_list = ", ".join(f'"{f}"' for f in rq["families"])
            rq["fontCSS"] = f"font-family:{family_list};font-size:{px(rq['size'])};{rq['letterSpacingCSS']}"
            rq["css"] = rq["fontCSS"] + rq["css"]
        return self.evaluate(f"cardsizeLayout({json.dumps(faces)}, {json.dumps(requests)})")

    def close(self):
        try:
            if self.process.poll() is None:
                self.page_id = None
                try:
                    self.call("Browser.close", {})
                except (BrowserGone, OSError):
                    pass
                try:
                    self.process.wait(5)
                except subprocess.TimeoutExpired:
                    os.killpg(self.process.pid, signal.SIGKILL)
                    self.process.wait()
        finally:
            for fd in (self.to_chrome, self.from_chrome):
                try:
                    os.close(fd)
                except OSError:
                    pass
            shutil.rmtree(self.dir, ignore_errors=True)


def px(value):
    """A length in CSS px, written without an exponent."""
    return f"{value:.10f}".rstrip("0").rstrip(".") + "px"


def number(obj, key, minimum, required=False, exclusive=False):
    value = obj.get(key)
    if value is None:
        if required:
            raise RequestError(f"{key}: missing")
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise RequestError(f"{key}: not a number")
    if value < minimum or (exclusive and value == minimum):
        raise RequestError(f"{key}: must be {'>' if exclusive else '>='} {minimum}")
    return value


def css_string(obj, key, pattern=None, values=None):
    value = obj.get(key)
    if value is None:
        return None
    if not isinstance(value, str):
        raise RequestError(f"{key}: not a string")
    if values is not None and value not in values:
        raise RequestError(f"{key}: {value!r} is not one of {', '.join(sorted(values))}")
    if pattern is not None and not pattern.fullmatch(value):
        raise RequestError(f"{key}: {value!r} is not a CSS value this harness takes")
    return value


def prepare(obj):
    """The page's view of one request (a dict), or RequestError naming the bad field."""
    text = obj.get("text")
    if not isinstance(text, str):
        raise RequestError("text: missing or not a string")
    fonts = obj.get("fonts")
    if not isinstance(fonts, list) or not fonts:
        raise RequestError("fonts: missing or not a non-empty array of font file paths")
    paths = []
    for index, font in enumerate(fonts):
        if not isinstance(font, str):
            raise RequestError(f"fonts[{index}]: not a string")
        path, face = font, 0
        match = re.fullmatch(r"(.*)#(\d+)", font)
        if match:
            path, face = match.group(1), int(match.group(2))
        if face != 0:
            raise RequestError(f"fonts[{index}]: face #{face}: CSS @font-face cannot select a face of a "
                               "collection, only face 0")
        if not os.path.isfile(path):
            raise RequestError(f"fonts[{index}]: no such file: {path}")
        paths.append(os.path.abspath(path))
    size = number(obj, "size", 0, required=True, exclusive=True)
    width = number(obj, "width", 0) or 0
    lang = obj.get("language", "en")
    if lang is None:
        lang = "en"
    if not isinstance(lang, str) or not LANG.fullmatch(lang):
        raise RequestError("language: not a language tag")
    css = "display:block;margin:0;padding:0;border:0;"
    css += f"width:{px(width)};" if width > 0 else "width:max-content;"
    line_height = css_string(obj, "line_height", LINE_HEIGHT)
    if line_height is not None:
        if line_height != "normal" and float(line_height.removesuffix("px")) == 0:
            raise RequestError("line_height: must be > 0 (lines with one baseline cannot be told apart)")
        css += f"line-height:{line_height};"
    properties = {}
    for key, (prop, values) in KEYWORDS.items():
        properties[key] = css_string(obj, key, values=values)
        if properties[key] is not None:
            css += f"{prop}:{properties[key]};"
    letter_spacing = css_string(obj, "letter_spacing", LETTER_SPACING)
    clamp = obj.get("line_clamp")
    if clamp is not None and (isinstance(clamp, bool) or not isinstance(clamp, int) or clamp < 0):
        raise RequestError("line_clamp: not a non-negative integer")
    if clamp:
        css += f"display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:{clamp};overflow:hidden;"
    return {"text": text, "font_paths": paths, "families": [], "paths": {}, "size": size, "lang": lang,
            "css": css, "whiteSpace": properties["white_space"] or "normal", "lineClamp": clamp or 0,
            "letterSpacing": letter_spacing or "normal",
            "letterSpacingCSS": f"letter-spacing:{letter_spacing};" if letter_spacing else ""}


def read_request(line):
    """(id, prepared request or None, error message or None) for one input line."""
    if not line.strip():
        return None, None, "request: empty line, expected a JSON object"
    try:
        obj = json.loads(line)
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        return None, None, f"request: not valid JSON: {error}"
    if not isinstance(obj, dict):
        return None, None, "request: not a JSON object"
    try:
        return obj.get("id"), prepare(obj), None
    except RequestError as error:
        return obj.get("id"), None, str(error)


class Harness:
    def __init__(self, args):
        self.args = args
        self.browser = None
        self.count = 0
        self.layout_seconds = 0.0
        self.start_seconds = 0.0

    def run_batch(self, batch, out):
        """Writes one result line for each (id, request, error) of `batch`, in order."""
        todo = [(k, rq) for k, (_, rq, error) in enumerate(batch) if error is None]
        results = {}
        if todo:
            try:
                if self.browser is None:
                    started = time.monotonic()
                    self.browser = Browser(self.args.chromium, self.args.timeout)
                    self.start_seconds += time.monotonic() - started
                started = time.monotonic()
                for (k, _), result in zip(todo, self.browser.layout([rq for _, rq in todo])):
                    results[k] = result
                self.layout_seconds += time.monotonic() - started
            except (BrowserGone, OSError) as error:
                # Never drop a record: the batch's requests say what happened, and the next
                # batch starts a new browser.
                for k, _ in todo:
                    results[k] = {"error": f"chromium: {error}"}
                if self.browser is not None:
                    self.browser.close()
                    self.browser = None
        for k, (request_id, _, error) in enumerate(batch):
            result = {"error": error} if error is not None else results[k]
            out.write(json.dumps({"id": request_id, **result}, ensure_ascii=False) + "\n")
        self.count += len(batch)

    def run(self, stdin, out):
        """Reads lines as they come; lays out a batch when it is full or when no more input is
        waiting, so that a caller sending one request at a time is answered at once."""
        fd = stdin.fileno()
        pending, batch, eof = b"", [], False
        while not eof or batch:
            if batch and (eof or len(batch) >= self.args.batch or not select.select([fd], [], [], 0)[0]):
                self.run_batch(batch, out)
                out.flush()
                batch = []
                continue
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                eof = True
                if pending:
                    batch.append(read_request(pending))
                    pending = b""
                continue
            lines = (pending + chunk).split(b"\n")
            pending = lines.pop()
            for line in lines:
                batch.append(read_request(line.removesuffix(b"\r")))

    def close(self):
        if self.browser is not None:
            self.browser.close()
            self.browser = None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--batch", type=int, default=500, help="requests laid out on one page (default 500)")
    parser.add_argument("--time", action="store_true", help="print the requests per second on stderr at the end")
    parser.add_argument("--chromium", default=shutil.which("chromium") or shutil.which("chromium-browser") or "chromium",
                        help="the browser to run (default: chromium on PATH)")
    parser.add_argument("--timeout", type=float, default=300, help="seconds to wait for one batch (default 300)")
    args = parser.parse_args()
    if args.batch < 1:
        parser.error("--batch must be at least 1")
    harness = Harness(args)
    started = time.monotonic()
    try:
        harness.run(sys.stdin, sys.stdout)
    finally:
        harness.close()
    if args.time:
        total = time.monotonic() - started
        rate = harness.count / total if total > 0 else 0
        print(f"chromium-reference: {harness.count} requests in {total:.2f} s ({rate:.0f} requests/s); "
              f"{harness.start_seconds:.2f} s starting Chromium, {harness.layout_seconds:.2f} s laying out "
              f"and reading", file=sys.stderr)


if __name__ == "__main__":
    main()
