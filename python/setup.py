"""The Rust half of the package's build (the metadata is in pyproject.toml).

setuptools-rust runs `cargo rustc --lib --release --crate-type cdylib` on the repository's
Cargo.toml and copies the library into the package as libsudoku/libsudoku.so, where the module
looks first after SUDOKU_LIB. It honours CARGO_TARGET_DIR, so a build can reuse cargo's earlier
work (docs/python.md). The library is plain C, loaded with ctypes: it depends on no Python
version or ABI, so the wheel is tagged py3-none-PLATFORM rather than for one interpreter.
"""

import os
import re

from setuptools import setup
from setuptools.command.build_ext import build_ext
from setuptools_rust import Binding, RustExtension

HERE = os.path.dirname(os.path.abspath(__file__))
MANIFEST = os.path.join(os.path.dirname(HERE), "Cargo.toml")
# The library's name inside the package, and its file name there.
TARGET = "libsudoku.libsudoku"
LIBRARY_FILE = "libsudoku.so"

try:
    from setuptools.command.bdist_wheel import bdist_wheel
except ImportError:  # setuptools before 70.1: the wheel package's
    from wheel.bdist_wheel import bdist_wheel


def cargo_version():
    """The [package] version of the repository's Cargo.toml (the library's version)."""
    with open(MANIFEST, encoding="utf-8") as manifest:
        for line in manifest:
            found = re.match(r'version = "([^"]+)"', line)
            if found:
                return found.group(1)
    raise RuntimeError("no version in %s" % MANIFEST)


class BuildExt(build_ext):
    """Names the library libsudoku.so, not libsudoku.cpython-3XX-PLATFORM.so: it is no extension
    module, and the module looks for it by that name."""

    def get_ext_fullpath(self, ext_name):
        path = super().get_ext_fullpath(ext_name)
        if ext_name == TARGET:
            return os.path.join(os.path.dirname(path), LIBRARY_FILE)
        return path


class BdistWheel(bdist_wheel):
    """py3-none-PLATFORM: any Python 3 on this platform (the library does not link Python)."""

    def get_tag(self):
        _, _, platform = super().get_tag()
        return "py3", "none", platform


setup(
    version=cargo_version(),
    rust_extensions=[
        RustExtension(
            TARGET,
            path=MANIFEST,
            binding=Binding.NoBinding,
            py_limited_api=False,
        )
    ],
    cmdclass={"build_ext": BuildExt, "bdist_wheel": BdistWheel},
)
