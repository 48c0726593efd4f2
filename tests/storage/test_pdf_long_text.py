"""Long text never crashes a print-out and is never cut off (issue 14, "Bad input": an aspect of
about 2,000 characters or a skill name of about 800 made ``fatesmith sheet`` raise ReportLab's
``LayoutError: ... too large on page``; docs/printing.md promises that nothing is cut off).

Every registered system's character is made huge generically: each free text of the fullest
drawn character (:func:`tests.contract.strategies.varied`) becomes about 2,000 characters (its
model's own limit when lower), each skill name and other free-text key about 800. The text is
numbered words (``Q12xw7``), so the test can tell which words of which text reached the PDF,
wherever the text was wrapped or split across pages.
"""

from __future__ import annotations

import enum
import io
import re
from collections.abc import Iterator
from typing import Any

import pytest
from pydantic import BaseModel, ValidationError
from pypdf import PdfReader

from rules.character import CharacterBase
from rules.systems.registry import GameSystem, SystemRegistry
from storage.pdf.cards import render_aspect_cards, render_cards
from storage.pdf.render import render, render_conflict_sheet
from storage.pdf.sheet_layout import ConflictRow, Track
from storage.system_sheets import (
    GM_KINDS,
    build_card,
    character_aspects,
    character_layouts,
    default_kind,
    sheet_kinds,
)
from storage.systems_catalog import default_registry
from tests.contract.strategies import implemented_systems, varied

TOKEN = re.compile(r"q\d+xw\d+")
VALUE_LENGTH = 2000
KEY_LENGTH = 800


def words(tag: str, length: int) -> str:
    """Numbered words ``{tag}w0 {tag}w1 ...``, at most ``length`` characters in all."""
    out: list[str] = []
    used = 0
    while used + len(f"{tag}w{len(out)}") <= length:
        out.append(f"{tag}w{len(out)}")
        used += len(out[-1]) + 1
    return " ".join(out)


def text_paths(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], bool]]:
    """(path, is a dict key) of every free text of a model: string values and string keys."""
    if isinstance(value, BaseModel):
        for name in type(value).model_fields:
            if path or name not in ("id", "system"):
                yield from text_paths(getattr(value, name), (*path, name))
    elif isinstance(value, str) and not isinstance(value, enum.Enum):
        yield path, False
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from text_paths(item, (*path, key))
            if isinstance(key, str):
                yield (*path, key), True
    elif isinstance(value, list | tuple):
        for index, item in enumerate(value):
            yield from text_paths(item, (*path, index))


def huge(character: CharacterBase) -> CharacterBase:
    """``character`` with every free text its model admits made long (see the module doc).

    A text whose model refuses it (a fixed choice, a pattern, a cross-reference) keeps its
    value; a length limit is met with the longest text it allows.
    """
    model = type(character)
    doc = character.model_dump(mode="json")
    # Values first, then keys from the deepest up, so that renaming a key moves what is done.
    paths = sorted(text_paths(character), key=lambda p: (p[1], -len(p[0])))
    for number, (path, is_key) in enumerate(paths, 1):
        parent = doc
        for key in path[:-1]:
            parent = parent[key]
        last, original = path[-1], (path[-1] if is_key else parent[path[-1]])
        for length in (KEY_LENGTH if is_key else VALUE_LENGTH, 200, 60):
            text = words(f"Q{number}x", length)
            if is_key:
                items = [(text if k == last else k, v) for k, v in parent.items()]
                parent.clear()
                parent.update(items)
            else:
                parent[last] = text
            try:
                model.model_validate(doc)
                break
            except ValidationError:
                if is_key:
                    items = [(original if k == text else k, v) for k, v in parent.items()]
                    parent.clear()
                    parent.update(items)
                    last = original
                else:
                    parent[last] = original
    return model.model_validate(doc)


def tokens_in(value: Any) -> set[str]:
    """The numbered words anywhere in ``value`` (a model, a string, nested containers)."""
    if isinstance(value, BaseModel):
        value = value.model_dump()
    if isinstance(value, str):
        return set(TOKEN.findall(value.lower()))
    if isinstance(value, dict):
        return set().union(*(tokens_in(k) | tokens_in(v) for k, v in value.items()))
    if isinstance(value, list | tuple):
        return set().union(*(tokens_in(v) for v in value))
    return set()


