"""cardsize-serve as a client sees it, on loopback: requests and answers validated against
the OpenAPI document it serves (the one in the repository), answers equal to the command
line's, bad input answered 4xx, SIGTERM answered by a clean exit."""
import concurrent.futures
import gzip
import http.client
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

jsonschema = pytest.importorskip("jsonschema")
yaml = pytest.importorskip("yaml")


def start(cardsize_binary, *flags, log=None):
    """A server on a free port: its process and address, read from the line it prints on
    stdout. Its log goes to `log` (a file), so that no pipe left unread ever blocks it."""
    binary = Path(cardsize_binary).with_name("cardsize-serve")
    process = subprocess.Popen([str(binary), "--port", "0", *flags], stdout=subprocess.PIPE,
                               stderr=log or subprocess.DEVNULL, text=True)
    line = process.stdout.readline()
    match = re.fullmatch(r"listening on (http://127\.0\.0\.1:(\d+))\n", line)
    assert match and int(match.group(2)) > 0, f"the server did not say where it listens: {line!r}"
    return process, match.group(1)


@pytest.fixture(scope="module")
def server(cardsize_binary, tmp_path_factory):
    log = open(tmp_path_factory.mktemp("server") / "log", "w+")
    process, address = start(cardsize_binary, "--log-level", "info", log=log)
    yield address, process
    if process.poll() is None:
        process.kill()
    log.close()


def call(url, body=None):
    request = urllib.request.Request(url, data=body.encode() if body is not None else None,
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def schemas(document):
    """The document's component schemas as one JSON Schema with $defs."""
    text = json.dumps(document["components"]["schemas"]).replace("#/components/schemas/", "#/$defs/")
    return json.loads(text)


def resolved(schema, definitions):
    """`schema` with its references pointing into `definitions` (as `$defs`)."""
    schema = json.loads(json.dumps(schema).replace("#/components/schemas/", "#/$defs/"))
    schema["$defs"] = definitions
    return schema


def validate(document, path, status, body, request_body=None):
    operation = document["paths"][path]["post"]
    definitions = schemas(document)
    if request_body is not None:
        jsonschema.validate(request_body,
                            resolved(operation["requestBody"]["content"]["application/json"]["schema"], definitions))
    response_schema = operation["responses"][str(status)]["content"]["application/json"]["schema"]
    jsonschema.validate(json.loads(body), resolved(response_schema, definitions))


def test_the_served_document_is_the_repositorys_and_valid(server, root):
    address, _ = server
    status, text = call(address + "/openapi.yaml")
    assert status == 200
    assert text == (root / "Sources" / "CardsizeServer" / "Resources" / "openapi.yaml").read_text()
    document = yaml.safe_load(text)
    validator = pytest.importorskip("openapi_spec_validator")
    validator.validate(document)


def test_text_answers_equal_the_command_line_and_match_the_schema(server, root, cardsize_binary):
    address, _ = server
    document = yaml.safe_load((root / "Sources" / "CardsizeServer" / "Resources" / "openapi.yaml").read_text())
    requests = [
        {"id": 1, "text": "The Hunger Games (The Hunger Games, #1)", "size": 15, "width": 127, "max_lines": 2},
        {"id": "ja", "text": "吾輩は猫である。名前はまだ無い。", "size": 15, "width": 100, "language": "ja", "profile": "pango"},
        {"id": 3, "text": "Dune", "size": -1},
        {"id": 4, "text": "\u2603 missing? \U0001F600", "size": 15},
    ]
    lines = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in requests)
    cli = subprocess.run([cardsize_binary, "text", "--jsonl"], input=lines, capture_output=True, text=True)
    expected = cli.stdout.splitlines()
    status, body = call(address + "/v1/text", json.dumps(requests, ensure_ascii=False))
    assert status == 200
    assert body == "[" + ",".join(expected) + "]"
    validate(document, "/v1/text", 200, body, requests)
    status, body = call(address + "/v1/text", json.dumps(requests[0]))
    assert (status, body) == (200, expected[0])
    validate(document, "/v1/text", 200, body, requests[0])
    status, body = call(address + "/v1/text", json.dumps(requests[2]))
    assert (status, body) == (400, expected[2])
    validate(document, "/v1/text", 400, body)
    status, body = call(address + "/v1/text", "{not json")
    assert status == 400 and json.loads(body)["error"].startswith("the body is not valid JSON")
    validate(document, "/v1/text", 400, body)


