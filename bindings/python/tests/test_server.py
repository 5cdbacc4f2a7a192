"""cardsize-serve as a client sees it, on loopback: requests and answers validated against
the OpenAPI document it serves (the one in the repository), answers equal to the command
line's, bad input answered 4xx, SIGTERM answered by a clean exit."""
import json
import os
import re
import signal
import subprocess
import urllib.error
import urllib.request
from pathlib import Path

import pytest

jsonschema = pytest.importorskip("jsonschema")
yaml = pytest.importorskip("yaml")


@pytest.fixture(scope="module")
def server(cardsize_binary):
    binary = Path(cardsize_binary).with_name("cardsize-serve")
    process = subprocess.Popen([str(binary), "--port", "0", "--log-level", "info"], stderr=subprocess.PIPE, text=True)
    address = None
    for line in process.stderr:  # Hummingbird logs the address it listens on
        match = re.search(r"listening on (\S+):(\d+)", line)
        if match:
            address = f"http://{match.group(1)}:{match.group(2)}"
            break
    assert address, "the server did not say where it listens"
    yield address, process
    if process.poll() is None:
        process.kill()


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
        {"id": "ja", "text": "吾輩は猫である。名前はまだ無い。", "size": 15, "width": 100, "lang": "ja", "profile": "pango"},
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


def test_sigterm_ends_the_server_cleanly(cardsize_binary):
    binary = Path(cardsize_binary).with_name("cardsize-serve")
    process = subprocess.Popen([str(binary), "--port", "0"], stderr=subprocess.PIPE, text=True)
    for line in process.stderr:
        if "listening on" in line:
            break
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
                          "--inset", "0", "--spacing", "8", "--template", "book-hug"],
                         input=lines, capture_output=True, text=True)
    expected = cli.stdout.splitlines()
    assert len(expected) == len(records)
    request = {"records": records, "kind": "grid", "columns": 2, "scale": 3, "template": "book-hug"}
    status, body = call(address + "/v1/cards", json.dumps(request, ensure_ascii=False))
    assert status == 200
    assert body == "[" + ",".join(expected) + "]"
    validate(document, "/v1/cards", 200, body, request)
    assert json.loads(body)[7] == {"id": "no-author", "line": 8, "field": "author", "error": "missing field"}
    status, body = call(address + "/v1/cards", json.dumps({"records": records[:2], "width": 127, "template": 7}))
    assert status == 400 and json.loads(body)["field"] == "template"
    validate(document, "/v1/cards", 400, body)


def test_layout_answers_frames_and_names_bad_fields(server, root):
    address, _ = server
    document = yaml.safe_load((root / "Sources" / "CardsizeServer" / "Resources" / "openapi.yaml").read_text())
    import cardsize
    heights = [150 + (i * 37) % 120 for i in range(200)]
    for kind in ("grid", "waterfall", "compositional"):
        request = {"kind": kind, "heights": heights, "collection_width": 390, "scale": 3, "columns": 2}
        status, body = call(address + "/v1/layout", json.dumps(request))
        assert status == 200, body
        validate(document, "/v1/layout", 200, body, request)
        answer = json.loads(body)
        # The same layout through the C interface.
        layout = cardsize.Layout(kind, heights, collection_width=390, scale=3, columns=2)
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
    assert (status, json.loads(body)) == (200, {"item_width": 191})
    for request, field in [({"kind": "waterfall", "heights": [1, -2]}, "heights[1]"),
                           ({"kind": "spiral", "heights": [1]}, "kind"),
                           ({"kind": "tag-flow", "heights": [1, 2]}, "widths"),
                           ({"kind": "grid", "columns": 0, "heights": [1]}, "columnCount")]:
        status, body = call(address + "/v1/layout", json.dumps(request))
        assert status == 400 and json.loads(body).get("field") == field, (request, body)
        validate(document, "/v1/layout", 400, body)