def tokens_texts(value: Any) -> list[str]:
    """Every string in ``value`` (a model, nested containers), dict keys included."""
    if isinstance(value, BaseModel):
        value = value.model_dump()
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [t for k, v in value.items() for t in (*tokens_texts(k), *tokens_texts(v))]
    if isinstance(value, list | tuple):
        return [t for v in value for t in tokens_texts(v)]
    return []


def pdf_tokens(data: bytes) -> tuple[set[str], int]:
    """The numbered words printed anywhere in the PDF, and its page count."""
    pages = PdfReader(io.BytesIO(data)).pages
    text = "\n".join(page.extract_text() or "" for page in pages)
    return set(TOKEN.findall(text.lower())), len(pages)


_HUGE: dict[str, CharacterBase] = {}


def huge_character(system: GameSystem) -> CharacterBase:
    """The system's fullest drawn character with every text made long (made once)."""
    if system.id not in _HUGE:
        _HUGE[system.id] = huge(varied(system)[0])
    return _HUGE[system.id]


def kind_cases() -> list[Any]:
    """(system id, kind) for every kind every registered system prints, GM aids included."""
    registry = default_registry()
    return [
        pytest.param(sid, kind.key, id=f"{sid}-{kind.key}")
        for sid in implemented_systems()
        for kind in (*sheet_kinds(registry.info(sid)), *GM_KINDS)
    ]


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize(("system_id", "kind"), kind_cases())
def test_huge_texts_print_whole_on_every_kind(
    system_id: str, kind: str, paper: str, registry: SystemRegistry
) -> None:
    """Every kind prints a character whose texts run to thousands of characters: no
    LayoutError, and every word of every text the print-out carries is in the PDF."""
    system = registry.get(system_id)
    character = huge_character(system)
    assert len(character.name) > 150, "the character really carries long texts"
    assert max(len(t) for t in tokens_texts(character)) > 1900
    out = io.BytesIO()
    if kind == "cards":
        card = build_card(character, system)
        expected = tokens_in(card)
        render_cards([card], out, paper, invariant=True)
    elif kind == "aspect-cards":
        aspects = character_aspects(character, system)
        if not aspects:  # a system without aspects (ART Engine) has no cards to print
            with pytest.raises(ValueError, match="no aspects"):
                render_aspect_cards(aspects, out, paper, owner=character.name)
            return
        expected = tokens_in(aspects)
        render_aspect_cards(aspects, out, paper, invariant=True, owner=character.name)
        expected |= tokens_in(character.name)
    else:
        layouts = character_layouts(character, system, kind)
        expected = set().union(*(tokens_in(layout.blocks) for layout in layouts))
        render(layouts, out, paper, invariant=True)
        if kind == default_kind(system.info).key:
            # The sheet itself carries the name, every aspect and every skill name.
            wanted = tokens_in([character.name, *character_aspects(character, system)])
            wanted |= tokens_in(list(character.skills))
            assert wanted - expected == set()
    printed, pages = pdf_tokens(out.getvalue())
    assert pages >= 1
    missing = expected - printed
    assert not missing, f"{len(missing)} words cut off, e.g. {sorted(missing)[:5]}"


def test_a_huge_conflict_row_continues_on_the_next_page() -> None:
    """The GM conflict sheet prints a participant with a 2,000-character name and
    consequence whole, its column headings repeated on the next page."""
    name, consequence = words("Q1x", VALUE_LENGTH), words("Q2x", VALUE_LENGTH)
    rows = [
        ConflictRow(name=name, initiative=2, consequences=(consequence,) * 3,
                    tracks=(Track(label="Health", boxes=5),), fate_points=3),
        ConflictRow(name="Thugs", tracks=(Track(label="Health", boxes=3),)),
    ]  # fmt: skip
    out = io.BytesIO()
    pages = render_conflict_sheet(rows, out, invariant=True)
    printed, count = pdf_tokens(out.getvalue())
    assert pages == count >= 2
    assert tokens_in([name, consequence]) - printed == set()
    texts = [p.extract_text() or "" for p in PdfReader(io.BytesIO(out.getvalue())).pages]
    assert all("PARTICIPANT" in text and "HEALTH" in text for text in texts)
    assert all(f"page {n}" in text for n, text in enumerate(texts, 1))
