"""Every implemented game system holds to the plug-in contract (issue #9, "Tests that hold every
system to the contract").

The module is parametrized over the systems the registration list implements
(``resources/systems/systems.json``): a new system joins every test here by registering. The
characters and settings are drawn by hypothesis from the system's own pydantic models, read
generically (:mod:`tests.contract.strategies`), so the tests know nothing about any one system.

The contract, part by part: validation, derived values and the listing never raise on any
character the schema admits; settings, library saves and character files round-trip exactly;
the blank sheet and a filled sheet of every kind the system declares render to a PDF with the
expected pages and the character's name on each (:mod:`storage.system_sheets`); an encounter
between two of the system's characters replays identically from its log. The creation flow's
part is GUI: tests/gui/test_system_contract_gui.py.

Extension points: the ``system`` fixture (one parameter per implemented system),
:func:`~tests.contract.strategies.characters` and :func:`~tests.contract.strategies.settings_of`
(any character and settings the system's schema admits, for ``@given`` tests),
:func:`~tests.contract.strategies.varied` (a few drawn ones that together fill every field, for
parts too slow for many examples: hypothesis tries its simplest examples first) and the
``library`` fixture (a SQLite library per system).
"""

from __future__ import annotations

import io
import itertools
import json
import random
import typing
import uuid
from pathlib import Path

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel
from pypdf import PdfReader

from rules.character import CharacterBase
from rules.conflict import apply_event, contest_pools, fill_dice, replay
from rules.conflict_rules import ConflictRules
from rules.dice import DicePool
from rules.encounter import (
    ApplyStressEvent,
    AttackEvent,
    Encounter,
    Event,
    LogEntry,
    NextTurnEvent,
    RollEvent,
    StartEvent,
    TakeConsequenceEvent,
    TakeOutEvent,
)
from rules.encounter_script import (
    CastEntry,
    EncounterScript,
    build_encounter,
    from_payload,
    to_payload,
)
from rules.errors import RuleViolation
from rules.settings import SystemSettings
from rules.systems.registry import GameSystem, ListingFacts, SystemRegistry
from rules.validation import Problem
from storage.json_io import dumps_character, read_character_file, write_character_file
from storage.library import Library
from storage.mappers import clean_tags
from storage.pdf.cards import render_cards
from storage.pdf.render import render
from storage.pdf.sheet_layout import SheetLayout
from storage.samples import load_sample_characters
from storage.search_syntax import FIELDS as SEARCH_FIELDS
from storage.system_sheets import blank_layouts, build_card, character_layouts, sheet_kinds
from storage.systems_catalog import default_registry
from tests.contract.strategies import (
    EXAMPLES,
    characters,
    describing,
    implemented_systems,
    settings_of,
    unreached_fields,
    varied,
)

NAME = "Contract Testname"
"""The name given to drawn characters that are printed (short: the page chrome never cuts it)."""


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
    listing = system.listing(character, campaign)
    assert isinstance(listing, ListingFacts)
    unknown = {field for field, _ in listing.search_entries} - set(SEARCH_FIELDS)
    assert unknown == set(), "the library's search text marks only storage.search_syntax fields"
    assert all(isinstance(n, str) for n in system.skill_names(campaign))


def test_the_draws_reach_every_field_of_the_models(system: GameSystem) -> None:
    """The drawn characters and settings are varied: over the draws, every field of the model
    and of the models nested in its lists and dicts holds something other than its default at
    least once (a strategy that left a field out would test nothing there)."""
    assert unreached_fields(system) == set()
    assert unreached_fields(system, "settings") == set()


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


# -- printing: every sheet kind the system declares -----------------------------------------------


def sheet_cases(needs_character: bool) -> list[typing.Any]:
    """(system id, kind key) for every kind the implemented systems print, blank or filled."""
    registry = default_registry()
    return [
        pytest.param(sid, kind.key, id=f"{sid}-{kind.key}")
        for sid in implemented_systems()
        for kind in sheet_kinds(registry.info(sid))
        if kind.needs_character == needs_character
    ]


def pdf_text(layouts: typing.Sequence[SheetLayout]) -> list[str]:
    """Render ``layouts`` into one PDF and read it back: each page's text, spaces squeezed."""
    out = io.BytesIO()
    written = render(layouts, out, invariant=True)
    pages = [" ".join((p.extract_text() or "").split()) for p in PdfReader(out).pages]
    assert written == len(pages), "render() reports the pages the PDF really has"
    return pages


