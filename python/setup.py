"""The Rust half of the package's build (the metadata is in pyproject.toml).

setuptools-rust runs `cargo rustc --lib --release` on the repository's Cargo.toml and copies the
cdylib into the package as libsudoku/libsudoku.so, where the module looks first after
SUDOKU_LIB. cargo honours CARGO_TARGET_DIR, and a library `make` built is reused as it is
(crate_type_args). The library is plain C, loaded with ctypes: it depends on no Python
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


def cargo_field(pattern):
    """The first match of `pattern` at the start of a line of the repository's Cargo.toml."""
    with open(MANIFEST, encoding="utf-8") as manifest:
        for line in manifest:
            found = re.match(pattern, line)
            if found:
                return found.group(1)
    raise RuntimeError("no match of %r in %s" % (pattern, MANIFEST))


def crate_type_args():
    """--crate-type for each crate type of the library in Cargo.toml (lib, staticlib, cdylib).

    setuptools-rust would pass `--crate-type cdylib` alone, a different build of the library
    from `cargo build --release`'s: each would then compile the library again after the other.
    With the manifest's own crate types, cargo reuses what `make` built (and the reverse); only
    the cdylib goes into the package."""
    types = re.findall(r'"([^"]+)"', cargo_field(r"crate-type = \[(.*)\]"))
    return [arg for crate_type in types for arg in ("--crate-type", crate_type)]


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
    version=cargo_field(r'version = "([^"]+)"'),
    rust_extensions=[
        RustExtension(
            TARGET,
            path=MANIFEST,
            args=crate_type_args(),
            binding=Binding.NoBinding,
            py_limited_api=False,
        )
    ],
    cmdclass={"build_ext": BuildExt, "bdist_wheel": BdistWheel},
)