def test_unknown_text_fields_are_named_by_every_door(server, root, cardsize_binary):
    """A member outside the text request's schema: the server's 400, the command line's error
    record (exit 2, as for any bad request) and Python's ValueError all name it; the OpenAPI
    schema is closed and lists the members Python's request takes."""
    address, _ = server
    document = yaml.safe_load((root / "Sources" / "CardsizeServer" / "Resources" / "openapi.yaml").read_text())
    schema = document["components"]["schemas"]["TextRequest"]
    assert schema["unevaluatedProperties"] is False
    import cardsize
    from cardsize import text
    assert set(schema["properties"]) == set(text._REQUEST_FIELDS)
    request = {"id": 7, "text": "Dune", "size": 15, "lang": "ja"}
    message = "lang: unknown field; did you mean language?"
    status, body = call(address + "/v1/text", json.dumps(request))
    assert status == 400 and json.loads(body) == {"error": message, "field": "lang", "id": 7}
    validate(document, "/v1/text", 400, body)
    cli = subprocess.run([cardsize_binary, "text", "--jsonl"], input=json.dumps(request) + "\n", capture_output=True,
                         text=True)
    assert cli.returncode == 2 and cli.stdout == body + "\n"
    with pytest.raises(ValueError) as error:
        cardsize.measure_request(request)
    assert isinstance(error.value, cardsize.InvalidArgumentError)
    assert (error.value.field, str(error.value)) == ("lang", message)
    request = {"text": "Dune", "size": 15, "language": "ja", "width": 40, "max_lines": 1}
    status, body = call(address + "/v1/text", json.dumps(request))
    measured = cardsize.measure_request(request)
    assert status == 200 and json.loads(body)["lines"] == measured.line_count
    assert json.loads(body)["height"] == measured.height


def test_sigterm_ends_the_server_cleanly(cardsize_binary):
    process, _ = start(cardsize_binary)
    process.send_signal(signal.SIGTERM)
    assert process.wait(timeout=30) == 0


def test_cards_equal_cardsize_measure_and_match_the_schema(server, root, cardsize_binary):
    address, _ = server
    document = yaml.safe_load((root / "Sources" / "CardsizeServer" / "Resources" / "openapi.yaml").read_text())
    with open(root / "Catalogs" / "aozora-bunko.csv", newline="", encoding="utf-8") as file:
        import csv
        rows = list(csv.DictReader(file))[:300]
    records = [{"id": row["id"], "title": row["title"], "author": row["author"]} for row in rows]
    records[7] = {"id": "no-author", "title": "x"}  # answered in place with its error row
    lines = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records)
    cli = subprocess.run([cardsize_binary, "measure", "-", "--width", "390", "--scale", "3", "--columns", "2",
                          "--inset", "0", "--column-gap", "8", "--template", "book-hug"],
                         input=lines, capture_output=True, text=True)
    expected = cli.stdout.splitlines()
    assert len(expected) == len(records)
    request = {"records": records, "kind": "grid", "width": 390, "scale": 3, "columns": 2, "insets": [0, 0, 0, 0],
               "template": "book-hug"}
    status, body = call(address + "/v1/cards", json.dumps(request, ensure_ascii=False))
    assert status == 200
    assert body == "[" + ",".join(expected) + "]"
    validate(document, "/v1/cards", 200, body, request)
    assert json.loads(body)[7] == {"id": "no-author", "line": 8, "field": "author", "error": "missing field"}
    status, body = call(address + "/v1/cards", json.dumps({"records": records[:2], "item_width": 127, "template": 7}))
    assert status == 400 and json.loads(body)["field"] == "template"
    validate(document, "/v1/cards", 400, body)