def assert_prints(layouts: typing.Sequence[SheetLayout], name: str) -> None:
    """The parts print one after another, each from a new page and none lost (the document has
    the pages of its parts printed alone, and each part's heading opens its first page), and
    ``name`` (when given) is on every page."""
    assert layouts, "a kind prints at least one part"
    pages = pdf_text(layouts)
    alone = [len(pdf_text([layout])) for layout in layouts]
    assert len(pages) == sum(alone)
    first = 0
    for layout, count in zip(layouts, alone, strict=True):
        assert count >= 1
        assert " ".join(layout.heading.split()) in pages[first]
        first += count
    if name:
        assert [n for n, text in enumerate(pages, 1) if name not in text] == []


@pytest.mark.parametrize(("system_id", "kind"), sheet_cases(needs_character=False))
def test_blank_sheets_render(system_id: str, kind: str, registry: SystemRegistry) -> None:
    """Every blank kind prints, without anyone's name on it."""
    layouts = blank_layouts(registry.info(system_id), kind)
    assert all(layout.character_name == "" for layout in layouts)
    assert_prints(layouts, "")


@pytest.mark.parametrize(("system_id", "kind"), sheet_cases(needs_character=True))
def test_filled_sheets_render(system_id: str, kind: str, registry: SystemRegistry) -> None:
    """Every kind filled from a character prints a named new character and the system's sample
    characters, with the name on every page."""
    system = registry.get(system_id)
    samples = [c for c in load_sample_characters(registry) if c.system == system_id]
    for character in [system.new_character(NAME), *samples]:
        with describing(character):
            assert_prints(character_layouts(character, system, kind), character.name)


@pytest.mark.parametrize(("system_id", "kind"), sheet_cases(needs_character=True))
def test_varied_characters_print(system_id: str, kind: str, registry: SystemRegistry) -> None:
    """Whatever the schema admits prints under any settings (characters and settings that
    together fill every field): long lists flow onto more pages, the name on each of them."""
    system = registry.get(system_id)
    campaigns = itertools.cycle(varied(system, "settings"))
    for drawn in varied(system):
        character, campaign = drawn.model_copy(update={"name": NAME}), next(campaigns)
        with describing(character, campaign):
            assert_prints(character_layouts(character, system, kind, campaign), NAME)


def test_the_npc_card_prints(system: GameSystem) -> None:
    """The game master's NPC card prints for a character of every system (one card, one page)."""
    out = io.BytesIO()
    assert render_cards([build_card(system.new_character(NAME), system)], out, invariant=True) == 1
    (page,) = PdfReader(out).pages
    assert NAME in " ".join((page.extract_text() or "").split())


# -- conflicts: an encounter of two characters replays from its log ------------------------------


@pytest.fixture(scope="session")
def conflict_rules(system: GameSystem) -> ConflictRules:
    """The system's conflict rules under the book's settings: every registered system has them
    (the ART Engine's since issue #12), so every system runs the encounter contract."""
    cr = system.conflict_rules()
    assert cr is not None, f"{system.info.name} has no conflict rules"
    return cr


def faces_of(pool: DicePool) -> st.SearchStrategy[tuple[int, ...]]:
    """Fixed dice for ``pool``: one allowed face per die."""
    return st.tuples(*(st.sampled_from(values) for values in pool.die_values()))


def two_of(
    system: GameSystem, cr: ConflictRules, first: CharacterBase, second: CharacterBase
) -> Encounter:
    """The encounter of ``first`` against ``second``, built as ``fatesmith encounter run`` does:
    from a script whose cast names their files, by the system's participant builders."""
    script = EncounterScript(
        name="Contract", system=system.id, settings=cr.settings_data,
        cast=(CastEntry(id="first", file="first.fatesmith.json", side="one"),
              CastEntry(id="second", file="second.fatesmith.json", side="two", kind="npc")),
    )  # fmt: skip
    return build_encounter(script, {"first": first, "second": second}, cr, system.ladder)


@pytest.fixture(scope="session")
def varied_cast(system: GameSystem) -> tuple[list[CharacterBase], list[SystemSettings | None]]:
    """Characters and settings that together fill every field (made before any ``@given``)."""
    return varied(system, count=12), varied(system, "settings")


