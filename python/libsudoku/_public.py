"""Public classes under the package's name: libsudoku.Rating, not libsudoku._steps.Rating, in
pickles, tracebacks, reprs and help(), as when every class was defined in __init__.py. A pickle
then names a class by the path users import it from, which stays when private modules move.
Imports nothing of the package.
"""

import typing

_PACKAGE = "libsudoku"
_Class = typing.TypeVar("_Class", bound=type)


def _public(cls: _Class) -> _Class:
    """Class decorator: renames `cls`'s module to the package's, after resolving its own
    annotations where they were written. With `from __future__ import annotations` they are
    strings, and typing.get_type_hints looks their names up in the class's module, which would
    then be the package's namespace, where Optional and the like are not. An annotation naming
    what only a type checker imports (NumPy's types) stays a string, as it was.
    (inspect.getsource, which looks for the class in its module's file, cannot find such a class;
    collections.abc's classes are in the same case.)"""
    own = cls.__dict__.get("__annotations__", {})
    try:
        hints = typing.get_type_hints(cls)
    except NameError:
        hints = {}
    if own and hints:
        cls.__annotations__ = {name: hints.get(name, value) for name, value in own.items()}
    cls.__module__ = _PACKAGE
    return cls
