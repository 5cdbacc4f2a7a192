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