@settings(EXAMPLES, max_examples=30)
@given(data=st.data())
def test_an_encounter_of_two_characters_replays_identically(
    system: GameSystem,
    conflict_rules: ConflictRules,
    varied_cast: tuple[list[CharacterBase], list[SystemSettings | None]],
    data: st.DataObject,
) -> None:
    """Start, a roll whose dice come from a seed, the next turn, an attack with fixed dice (its
    hit absorbed as the rules allow), the next turn: replaying the log over the first state, also
    once stored as JSON, gives the same states and log; each character takes its results back."""
    cast, campaigns = varied_cast
    campaign = data.draw(st.sampled_from(campaigns))
    cr = system.conflict_rules(campaign)
    assert cr is not None, "a system has conflict rules under every settings or under none"
    first = data.draw(st.sampled_from(cast)).model_copy(update={"name": "First"})
    second = data.draw(st.sampled_from(cast)).model_copy(
        update={"name": "Second", "id": uuid.uuid4()}
    )
    initial = two_of(system, cr, first, second)
    assert [p.id for p in initial.participants] == ["first", "second"]
    assert {p.character_id for p in initial.participants} == {first.id, second.id}
    skills = system.skill_names(campaign) or system.skill_names() or ("Skill",)
    state, log = initial, list[LogEntry]()

    def act(event: Event) -> None:
        nonlocal state
        state, entry = apply_event(cr, state, event)
        log.append(entry)

    act(StartEvent())
    assert state.current in ("first", "second")
    seed = random.Random(data.draw(st.integers(0, 2**32)))
    roll = RollEvent(who=state.current, skill=data.draw(st.sampled_from(skills)))
    act(fill_dice(cr, roll, seed, state))  # each roll's pool: the power tiers in play
    act(NextTurnEvent())
    attacker = state.current
    assert attacker in ("first", "second")
    defender = "second" if attacker == "first" else "first"
    own = state.find(attacker)
    assert own is not None
    skill = data.draw(st.sampled_from(sorted(own.skills) or skills))
    defense_skill = data.draw(st.sampled_from(skills))
    pool, defense_pool = contest_pools(cr, state, attacker, skill, defender, defense_skill)
    attack = AttackEvent(
        attacker=attacker,
        defender=defender,
        skill=skill,
        defense_skill=defense_skill,
        dice=data.draw(faces_of(pool)),
        defense_dice=data.draw(faces_of(defense_pool)),
    )
    try:
        act(attack)
    except RuleViolation:
        # A system may refuse a defence by its rules (SotC: Guns defends only with Shot on
        # the Run); a refused event leaves the state as it was and is not logged.
        event("the rules refused the defence skill")
        assert replay(cr, initial, [e.event for e in log])[0] == state
    if state.pending_hit is None:
        event("the attack left nothing to absorb")
    for _ in range(8):  # a consequence may absorb only part of a hit (Strange Fate)
        hit = state.pending_hit
        if hit is None:
            break
        target = state.find(hit.target)
        assert target is not None
        if hit.box is not None:
            event("the hit checks a box")
            act(ApplyStressEvent(who=hit.target))
        elif cr.next_consequence(target, state.kind) is not None:
            event("the hit takes a consequence")
            act(TakeConsequenceEvent(who=hit.target, text="Winded"))
        else:
            event("the hit takes the defender out")
            act(TakeOutEvent(who=hit.target, by=attacker))
    assert state.pending_hit is None
    act(NextTurnEvent())

    events = [entry.event for entry in log]
    assert replay(cr, initial, events) == (state, tuple(log))
    stored = from_payload(json.loads(json.dumps(to_payload(initial, tuple(log), state))))
    assert (stored.initial, stored.log, stored.state) == (initial, tuple(log), state)
    assert replay(cr, stored.initial, [entry.event for entry in stored.log]) == (state, stored.log)

    for character in (first, second):
        p = next(q for q in state.participants if q.character_id == character.id)
        after = cr.apply_results(character, p)
        assert isinstance(after, system.character_type) and after.id == character.id
        assert type(after).model_validate_json(after.model_dump_json()) == after
        assert all(isinstance(problem, Problem) for problem in system.validate(after, campaign))
