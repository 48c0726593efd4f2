"""FATE 2.0 special skills and the pyramid (FATE 2.0, 5. Extras: Special Skills and the Pyramid):
"a large suite of skills used to represent magical or similar capacity" forms a pyramid of its
own; a few independent ones sit in the regular pyramid; some may be tracked outside any. The
campaign's skill list says which, per skill. Skills are The Brass Compass's (9. Magic)."""

from __future__ import annotations

from rules.systems.fate2.character import Fate2Aspect, Fate2Character, Fate2Phase
from rules.systems.fate2.pyramid import grouped_break
from rules.systems.fate2.settings import Fate2Settings, SkillDef
from rules.systems.fate2.system import Fate2System
from tests.rules.test_fate2_samples import errors, fate2  # noqa: F401

MAGIC = ("Evocation", "Summoning")
MUNDANE = ("Sword", "Alertness", "Riding", "Lore")


def settings(magic_pyramid: str | None, phases: int = 1) -> Fate2Settings:
    skills = tuple(SkillDef(name=n) for n in MUNDANE)
    skills += tuple(SkillDef(name=n, category="Magical", pyramid=magic_pyramid) for n in MAGIC)
    return Fate2Settings(skills=skills, phases=phases, ranks_per_phase=8)


# Sword Fair over three Average; Evocation Fair over Summoning Average: 8 ranks in one phase.
MAGE = Fate2Character(
    name="Adept",
    skills={"Sword": 1, "Alertness": 0, "Riding": 0, "Lore": 0, "Evocation": 1, "Summoning": 0},
    aspects=(Fate2Aspect(name="Initiate of Fire", level=1),),
    phases=(
        Fate2Phase(
            aspects=("Initiate of Fire",),
            ranks={
                "Sword": 2,
                "Alertness": 1,
                "Riding": 1,
                "Lore": 1,
                "Evocation": 2,
                "Summoning": 1,
            },
        ),
    ),
)


def test_grouped_break_checks_each_pyramid_apart() -> None:
    """The main pyramid first, then each special one by name; None is outside all."""
    values = [("", 1), ("", 0), ("", 0), ("Magic", 1), ("Magic", 0)]
    failing = grouped_break(values)
    assert failing is not None and failing[0] == "Magic"
    assert (failing[1].rung, failing[1].above, failing[1].below) == (1, 1, 1)
    assert grouped_break([(None, 3), ("", 0)]) is None
    assert grouped_break([*values, ("Magic", 0)]) is None


def test_in_the_regular_pyramid_the_magic_skills_lean_on_the_base(fate2: Fate2System) -> None:  # noqa: F811
    """A few independent special skills sit in the regular pyramid: two Fair over four
    Average balances."""
    assert errors(fate2.validate(MAGE, settings(""))) == []
    assert fate2.derive(MAGE, settings("")).pyramid[1] == ("Evocation", "Sword")


def test_a_pyramid_of_their_own_must_balance_on_its_own(fate2: Fate2System) -> None:  # noqa: F811
    """A magic suite as its own pyramid: Evocation Fair over Summoning alone breaks it (one
    Fair needs two Average), with the phase and the pyramid named; the main pyramid shows only
    the mundane skills."""
    s = settings("Magic")
    problems = fate2.validate(MAGE, s)
    [brk] = [p for p in problems if p.code == "FATE2-pyramid-phase"]
    assert brk.path == "phases[0]" and "The Magic pyramid does not balance" in brk.message
    derived = fate2.derive(MAGE, s)
    assert derived.pyramid == {1: ("Sword",), 0: ("Alertness", "Lore", "Riding")}
    assert not derived.pyramid_ok and derived.pyramid_ok_by_phase == (False,)
    no_history = MAGE.model_copy(update={"phases": ()})
    [final] = [p for p in fate2.validate(no_history, s) if p.code == "FATE2-pyramid"]
    assert final.message.startswith("The Magic pyramid does not balance")


def test_outside_any_pyramid(fate2: Fate2System) -> None:  # noqa: F811
    """Special skills tracked outside any pyramid count in none: the mundane one balances."""
    s = settings(None)
    assert errors(fate2.validate(MAGE, s)) == []
    assert fate2.derive(MAGE, s).pyramid_ok
