"""The tests run against the library and the cardsize binary of the repository's build
(scripts/test.sh builds both); CARDSIZE_LIBRARY and CARDSIZE_BINARY choose others."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "bindings" / "python"))


def _built(name: str) -> Path:
    bin_path = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, capture_output=True, text=True,
                              check=True).stdout.strip()
    return Path(bin_path) / name


if "CARDSIZE_LIBRARY" not in os.environ:
    os.environ["CARDSIZE_LIBRARY"] = str(_built("libcardsize-c.so"))


@pytest.fixture(scope="session")
def cardsize_binary() -> str:
    return os.environ.get("CARDSIZE_BINARY") or str(_built("cardsize"))


@pytest.fixture(scope="session")
def root() -> Path:
    return ROOT