def test_layout_answers_frames_and_names_bad_fields(server, root):
    address, _ = server
    document = yaml.safe_load((root / "Sources" / "CardsizeServer" / "Resources" / "openapi.yaml").read_text())
    import cardsize
    heights = [150 + (i * 37) % 120 for i in range(200)]
    for kind in ("grid", "waterfall", "compositional"):
        request = {"kind": kind, "heights": heights, "width": 390, "scale": 3, "columns": 2}
        status, body = call(address + "/v1/layout", json.dumps(request))
        assert status == 200, body
        validate(document, "/v1/layout", 200, body, request)
        answer = json.loads(body)
        # The same layout through the C interface.
        layout = cardsize.Layout(kind, heights, width=390, scale=3, columns=2)
        assert [(e["index"], e["x"], e["y"], e["width"], e["height"]) for e in answer["elements"]] == [
            (e.index, e.x, e.y, e.width, e.height) for e in layout.elements]
        assert (answer["content"]["width"], answer["content"]["height"]) == layout.content_size
    # Records laid out as their cards: a bad one has no frame, its error row instead.
    records = [{"id": 1, "title": "Dune", "author": "Frank Herbert"}, {"title": "no id"},
               {"id": 3, "title": "吾輩は猫である", "author": "夏目漱石"}]
    request = {"kind": "waterfall", "records": records, "template": "book-hug"}
    status, body = call(address + "/v1/layout", json.dumps(request))
    assert status == 200, body
    validate(document, "/v1/layout", 200, body, request)
    answer = json.loads(body)
    assert [e["index"] for e in answer["elements"]] == [0, 2]
    assert [(e["line"], e["field"]) for e in answer["errors"]] == [(2, "id")]
    status, body = call(address + "/v1/layout", json.dumps({"kind": "waterfall"}))
    assert (status, json.loads(body)) == (200, {"item_width": 202})  # (414 - 10) / 2: the command line's waterfall
    for request, field in [({"kind": "waterfall", "heights": [1, -2]}, "heights[1]"),
                           ({"kind": "spiral", "heights": [1]}, "kind"),
                           ({"kind": "tag-flow", "heights": [1, 2]}, "widths"),
                           ({"kind": "grid", "columns": 0, "heights": [1]}, "columns"),
                           ({"kind": "waterfall", "row_gap": -1, "heights": [1]}, "row_gap"),
                           ({"kind": "grid", "device": "iphone-11", "heights": [1], "gap": 3}, "gap"),
                           ({"kind": "grid", "insets": [0, -1, 0, 0], "heights": [1]}, "insets[1]"),
                           ({"kind": "grid", "scale": 0, "heights": [1]}, "scale")]:
        status, body = call(address + "/v1/layout", json.dumps(request))
        assert status == 400 and json.loads(body).get("field") == field, (request, body)
        assert json.loads(body)["error"].startswith(field + ": "), body  # the API's names, not Swift's
        validate(document, "/v1/layout", 400, body)


def test_every_door_gives_the_same_cards_and_frames_with_no_options(server, cardsize_binary, root, tmp_path):
    """The same records, no options: `cardsize measure`, /v1/cards and Python (the C
    interface) size the same cards; `cardsize layout KIND`, /v1/layout and Python's layouts
    of those cards place the same frames (grid and waterfall: the kinds whose items are
    cards Python measures; tag flow and compositional are compared with the command line in
    the Swift tests). One set of defaults, the command line's."""
    address, _ = server
    import csv
    import cardsize
    with open(root / "Catalogs" / "goodbooks-10k.csv", newline="", encoding="utf-8") as file:
        rows = list(csv.DictReader(file))[:120]
    records = [{"id": row["id"], "title": row["title"], "author": row["author"]} for row in rows]
    catalog = tmp_path / "records.jsonl"
    catalog.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8")

    measured = subprocess.run([cardsize_binary, "measure", str(catalog)], capture_output=True, text=True, check=True)
    status, body = call(address + "/v1/cards", json.dumps({"records": records}, ensure_ascii=False))
    assert status == 200 and body == "[" + ",".join(measured.stdout.splitlines()) + "]"
    sizes = cardsize.CardMeasurer().measure(records)
    assert [(s.width, s.height, s.title_lines) for s in sizes] == [
        (row["width"], row["height"], row["title_lines"]) for row in map(json.loads, measured.stdout.splitlines())]

    for kind in ("grid", "waterfall"):
        laid_out = subprocess.run([cardsize_binary, "layout", kind, str(catalog)], capture_output=True, text=True,
                                  check=True)
        expected = [(row["x"], row["y"], row["width"], row["height"]) for row in map(json.loads, laid_out.stdout.splitlines())
                    if row["kind"] == "item"]
        status, body = call(address + "/v1/layout", json.dumps({"kind": kind, "records": records}, ensure_ascii=False))
        assert status == 200, body
        assert [(e["x"], e["y"], e["width"], e["height"]) for e in json.loads(body)["elements"]] == expected, kind
        heights = [card.height for card in cardsize.CardMeasurer(kind=kind).measure(records)]
        layout = cardsize.Layout(kind, heights)
        assert [(e.x, e.y, e.width, e.height) for e in layout.elements] == expected, kind


def test_request_schemas_are_closed(server, root):
    """A field the API does not have is refused by the document and by the server, by name."""
    address, _ = server
    document = yaml.safe_load((root / "Sources" / "CardsizeServer" / "Resources" / "openapi.yaml").read_text())
    for path, request in [("/v1/cards", {"records": [], "device": "iphone-11", "screen": "iphone-11"}),
                          ("/v1/layout", {"heights": [1], "kind": "grid", "spacing": 8})]:
        with pytest.raises(jsonschema.ValidationError):
            validate(document, path, 400, "{}", request)
        status, body = call(address + path, json.dumps(request))
        unknown = "screen" if path == "/v1/cards" else "spacing"
        assert status == 400 and json.loads(body)["field"] == unknown, body
        validate(document, path, 400, body)


