"""Builds the package with libcardsize and the bundled fonts inside it.

The library is built by the repository's scripts/install.sh (release, the Swift runtime
linked in statically) into a temporary prefix, unless CARDSIZE_PREFIX names an install made
by it already; the package then holds lib/libcardsize.so and share/cardsize/Fonts, where
the library finds its fonts on its own.
"""
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from setuptools import Distribution, setup
from setuptools.command.build_py import build_py

REPOSITORY = Path(__file__).resolve().parents[2]


class BuildWithLibrary(build_py):
    def run(self):
        super().run()
        prefix = os.environ.get("CARDSIZE_PREFIX")
        temporary = None
        if not prefix:
            temporary = tempfile.mkdtemp(prefix="cardsize-prefix-")
            prefix = temporary
            subprocess.run([str(REPOSITORY / "scripts" / "install.sh"), "--prefix", prefix], check=True)
        package = Path(self.build_lib) / "cardsize"
        (package / "lib").mkdir(parents=True, exist_ok=True)
        shutil.copy2(Path(prefix) / "lib" / "libcardsize.so", package / "lib" / "libcardsize.so")
        fonts = package / "share" / "cardsize" / "Fonts"
        shutil.rmtree(fonts, ignore_errors=True)
        shutil.copytree(Path(prefix) / "share" / "cardsize" / "Fonts", fonts)
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
