"""The documentation's examples, run: each block after an `<!-- example: NAME -->` line in the
README or a page of docs/, its output compared with what the page says it prints (the `# ...`
comment after each print)."""
import os
import re
import subprocess
import sys

import pytest


def example(root, name):
    """The block tagged `name` and the text after it, from whichever page holds it."""
    for page in [root / "README.md", *sorted((root / "docs").glob("*.md"))]:
        text = page.read_text(encoding="utf-8")
        match = re.search(rf"<!-- example: {name} -->\n```\w+\n(.*?)```", text, re.S)
        if match:
            return match.group(1), text[match.end():]
    raise AssertionError(f"no example '{name}' in the README or docs/")


def printed(code):
    """What the page says the code prints: a print's trailing comment, or the comment
    line right after it."""
    lines = code.splitlines()
    expected = []
    for i, line in enumerate(lines):
        if "print(" not in line:
            continue
        if "  # " in line:
            expected.append(line.split("  # ", 1)[1])
        elif i + 1 < len(lines) and lines[i + 1].lstrip().startswith("# "):
            expected.append(lines[i + 1].lstrip()[2:])
    return expected


def run_python(code, env=None):
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert result.returncode == 0, result.stderr
    return result.stdout.splitlines()


@pytest.mark.parametrize("name", ["tour", "python"])
def test_python_example(root, name):
    code, _ = example(root, name)
    environment = dict(os.environ, PYTHONPATH=str(root / "bindings" / "python"))
    assert run_python(code, environment) == printed(code)


def test_coprocess_example(root, cardsize_binary):
    code, _ = example(root, "coprocess")
    environment = dict(os.environ, PATH=os.path.dirname(cardsize_binary) + os.pathsep + os.environ["PATH"])
    assert run_python(code, environment) == printed(code)


def test_c_example(root, tmp_path):
    code, rest = example(root, "c")
    source = tmp_path / "example.c"
    source.write_text(code)
    # The library as an install lays it out: libcardsize.so.2 (its soname), the build's
    # libcardsize-c.so, and libcardsize.so linking to it.
    library = tmp_path / "lib"
    library.mkdir()
    (library / "libcardsize.so.2").symlink_to(os.environ["CARDSIZE_LIBRARY"])
    (library / "libcardsize.so").symlink_to("libcardsize.so.2")
    subprocess.run(["gcc", str(source), f"-I{root / 'include'}", f"-L{library}", "-lcardsize",
                    f"-Wl,-rpath,{library}", "-o", str(tmp_path / "example")], check=True)
    result = subprocess.run([str(tmp_path / "example")], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    expected = re.search(r"\./example\s+# (.*)", rest).group(1)
    assert result.stdout.strip() == expected
