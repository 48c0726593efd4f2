"""Every implemented game system holds to the plug-in contract (issue #9, "Tests that hold every
system to the contract").

The module is parametrized over the systems the registration list implements
(``resources/systems/systems.json``): a new system joins every test here by registering. The
characters and settings are drawn by hypothesis from the system's own pydantic models, read
generically (:func:`documents`), so the tests know nothing about any one system.

Extension points for the contract's other parts (sheets, the creation flow, an encounter
replay): the ``system`` fixture (one parameter per implemented system), :func:`characters` and
:func:`settings_of` (any character and settings the system's schema admits) and the ``library``
fixture (a SQLite library per system).
"""

from __future__ import annotations

import enum
import types
import typing
import uuid
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import annotated_types
import pytest
from hypothesis import HealthCheck, given, reject, settings
from hypothesis import strategies as st
from pydantic import BaseModel, ValidationError

from rules.character import CharacterBase
from rules.settings import SystemSettings
from rules.systems.registry import GameSystem, ListingFacts, SystemRegistry
from rules.validation import Problem
from storage.json_io import dumps_character, read_character_file, write_character_file
from storage.library import Library
from storage.mappers import clean_tags
from storage.systems_catalog import default_registry

EXAMPLES = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
MAX_ITEMS = 4  # collections drawn this long at most (the model's own limit when smaller)
MAX_TEXT = 40
INT_RANGE = (-20, 120)  # ratings, counts and boxes beyond any ladder, when the model sets no bound
MAX_DEPTH = 6


def implemented_systems() -> list[str]:
    """The ids of every system with character rules: the parametrization of this module."""
    return [system.id for system in default_registry()]


@pytest.fixture(scope="session", params=implemented_systems())
def system(request: pytest.FixtureRequest, registry: SystemRegistry) -> GameSystem:
    """Each implemented system in turn."""
    return registry.get(request.param)


@pytest.fixture(scope="session")
def library(
    system: GameSystem, registry: SystemRegistry, tmp_path_factory: pytest.TempPathFactory
) -> typing.Iterator[Library]:
    """An empty SQLite library (no samples) for the system's round trips."""
    folder = tmp_path_factory.mktemp(f"library-{system.id}")
    lib = Library.open(f"sqlite:///{folder / 'contract.sqlite3'}", registry=registry, samples=False)
    yield lib
    lib.close()


# -- strategies built from a system's models ------------------------------------------------------


def vocabulary(system: GameSystem) -> list[str]:
    """Names worth drawing besides random text: the system's skills (also in other cases) and
    its ladder's adjectives, so that drawn characters hit the rules, not only the typos."""
    skills = list(system.skill_names())
    words = [*skills, *(s.upper() for s in skills[:5]), *(f" {s} " for s in skills[:3])]
    words += [rung.adjective for rung in system.ladder.rungs]
    return [*words, "", " "]


def _bounds(metadata: Sequence[Any]) -> tuple[int | None, int | None, int | None]:
    """(minimum, maximum, max_length) stated by a field's annotated-types metadata."""
    low = high = length = None
    for item in metadata:
        if isinstance(item, annotated_types.Ge):
            low = int(typing.cast(int, item.ge))
        elif isinstance(item, annotated_types.Gt):
            low = int(typing.cast(int, item.gt)) + 1
        elif isinstance(item, annotated_types.Le):
            high = int(typing.cast(int, item.le))
        elif isinstance(item, annotated_types.Lt):
            high = int(typing.cast(int, item.lt)) - 1
        elif isinstance(item, annotated_types.MaxLen):
            length = item.max_length
    return low, high, length


def _for(annotation: Any, metadata: Sequence[Any], words: list[str], depth: int) -> Any:
    """A strategy for JSON-like values of ``annotation`` (constraints from ``metadata``)."""
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    low, high, length = _bounds(metadata)
    items = min(MAX_ITEMS, length if length is not None else MAX_ITEMS)
    if origin is typing.Annotated:
        return _for(args[0], [*metadata, *args[1:]], words, depth)
    if origin is typing.Literal:
        return st.sampled_from(args)
    if origin in (typing.Union, types.UnionType):
        return st.one_of(*(_for(a, metadata, words, depth) for a in args))
    if annotation is type(None):
        return st.none()
    if annotation is bool:
        return st.booleans()
    if annotation is int:
        return st.integers(
            INT_RANGE[0] if low is None else low, INT_RANGE[1] if high is None else high
        )
    if annotation is float:
        return st.floats(low, high, allow_nan=False, allow_infinity=False)
    if annotation is str:
        limit = min(MAX_TEXT, length if length is not None else MAX_TEXT)
        return st.sampled_from(words).filter(lambda w: len(w) <= limit) | st.text(max_size=limit)
    if annotation is uuid.UUID:
        return st.uuids().map(str)
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        return st.sampled_from([m.value for m in annotation])
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return documents(annotation, words, depth + 1) if depth < MAX_DEPTH else st.just({})
    if origin in (tuple, list, set, frozenset):
        if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
            return st.tuples(*(_for(a, (), words, depth) for a in args)).map(list)
        return st.lists(_for(args[0], (), words, depth), max_size=items)
    if origin is dict:
        return st.dictionaries(
            _for(args[0], (), words, depth), _for(args[1], (), words, depth), max_size=items
        )
    raise TypeError(f"no strategy for {annotation!r}: teach documents() this field type")


