"""Rules layer: turning pydantic validation errors into Strange Fate CatalogErrors."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from rules.errors import CatalogError

M = TypeVar("M", bound=BaseModel)


class CrossCheckError(ValueError):
    """A consistency problem found after each file parsed, naming the file and field."""

    def __init__(self, file: str, field: str, message: str) -> None:
        super().__init__(message)
        self.file = file
        self.field = field
        self.message = message


def error_path(error: Mapping[str, Any]) -> str:
    """The dotted path of one pydantic error (``samples[3].trappings[0].trapping``)."""
    out = ""
    for part in error["loc"]:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


def plain(error: Mapping[str, Any]) -> str:
    """A plain-words message for one pydantic error."""
    kind = error.get("type", "")
    if kind == "missing":
        return "this field is required but missing"
    if kind == "extra_forbidden":
        return "this field is not part of the format (misspelt?)"
    return str(error.get("msg", "invalid value"))


def validate_file(model: type[M], file: str, data: object) -> M:
    """Validate one parsed JSON file against ``model``.

    Raises:
        CatalogError: naming ``file``, the dotted field path and the problem.
    """
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        cause = first.get("ctx", {}).get("error")
        if isinstance(cause, CrossCheckError):
            raise CatalogError(cause.file or file, cause.field, cause.message) from None
        raise CatalogError(file, error_path(first), plain(first)) from None