def raw_exchange(address, data, timeout=10):
    """Sends `data` on a new connection and reads until the server closes it (or `timeout`)."""
    host, port = address.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=timeout) as connection:
        connection.sendall(data)
        received = b""
        while chunk := connection.recv(65536):
            received += chunk
        return received


def health_latency(address):
    start = time.monotonic()
    assert call(address + "/health") == (200, "ok\n")
    return time.monotonic() - start


def test_http_by_the_book(server):
    address, _ = server
    # HEAD wherever GET: the headers without the body.
    connection = http.client.HTTPConnection(address.removeprefix("http://"), timeout=10)
    connection.request("HEAD", "/health")
    response = connection.getresponse()
    assert (response.status, response.getheader("Content-Length"), response.read()) == (200, "3", b"")
    # Another method on a known path: 405 naming the methods it answers, in the errors' shape.
    for method, path, allow in [("GET", "/v1/text", "POST"), ("DELETE", "/health", "GET, HEAD"),
                                ("OPTIONS", "/v1/cards", "POST")]:
        connection.request(method, path)
        response = connection.getresponse()
        assert (response.status, response.getheader("Allow")) == (405, allow), (method, path)
        assert set(json.loads(response.read())) == {"error"}
    connection.request("GET", "/nowhere")
    response = connection.getresponse()
    assert response.status == 404 and json.loads(response.read()) == {"error": "no such resource: /nowhere"}
    # HTTP/1.0 is answered in HTTP/1.0, and the connection closed after it (the server
    # closing is what ends the read).
    answer = raw_exchange(address, b"GET /health HTTP/1.0\r\nHost: localhost\r\n\r\n")
    assert answer.startswith(b"HTTP/1.0 200 ") and answer.endswith(b"\r\n\r\nok\n"), answer


def test_the_access_log_has_method_target_status_bytes_and_latency(server, tmp_path):
    address, process = server
    call(address + "/health?probe=1")
    call(address + "/v1/text", "{}")
    log = Path(f"/proc/{process.pid}/fd/2").read_text()
    assert re.search(r"GET /health\?probe=1 200 3 bytes \d+\.\d\d ms", log), log[-2000:]
    assert re.search(r"POST /v1/text 400 \d+ bytes \d+\.\d\d ms", log), log[-2000:]


def test_fonts_are_names_and_a_fifo_wedges_nothing(server, tmp_path):
    address, _ = server
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    answers = set()
    for path in [fifo, "/nonexistent/font.ttf", "/etc/passwd"]:
        status, body = call(address + "/v1/text", json.dumps({"text": "a", "size": 15, "fonts": [str(path)]}))
        assert status == 400 and json.loads(body)["field"] == "fonts"
        answers.add(body.replace(str(path), "PATH"))
    assert len(answers) == 1, answers  # nothing tells whether a path exists
    assert health_latency(address) < 1
    status, body = call(address + "/v1/text", json.dumps({"text": "a", "size": 15, "fonts": ["Symbola", "DejaVu Sans"]}))
    assert status == 200, body


def test_slow_and_idle_connections_are_closed_and_health_answers(cardsize_binary):
    process, address = start(cardsize_binary, "--read-time-limit", "1", "--max-body-bytes", "1000")
    try:
        host, port = address.removeprefix("http://").split(":")
        # Headers never finished, a body short of its length, nothing at all, and a body over
        # the limit (answered 413 at once, the rest of it then timed): each closed after the
        # limit, while a health check is answered at once.
        partial = [b"POST /v1/text HTTP/1.1\r\nHost: x\r\n",
                   b"POST /v1/text HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n" + b"x" * 23, b"",
                   b"POST /v1/text HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n" + b"x" * 2000]
        connections = []
        for index in range(60):
            connection = socket.create_connection((host, int(port)), timeout=10)
            connection.sendall(partial[index % 4])
            connections.append(connection)
        start_time = time.monotonic()
        assert health_latency(address) < 0.5
        for index, connection in enumerate(connections):
            received = b""
            while chunk := connection.recv(65536):  # until the server closes it
                received += chunk
            assert received.startswith(b"HTTP/1.1 413 ") if index % 4 == 3 else received == b"", received[:100]
            connection.close()
        assert time.monotonic() - start_time < 5
    finally:
        process.terminate()
        process.wait(timeout=30)