def documents(model: type[BaseModel], words: list[str], depth: int = 0) -> Any:
    """JSON documents for ``model``: any subset of its fields, each drawn within its bounds.

    The identity fields a system fixes (``id``, ``system``) are left to the model's defaults.
    """
    required: dict[str, Any] = {}
    optional: dict[str, Any] = {}
    for name, field in model.model_fields.items():
        if depth == 0 and name in ("id", "system"):
            continue
        strategy = _for(field.annotation, field.metadata, words, depth)
        (required if field.is_required() else optional)[name] = strategy
    return st.fixed_dictionaries(required, optional=optional)


def _validated(model: type[BaseModel], doc: dict[str, Any]) -> Any:
    """``doc`` as ``model``; a document that a model validator refuses is not a case here."""
    try:
        return model.model_validate(doc)
    except ValidationError:
        reject()


def characters(system: GameSystem) -> st.SearchStrategy[CharacterBase]:
    """Any character the system's schema admits, and the system's blank new character."""
    drawn = documents(system.character_type, vocabulary(system)).map(
        lambda doc: _validated(system.character_type, doc)
    )
    return st.one_of(st.just(system.new_character()), st.just(system.new_character("N")), drawn)


def settings_of(system: GameSystem) -> st.SearchStrategy[SystemSettings]:
    """Any campaign settings the system's schema admits, and the book's defaults."""
    drawn = documents(system.settings_type, vocabulary(system)).map(
        lambda doc: _validated(system.settings_type, doc)
    )
    return st.one_of(st.none(), st.just(system.default_settings()), drawn)


# -- the contract ---------------------------------------------------------------------------------


def test_new_character_is_the_systems_own(system: GameSystem) -> None:
    blank = system.new_character("Nobody")
    assert isinstance(blank, system.character_type)
    assert (blank.system, blank.name) == (system.id, "Nobody")


@EXAMPLES
@given(data=st.data())
def test_validate_derive_and_listing_never_raise(system: GameSystem, data: st.DataObject) -> None:
    """Half-made characters are normal: every check reports, none raises, under any settings."""
    character = data.draw(characters(system))
    campaign = data.draw(settings_of(system))
    problems = system.validate(character, campaign)
    assert all(isinstance(p, Problem) and p.message and p.path and p.section for p in problems)
    assert isinstance(system.derive(character, campaign), BaseModel)
    assert isinstance(system.listing(character, campaign), ListingFacts)
    assert all(isinstance(n, str) for n in system.skill_names(campaign))


def test_default_settings_round_trip(system: GameSystem) -> None:
    defaults = system.default_settings()
    assert isinstance(defaults, system.settings_type)
    assert system.parse_settings(defaults.model_dump(mode="json")) == defaults
    assert system.parse_settings(None) == defaults
    assert system.parse_settings({}) == defaults


@EXAMPLES
@given(data=st.data())
def test_any_settings_round_trip(system: GameSystem, data: st.DataObject) -> None:
    campaign = data.draw(settings_of(system)) or system.default_settings()
    assert system.parse_settings(campaign.model_dump(mode="json")) == campaign


@EXAMPLES
@given(data=st.data())
def test_save_reload_and_export_round_trip_exactly(
    system: GameSystem,
    library: Library,
    registry: SystemRegistry,
    tmp_path_factory: pytest.TempPathFactory,
    data: st.DataObject,
) -> None:
    """Library save -> load, library export -> file read, file write -> read: the same
    character every time, and the file text is stable across a second write.

    The library stores tags cleaned (trimmed, no case-insensitive repeats: storage.mappers), so
    the stored character is the drawn one with clean tags, and saving it again changes nothing.
    """
    drawn = data.draw(characters(system))
    character = drawn.model_copy(update={"id": uuid.uuid4(), "tags": clean_tags(drawn.tags)})
    version = library.save_character(
        drawn.model_copy(update={"id": character.id}), expected_version=None
    )
    assert library.get_character(character.id).character == character
    library.save_character(character, expected_version=version)
    assert library.get_character(character.id).character == character

    folder = tmp_path_factory.mktemp("files")
    exported = folder / "exported.fatesmith.json"
    library.export_character_file(character.id, exported)
    assert read_character_file(exported, registry) == character

    written = folder / "written.fatesmith.json"
    write_character_file(written, character)
    reread = read_character_file(written, registry)
    assert reread == character
    assert Path(written).read_text(encoding="utf-8") == dumps_character(reread)
