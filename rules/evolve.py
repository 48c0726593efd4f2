"""Rules layer: validated copies of frozen pydantic models.

``model_copy(update=...)`` skips validation, so anything that did not come from trusted domain
code goes through :func:`evolve`, which re-validates the whole object.
"""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel

M = TypeVar("M", bound=BaseModel)


def evolve(obj: M, **changes: Any) -> M:
    """Return a copy of ``obj`` with ``changes`` applied, validated like a freshly built object.

    Raises:
        pydantic.ValidationError: if the result is not a valid ``type(obj)``.
    """
    data = obj.model_dump()
    data.update(changes)
    return type(obj).model_validate(data)
