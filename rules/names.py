"""Rules layer: the one case-insensitive name lookup that every layer uses.

Names people type (skills, stunts, gadget improvements, tags) are matched the same way
everywhere: the exact spelling first, else the same name ignoring case (``str.casefold``), so a
character listing "guns" still rolls its Guns and a stored name keeps the spelling it was given.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping


def find_name(
    names: Collection[str], name: str, folded: Mapping[str, str] | None = None
) -> str | None:
    """The entry of ``names`` that ``name`` refers to, spelled the way ``names`` spells it.

    The exact spelling wins; otherwise the first entry equal to ``name`` ignoring case. Text typed
    by a person is stripped by the caller first when surrounding spaces must not matter (catalogue
    names); skill keys are matched as stored.

    Args:
        names: The known names: a mapping (its keys), a set, a tuple...
        name: The name looked for.
        folded: ``fold_names(names)``, for a collection that many names are looked up in (a
            catalogue); without it the entries are scanned.

    Returns:
        The matching entry of ``names``, or None when there is none.

    Example:
        >>> skills = {"Guns": 4, "Athletics": 2}
        >>> find_name(skills, "guns")
        'Guns'
        >>> find_name(skills, "Fists") is None
        True
    """
    if name in names:
        return name
    key = name.casefold()
    if folded is not None:
        return folded.get(key)
    return next((entry for entry in names if entry.casefold() == key), None)


def fold_names(names: Iterable[str]) -> dict[str, str]:
    """Case-folded name -> the first entry spelled that way: the index :func:`find_name` takes."""
    index: dict[str, str] = {}
    for entry in names:
        index.setdefault(entry.casefold(), entry)
    return index
