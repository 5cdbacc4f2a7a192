"""Builds the package with libcardsize, the cardsize program and the bundled fonts inside it.

The library and the program are built by the repository's scripts/install.sh (release, the
Swift runtime linked in statically) into a temporary prefix, unless CARDSIZE_PREFIX names an
install made by it already; the package then holds lib/libcardsize.so, bin/cardsize (run by
the `cardsize` console script) and share/cardsize/Fonts and Catalogs, which both find on
their own.
"""
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from setuptools import Distribution, setup
from setuptools.command.build_py import build_py

REPOSITORY = Path(__file__).resolve().parents[2]
INSTALL_SCRIPT = REPOSITORY / "scripts" / "install.sh"

# An sdist holds the Python code only, not the Swift sources the library is built from: say
# so before any build starts rather than fail inside it.
if not os.environ.get("CARDSIZE_PREFIX") and not INSTALL_SCRIPT.is_file():
    sys.exit("cardsize: this source distribution holds the Python code only; libcardsize is built "
             "from the repository's Swift sources. Install the manylinux wheel instead "
             "(pip install --only-binary cardsize cardsize), or from a clone of the repository run "
             "`pip install ./bindings/python` (needs Swift 6.1+ and Debian's pkg-config libfreetype-dev "
             "libharfbuzz-dev libfontconfig1-dev libicu-dev zlib1g-dev), or set CARDSIZE_PREFIX to an "
             "install made by the repository's scripts/install.sh.")


class BuildWithLibrary(build_py):
    """build_py, then the install's library, program, fonts and catalogs copied into the package."""

    def run(self):
        super().run()
        prefix = os.environ.get("CARDSIZE_PREFIX")
        temporary = None
        if not prefix:
            temporary = tempfile.mkdtemp(prefix="cardsize-prefix-")
            prefix = temporary
            subprocess.run([str(INSTALL_SCRIPT), "--prefix", prefix], check=True)
        package = Path(self.build_lib) / "cardsize"
        for folder, name in (("lib", "libcardsize.so"), ("bin", "cardsize")):
            (package / folder).mkdir(parents=True, exist_ok=True)
            shutil.copy2(Path(prefix) / folder / name, package / folder / name)
        for name in ("Fonts", "Catalogs"):
            shared = package / "share" / "cardsize" / name
            shutil.rmtree(shared, ignore_errors=True)
            shutil.copytree(Path(prefix) / "share" / "cardsize" / name, shared)
        if temporary:
            shutil.rmtree(temporary)


class PlatformDistribution(Distribution):
    """A wheel for this platform: it carries a shared library (loaded with ctypes, so any
    Python 3 will do)."""

    def has_ext_modules(self):
        return True


try:
    from wheel.bdist_wheel import bdist_wheel

    class PlatformWheel(bdist_wheel):
        def get_tag(self):
            return "py3", "none", super().get_tag()[2]

    extra = {"bdist_wheel": PlatformWheel}
except ImportError:  # building without wheel (pip install from the repository)
    extra = {}

setup(distclass=PlatformDistribution, cmdclass={"build_py": BuildWithLibrary, **extra})
