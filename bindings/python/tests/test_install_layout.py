"""The library and the binary find the fonts of the install they sit in
(PREFIX/share/cardsize/Fonts next to PREFIX/lib and PREFIX/bin) before the source tree's.

The install here holds a chain of DejaVu Sans alone, so a Japanese title measured with it
has glyphs missing, where the source tree's chain has them all: which folder was used shows."""
import json
import os
import shutil
import subprocess
import sys


def make_prefix(root, tmp_path, library, binary):
    fonts = tmp_path / "share" / "cardsize" / "Fonts"
    fonts.mkdir(parents=True)
    manifest = json.loads((root / "Fonts" / "manifest.json").read_text())
    manifest["fonts"] = manifest["fonts"][:1]
    (fonts / "manifest.json").write_text(json.dumps(manifest))
    (fonts / "DejaVuSans.ttf").symlink_to(root / "Fonts" / "DejaVuSans.ttf")
    (tmp_path / "lib").mkdir()
    shutil.copy2(library, tmp_path / "lib" / "libcardsize.so")
    (tmp_path / "bin").mkdir()
    shutil.copy2(binary, tmp_path / "bin" / "cardsize")


def test_the_install_folder_comes_before_the_source_tree(root, tmp_path, cardsize_binary):
    make_prefix(root, tmp_path, os.environ["CARDSIZE_LIBRARY"], cardsize_binary)
    environment = {key: value for key, value in os.environ.items() if not key.startswith("CARDSIZE_")}
    code = ("import cardsize; m = cardsize.TextMeasurer(); "
            "print(m.measure('吾輩は猫', 200).missing_glyphs)")
    environment.update(CARDSIZE_LIBRARY=str(tmp_path / "lib" / "libcardsize.so"),
                       PYTHONPATH=str(root / "bindings" / "python"))
    library = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=environment, cwd=tmp_path)
    assert library.returncode == 0, library.stderr
    assert library.stdout.strip() == "4"
    command = subprocess.run([str(tmp_path / "bin" / "cardsize"), "text", "吾輩は猫", "--json"], capture_output=True,
                             text=True, cwd=tmp_path, env={k: v for k, v in environment.items() if k != "PYTHONPATH"})
    assert command.returncode == 0, command.stderr
    assert json.loads(command.stdout)["missing_glyphs"] == 4
    # The source tree's chain has every glyph.
    source = subprocess.run([cardsize_binary, "text", "吾輩は猫", "--json"], capture_output=True, text=True)
    assert "missing_glyphs" not in json.loads(source.stdout)