def test_the_time_limit_answers_503_and_health_answers_meanwhile(cardsize_binary):
    process, address = start(cardsize_binary, "--time-limit", "1")
    try:
        texts = [{"text": f"{index} The Hunger Games (The Hunger Games, #{index}) 吾輩は猫である", "size": 15,
                  "width": 50 + index % 77} for index in range(60_000)]
        body = json.dumps(texts, ensure_ascii=False)
        with concurrent.futures.ThreadPoolExecutor(4) as pool:
            heavy = [pool.submit(call, address + "/v1/text", body) for _ in range(2)]
            time.sleep(0.3)
            latencies = [health_latency(address) for _ in range(5)]
            answers = [future.result() for future in heavy]
        assert max(latencies) < 0.5, latencies
        for status, text in answers:
            assert status == 503 and "time limit" in json.loads(text)["error"], text[:200]
    finally:
        process.terminate()
        process.wait(timeout=30)


def test_the_abuse_test_in_brief(cardsize_binary, root):
    """scripts/abuse-test.py at a twentieth of its counts with a 5-second soak: every request
    and health check answered, no 500, a clean exit on SIGTERM (its timing and memory goals
    are for its full run's report, on a quiet machine)."""
    binary = Path(cardsize_binary).with_name("cardsize-serve")
    result = subprocess.run([sys.executable, str(root / "scripts" / "abuse-test.py"), "--binary", str(binary),
                             "--scale", "0.05", "--soak-seconds", "5"], capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert "no failures" in result.stdout


def test_a_port_in_use_is_a_message_and_status_1(server, cardsize_binary):
    address, _ = server
    port = address.rsplit(":", 1)[1]
    result = subprocess.run([str(Path(cardsize_binary).with_name("cardsize-serve")), "--port", port],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 1
    assert result.stderr.strip() == f"Error: cannot listen on 127.0.0.1:{port}: the port is in use"


@pytest.mark.parametrize("flag", ["--time-limit", "--read-time-limit", "--width"])
def test_the_servers_numbers_are_read_in_decimal_only(cardsize_binary, root, flag):
    # Swift's Double("0x10") is 16: nobody typing seconds or points means that.
    arguments = ["--layout", "grid", str(root / "Catalogs" / "goodbooks-10k.csv")] if flag == "--width" else []
    result = subprocess.run([str(Path(cardsize_binary).with_name("cardsize-serve")), "--port", "0", flag, "0x10",
                             *arguments], capture_output=True, text=True, timeout=60)
    assert result.returncode == 64, result.stderr
    assert "0x10" in result.stderr and "not a decimal number" in result.stderr


def test_the_document_is_the_contract_for_schemathesis(server, root, tmp_path):
    """Schemathesis's every check on a few cases per operation (scripts/schemathesis.sh runs
    10,000 and more, with a catalog too): requests the document allows are answered, those
    it does not are refused, and every answer is what it says."""
    st = shutil.which("st")
    if st is None:
        pytest.skip("schemathesis is not installed (pip install schemathesis)")
    address, _ = server
    result = subprocess.run([st, "--config-file", str(root / "scripts" / "schemathesis.toml"), "--no-color", "run",
                             address + "/openapi.yaml", "--url", address, "--checks", "all", "--max-examples", "25",
                             "--seed", "41"], capture_output=True, text=True, timeout=300,
                            cwd=tmp_path)  # where it keeps its cache
    assert result.returncode == 0, result.stdout[-6000:]


def test_answers_are_gzipped_when_asked(server):
    address, _ = server
    body = json.dumps({"kind": "waterfall", "heights": [100 + index % 97 for index in range(1000)]}).encode()
    answers = {}
    for accept in ["gzip", "gzip;q=0", None]:
        headers = {"Accept-Encoding": accept} if accept else {}
        with urllib.request.urlopen(urllib.request.Request(address + "/v1/layout", data=body, headers=headers),
                                    timeout=60) as response:
            answers[accept] = (response.getheader("Content-Encoding"), response.getheader("Vary"), response.read())
    encoding, vary, compressed = answers["gzip"]
    assert (encoding, vary) == ("gzip", "Accept-Encoding")
    assert gzip.decompress(compressed) == answers[None][2] and len(compressed) < len(answers[None][2]) / 4
    assert answers["gzip;q=0"] == answers[None] and answers[None][0] is None
    # Small answers are sent as they are.
    request = urllib.request.Request(address + "/health", headers={"Accept-Encoding": "gzip"})
    with urllib.request.urlopen(request, timeout=10) as response:
        assert response.getheader("Content-Encoding") is None and response.read() == b"ok\n"
