"""FATE 2.0 creation rules one by one: costs, the pyramid and the column after every phase, rank
accounting, aspects and their cap, fate points, the creation options and the wound track."""

from __future__ import annotations

from typing import Any

import pytest

from rules.systems.fate2.character import Fate2Aspect, Fate2Character, Fate2Extra, Fate2Phase
from rules.systems.fate2.pyramid import cheapest_cost, is_balanced, shape_break, skill_cost
from rules.systems.fate2.settings import Fate2Settings, SkillDef, WoundBoxes
from rules.systems.fate2.system import Fate2System
from rules.systems.registry import RegistryEntry
from rules.validation import Problem, Severity
from storage.systems_catalog import load_system


@pytest.fixture(scope="module")
def fate2() -> Fate2System:
    system = load_system(RegistryEntry(id="fate2", package="fate2"))
    assert isinstance(system, Fate2System)
    return system


def phase(aspect: str = "A", **kw: Any) -> Fate2Phase:
    return Fate2Phase(aspects=(aspect,) if aspect else (), **kw)


def errors(problems: tuple[Problem, ...]) -> list[str]:
    return [p.code for p in problems if p.severity is Severity.ERROR]


def warnings(problems: tuple[Problem, ...]) -> list[str]:
    return [p.code for p in problems if p.severity is Severity.WARNING]


def built(phases: tuple[Fate2Phase, ...], fate2: Fate2System, **kw: Any) -> Fate2Character:
    """A character whose sheet is exactly what ``phases`` build (aspects counted likewise)."""
    bare = Fate2Character(name="Test", phases=phases, **kw)
    last = fate2.resolve().replay(bare)[-1]
    aspects = tuple(Fate2Aspect(name=n, level=lv) for n, lv in last.aspects.items())
    return bare.model_copy(update={"skills": last.skills, "aspects": aspects})


ANY_LIST = Fate2Settings(skills=tuple(SkillDef(name=n) for n in "ABCDEFGHIJKLMN"))


# -- costs (§2 Buying Skills; §7 Difficult Skills) ------------------------------------------------


@pytest.mark.parametrize(
    ("value", "cost"), [(-1, 0), (0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 6), (6, 7)]
)
def test_skill_cost_is_value_plus_one(value: int, cost: int) -> None:
    """§2 Looking at the Pyramid: 1 tick Average, 2 Fair ... 7 Legendary."""
    assert skill_cost(value) == cost


def test_difficult_skill_costs_from_its_default() -> None:
    """§7 Difficult Skills: a Poor skill takes two ranks to reach Average."""
    assert skill_cost(0, default=-2) == 2
    assert skill_cost(1, default=-4) == 5
    assert skill_cost(-3, default=-2) == 0  # never a refund


@pytest.mark.parametrize(
    ("peak", "pyramid", "column"),
    [(1, 4, 3), (2, 10, 6), (3, 20, 10), (4, 35, 15), (5, 56, 21), (6, 84, 28)],
)
def test_cheapest_shapes(peak: int, pyramid: int, column: int) -> None:
    """D§5.2 derived facts: the cheapest pyramid under Fair..Legendary; §7 Skill Column."""
    assert cheapest_cost(peak, "pyramid") == pyramid
    assert cheapest_cost(peak, "column") == column


# -- the shapes (§2 Buying Skills; §7 Skill Column) ---------------------------------------------


def test_pyramid_needs_one_more_below() -> None:
    """§2 Buying Skills: two Fair for a Good, three Average for two Fair; Mediocre is outside."""
    assert is_balanced([2, 1, 1, 0, 0, 0])
    assert not is_balanced([2, 1, 1, 0, 0])
    assert not is_balanced([2, 1, 0, 0, 0])
    assert is_balanced([0, -1, -1, -2])
    assert not is_balanced([1, -1, -1, -1])


def test_column_needs_as_many_below() -> None:
    """§7 Skill Column: one Superb needs one each of Great, Good, Fair and Average."""
    assert is_balanced([4, 3, 2, 1, 0], "column")
    assert not is_balanced([4, 3, 2, 1, 0], "pyramid")
    assert not is_balanced([4, 3, 1, 0], "column")
    brk = shape_break({4: 1, 3: 1, 1: 1, 0: 1}, "column")
    assert brk is not None and (brk.rung, brk.below, brk.needed) == (3, 0, 1)


def test_shape_check_ignores_absurd_values() -> None:
    """Only occupied rungs are visited: a huge value is one broken rung, not a long loop."""
    brk = shape_break({10**12: 1})
    assert brk is not None and brk.rung == 10**12


# A final sheet that balances but cannot be built phase by phase: the Great is bought in
# phase two, before any Good or Fair holds it up (§2: "balanced at the end of every phase").
SPIKE = (
    phase(ranks={"A": 1, "B": 1, "C": 1, "D": 1}),
    phase(ranks={"A": 3, "E": 1}),
    phase(ranks={"B": 2, "C": 2}),
    phase(ranks={"D": 1, "E": 1, "F": 1, "G": 1}),
    phase(ranks={"H": 1, "I": 1, "J": 1, "F": 1}),
)


def test_unbuildable_final_pyramid_names_first_failing_phase(fate2: Fate2System) -> None:
    """§2 Buying Skills: 1 Great, 2 Good, 3 Fair, 4 Average is a valid 20-rank pyramid, yet this
    history breaks it in phase two (and three and four): one error, naming phase two."""
    c = built(SPIKE, fate2, aspects=(Fate2Aspect(name="A", level=5),))
    assert is_balanced(c.skills.values())
    derived = fate2.derive(c, ANY_LIST)
    assert derived.pyramid_ok
    assert derived.pyramid_ok_by_phase == (True, False, False, False, True)
    shape = [p for p in fate2.validate(c, ANY_LIST) if p.code.startswith("FATE2-pyramid")]
    assert [(p.code, p.path) for p in shape] == [("FATE2-pyramid-phase", "phases[1]")]
    assert "end of phase 2" in shape[0].message
    assert "2 later phases also fail" in shape[0].message
    # The same sheet without its history passes the final check (with the warning).
    bare = c.model_copy(update={"phases": ()})
    assert "FATE2-pyramid" not in errors(fate2.validate(bare, ANY_LIST))


# Built as a column: Good over one Fair in phase two, Great over one Good in phase three.
COLUMN = (
    phase(ranks={"A": 2, "B": 1, "C": 1}),
    phase(ranks={"A": 1, "B": 1, "D": 1, "E": 1}),
    phase(ranks={"A": 1, "B": 1, "C": 1, "F": 1}),
)


def test_column_option_checked_after_every_phase(fate2: Fate2System) -> None:
    """§7 Skill Column: valid as a column phase by phase; as a pyramid it breaks in phase two."""
    c = built(COLUMN, fate2, aspects=(Fate2Aspect(name="A", level=3),))
    column = ANY_LIST.model_copy(update={"phases": 3, "aspect_cap": 3, "skill_shape": "column"})
    assert errors(fate2.validate(c, column)) == []
    assert fate2.derive(c, column).peak == 3  # Great after three phases (D§5.5)
    pyramid = column.model_copy(update={"skill_shape": "pyramid"})
    problems = fate2.validate(c, pyramid)
    assert [p.path for p in problems if p.code == "FATE2-pyramid-phase"] == ["phases[1]"]
    assert fate2.derive(c, pyramid).pyramid_ok_by_phase == (True, False, False)


def test_column_break_is_reported_as_column(fate2: Fate2System) -> None:
    """§7 Skill Column: two Fair on no Average fails the column too, in phase one."""
    c = built((phase(ranks={"A": 2, "B": 2}),), fate2)
    column = ANY_LIST.model_copy(update={"phases": 1, "skill_shape": "column"})
    problems = fate2.validate(c, column)
    assert [p.section for p in problems if p.code == "FATE2-column-phase"] == [
        "FATE 2.0, 7. GM's Toolbox: Skill Column"
    ]


# -- rank accounting (§2 Buying Skills; D§5.2 RULE-C6, C15) -----------------------------------


def test_overspent_and_unspent_phases(fate2: Fate2System) -> None:
    """Four ranks a phase: five is an error; three leaves the phase unfinished, also an error
    (a phase's ranks are spent in that phase, AMB-13; issue 23)."""
    c = built((phase(ranks={"A": 1, "B": 1, "C": 1, "D": 1, "E": 1}),), fate2)
    one = ANY_LIST.model_copy(update={"phases": 1})
    assert "FATE2-phase-overspent" in errors(fate2.validate(c, one))
    c = built((phase(ranks={"A": 1, "B": 1, "C": 1}),), fate2)
    problems = fate2.validate(c, one)
    assert errors(problems) == ["FATE2-phase-unspent"]
    assert fate2.derive(c, one).ranks_unspent == 1


def test_ranks_per_phase_setting(fate2: Fate2System) -> None:
    """§2 GM Overview: the GM may give another number of ranks a phase."""
    c = built((phase(ranks={"A": 2, "B": 1, "C": 1, "D": 1, "E": 1}),), fate2)
    six = ANY_LIST.model_copy(update={"phases": 1, "ranks_per_phase": 6})
    assert errors(fate2.validate(c, six)) == []
    assert fate2.derive(c, six).ranks_total == 6


def test_sheet_disagreeing_with_history(fate2: Fate2System) -> None:
    """§2 Looking at the Pyramid: the ticks decide the values; a sheet value the phases did
    not buy is named, and so is an aspect level the phases did not take."""
    c = built((phase(ranks={"A": 2, "B": 1, "C": 1}),), fate2)
    wrong = c.model_copy(
        update={"skills": {**c.skills, "A": 2}, "aspects": (Fate2Aspect(name="A", level=2),)}
    )
    problems = fate2.validate(wrong, ANY_LIST.model_copy(update={"phases": 1}))
    assert [p.path for p in problems if p.code == "FATE2-sheet-skill"] == ["skills.A"]
    assert [p.path for p in problems if p.code == "FATE2-sheet-aspect"] == ["aspects[0].level"]
    assert "FATE2-pyramid" in errors(problems)  # the sheet's own shape is checked too


def test_no_history_checks_final_pyramid_only(fate2: Fate2System) -> None:
    """Issue 11: without history the ranks are not counted and an unbalanced final pyramid is
    an error; issue 23: the unwritten phases are an error too (not finished)."""
    c = Fate2Character(name="Bare", skills={"A": 2, "B": 1, "C": 0})
    problems = fate2.validate(c, ANY_LIST)
    assert "FATE2-phase-count" in errors(problems)
    assert "FATE2-pyramid" in errors(problems)
    derived = fate2.derive(c, ANY_LIST)
    assert derived.ranks_total is None and derived.ranks_unspent is None
    assert derived.ranks_spent == 3 + 2 + 1
    assert derived.pyramid_ok_by_phase == () and not derived.pyramid_ok


def test_phase_count(fate2: Fate2System) -> None:
    """§2 Phases: the GM sets the number; a history with fewer is not finished."""
    c = built((phase(ranks={"A": 1, "B": 1, "C": 1, "D": 1}),), fate2)
    problems = fate2.validate(c, ANY_LIST)
    assert [p.message for p in problems if p.code == "FATE2-phase-count"] == [
        "This campaign has 5 phases; 1 is recorded (potential phases and arcs come on top)."
    ]


def test_each_phase_takes_one_aspect(fate2: Fate2System) -> None:
    """§2 Select Aspects, §6 Free Aspects: one aspect level a phase by default."""
    one = ANY_LIST.model_copy(update={"phases": 1})
    none = built((phase("", ranks={"A": 1, "B": 1, "C": 1, "D": 1}),), fate2)
    assert "FATE2-phase-aspects" in errors(fate2.validate(none, one))
    two = built((Fate2Phase(aspects=("A", "B"), ranks={"A": 1, "B": 1, "C": 1, "D": 1}),), fate2)
    assert "FATE2-phase-aspects" in errors(fate2.validate(two, one))
    assert errors(fate2.validate(two, one.model_copy(update={"aspects_per_phase": 2}))) == []


# -- aspects (§2 Select Aspects; §7 Aspect Caps) --------------------------------------------------


@pytest.mark.parametrize(("phases", "cap"), [(1, 1), (2, 1), (5, 2), (7, 3), (8, 4)])
def test_aspect_cap_rule_of_thumb(phases: int, cap: int) -> None:
    """§2 Select Aspects: a third to a half of the phases; half rounded down, at least 1."""
    assert Fate2Settings(phases=phases).cap() == cap


def test_aspect_over_cap(fate2: Fate2System) -> None:
    """§2 Select Aspects: the GM's maximum; the rule of thumb gives 2 for five phases."""
    c = Fate2Character(name="X", aspects=(Fate2Aspect(name="Gypsy", level=3),))
    assert "FATE2-aspect-cap" in errors(fate2.validate(c))
    assert "FATE2-aspect-cap" not in errors(fate2.validate(c, Fate2Settings(aspect_cap=3)))


def test_fixed_aspect_cap_rules(fate2: Fate2System) -> None:
    """§7 Aspect Caps: no aspect over half the levels; none above the highest skill."""
    c = Fate2Character(
        name="X",
        skills={"A": 1, "B": 0, "C": 0},
        aspects=(Fate2Aspect(name="Big", level=2), Fate2Aspect(name="Small", level=1)),
    )
    settings = Fate2Settings(cap_rules=("half-of-levels", "not-above-peak-skill"))
    problems = fate2.validate(c, settings)
    assert [p.path for p in problems if p.code == "FATE2-aspect-half"] == ["aspects[0].level"]
    assert [p.path for p in problems if p.code == "FATE2-aspect-above-peak"] == ["aspects[0].level"]


def test_checked_boxes_limited_by_level(fate2: Fate2System) -> None:
    """§2 Select Aspects: an aspect has as many boxes as levels."""
    c = Fate2Character(name="X", aspects=(Fate2Aspect(name="Knight", level=1, checked=2),))
    assert "FATE2-aspect-boxes" in errors(fate2.validate(c))


# -- fate points (§2 Fate Points) -----------------------------------------------------------------


@pytest.mark.parametrize(("phases", "fp"), [(1, 1), (4, 2), (5, 3), (6, 3), (8, 4)])
def test_starting_fate_points_half_the_phases(phases: int, fp: int) -> None:
    """§2 Fate Points: about half the phases; the Sybil example rounds 5 up to 3 (AMB-04)."""
    assert Fate2Settings(phases=phases).fate_points() == fp


def test_fate_points_gm_choice_and_current(fate2: Fate2System) -> None:
    """§2 Fate Points: the GM gives the starting amount; a recorded current pool wins."""
    c = Fate2Character(name="X")
    assert fate2.derive(c, Fate2Settings(starting_fate_points=7)).fate_points == 7
    assert fate2.derive(c.model_copy(update={"fate_points": 1})).fate_points == 1


# -- creation options (§6; §7) ------------------------------------------------------------------


def test_plot_bonus_rank(fate2: Fate2System) -> None:
    """§6 Aspects as Plot Hooks: a plot phase gives one more rank (the GM may choose more)."""
    c = built((phase(plot=True, ranks={"A": 2, "B": 1, "C": 1, "D": 1}),), fate2)
    plot = ANY_LIST.model_copy(update={"phases": 1, "plot_aspects": True})
    assert errors(fate2.validate(c, plot)) == []
    assert fate2.derive(c, plot).ranks_total == 5
    assert fate2.derive(c, plot.model_copy(update={"plot_bonus": 3})).ranks_total == 7


def test_free_aspects(fate2: Fate2System) -> None:
    """§6 Free Aspects: levels outside the phases, only as many as the GM allows."""
    c = built((phase(ranks={"A": 1, "B": 1, "C": 1, "D": 1}),), fate2, free_aspects=("French",))
    c = c.model_copy(update={"aspects": (*c.aspects, Fate2Aspect(name="French"))})
    one = ANY_LIST.model_copy(update={"phases": 1})
    assert "FATE2-free-aspects" in errors(fate2.validate(c, one))
    assert errors(fate2.validate(c, one.model_copy(update={"free_aspects": 1}))) == []


def test_potential_mikah(fate2: Fate2System) -> None:
    """§6 Example of Potential: Mikah misses two phases (2 potential), takes Child of Prophecy,
    then Sorcerer and a second Sorcerer phase with one point; one point is left."""
    ranks = {"A": 1, "B": 1, "C": 1, "D": 1}
    history = (
        Fate2Phase(kind="absent"),
        Fate2Phase(kind="absent"),
        phase("Child of Prophecy", ranks=ranks),
        phase("Sorcerer", ranks={"A": 1, "B": 1, "E": 1, "F": 1}),
        Fate2Phase(kind="potential", aspects=("Sorcerer",), ranks={"G": 1, "H": 1, "C": 2}),
    )
    c = built(history, fate2)
    settings = ANY_LIST.model_copy(update={"phases": 4, "potential": True})
    assert errors(fate2.validate(c, settings)) == []
    derived = fate2.derive(c, settings)
    assert derived.potential_left == 1 and derived.ranks_total == 12
    assert "FATE2-potential-off" in errors(fate2.validate(c, ANY_LIST.model_copy(
        update={"phases": 4})))  # fmt: skip


def test_potential_needs_a_point_and_an_aspect_phase(fate2: Fate2System) -> None:
    """§6 Potential: spent in a phase where an aspect is bought, from points banked."""
    c = built(
        (Fate2Phase(kind="potential", aspects=("A",), ranks={"A": 1, "B": 1, "C": 1, "D": 1}),),
        fate2,
    )
    settings = ANY_LIST.model_copy(update={"phases": 0 + 1, "potential": True})
    problems = errors(fate2.validate(c, settings))
    assert "FATE2-potential-where" in problems and "FATE2-potential-none" in problems


def test_destiny_phase_has_no_ranks(fate2: Fate2System) -> None:
    """§6 Destiny: the Destiny aspect is taken with no skill ranks."""
    ok = built((Fate2Phase(kind="destiny", aspects=("Destiny",)),), fate2)
    settings = ANY_LIST.model_copy(update={"phases": 1, "destiny": True})
    assert errors(fate2.validate(ok, settings)) == []
    assert fate2.derive(ok, settings).ranks_total == 0
    bad = built((Fate2Phase(kind="destiny", aspects=("Destiny",), ranks={"A": 1}),), fate2)
    assert "FATE2-phase-overspent" in errors(fate2.validate(bad, settings))
    off = settings.model_copy(update={"destiny": False})
    assert "FATE2-destiny-off" in errors(fate2.validate(ok, off))


def test_difficult_skills(fate2: Fate2System) -> None:
    """§7 Difficult Skills: a Poor skill takes two ranks to reach Average and stays out of the
    pyramid until then."""
    listed = ANY_LIST.model_copy(
        update={
            "phases": 1,
            "difficult_skills": True,
            "skills": (*(ANY_LIST.skills or ()), SkillDef(name="Mobility", default=-2)),
        }
    )
    c = Fate2Character(
        name="Wolf",
        phases=(phase(ranks={"Mobility": 1, "A": 2, "B": 1}),),
        skills={"Mobility": -1, "A": 1, "B": 0},
        aspects=(Fate2Aspect(name="A"),),
    )
    # Mobility at Mediocre is outside the pyramid: 1 Fair over 1 Average fails.
    assert "FATE2-pyramid-phase" in errors(fate2.validate(c, listed))
    c = c.model_copy(
        update={
            "phases": (phase(ranks={"Mobility": 2, "A": 1, "B": 1}),),
            "skills": {"Mobility": 0, "A": 0, "B": 0},
        }
    )
    assert errors(fate2.validate(c, listed)) == []
    assert fate2.derive(c, listed).ranks_spent == 4
    below = c.model_copy(update={"phases": (), "skills": {"Mobility": -3}})
    assert "FATE2-skill-below-default" in errors(fate2.validate(below, listed))


def test_extras_in_and_out_of_the_pyramid(fate2: Fate2System) -> None:
    """§5 Extras and the Pyramid: outside by default; inside, an extra of n ranks counts like a
    skill of n ticks (3 ranks: a Good over one Average), and one extra a phase is the
    guideline."""
    c = built(
        (phase(ranks={"A": 1, "B": 1}, extras={"Sword": 1, "Horse": 1}),),
        fate2,
        extras=(Fate2Extra(name="Sword", kind="item", ranks=1), Fate2Extra(name="Horse", ranks=1)),
    )
    one = ANY_LIST.model_copy(update={"phases": 1})
    assert errors(fate2.validate(c, one)) == []
    inside = one.model_copy(update={"extras_in_pyramid": True})
    assert "FATE2-extras-per-phase" in warnings(fate2.validate(c, inside))
    spike = built(
        (phase(ranks={"A": 1}, extras={"Sword": 3}),),
        fate2,
        extras=(Fate2Extra(name="Sword", kind="item", ranks=3),),
    )
    assert errors(fate2.validate(spike, one)) == []
    assert "FATE2-pyramid-phase" in errors(fate2.validate(spike, inside))
    off = one.model_copy(update={"extras": False})
    assert "FATE2-extras-off" in errors(fate2.validate(c, off))


def test_extra_rules(fate2: Fate2System) -> None:
    """§5: one aspect per rank; minions need a controlling aspect; a servant is no bigger than
    its patron (more than half needs the GM's nod)."""
    c = Fate2Character(
        name="X",
        extras=(
            Fate2Extra(name="Cloak", kind="item", ranks=1, aspects=("Dark", "Warm")),
            Fate2Extra(name="Goons", kind="minions", ranks=2),
            Fate2Extra(name="Lucan", kind="servant", ranks=6),
            Fate2Extra(name="Ghost", kind="servant", ranks=3),
        ),
    )
    problems = fate2.validate(c)
    assert "FATE2-extra-aspects" in errors(problems)
    assert "FATE2-minions-control" in errors(problems)
    assert "FATE2-servant-size" in errors(problems)
    assert "FATE2-servant-large" in warnings(problems)


def test_skill_rename_keeps_ticks(fate2: Fate2System) -> None:
    """Appendix IV (AMB-28): Sneak in phase one is Stealth in phase two, one skill."""
    c = built(
        (
            phase(ranks={"Sneak": 2, "B": 1, "C": 1}),
            phase(renames={"Sneak": "Stealth"}, ranks={"Stealth": 1, "D": 1, "E": 1, "F": 1}),
        ),
        fate2,
    )
    assert c.skills["Stealth"] == 2 and "Sneak" not in c.skills


def test_unlisted_skill_is_a_warning(fate2: Fate2System) -> None:
    """§10 Skill Lists: the GM builds the list; a skill off it is worth a word with the GM."""
    c = built((phase(ranks={"Basketweaving": 1, "A": 1, "B": 1, "C": 1}),), fate2)
    problems = fate2.validate(c, Fate2Settings(phases=1))
    assert "FATE2-skill-unlisted" in warnings(problems) and errors(problems) == []


# -- the wound track (§8 Injuries and Advantages, Table 2) ----------------------------------------


def test_wound_track_bands_and_boxes(fate2: Fate2System) -> None:
    """Table 2: Clipped 1, Hurt 2-4 (3 boxes), Injured 5-6 (2 boxes), Taken Out 7+ (one X);
    Clipped's count is the project's assumption (AMB-06)."""
    track = fate2.derive(Fate2Character()).wound_track
    assert [(b.outcome, b.mos_min, b.mos_max, b.boxes) for b in track] == [
        ("Scratched", 0, 0, 0),
        ("Clipped", 1, 1, 3),
        ("Hurt", 2, 4, 3),
        ("Injured", 5, 6, 2),
        ("Taken Out", 7, None, 1),
    ]


def test_wound_boxes_changed_by_the_gm(fate2: Fate2System) -> None:
    """§8 Changing Wound Boxes: more or fewer boxes for more or less brutal fights."""
    settings = Fate2Settings(wound_boxes=WoundBoxes(clipped=0, hurt=4, injured=3))
    track = fate2.derive(Fate2Character(), settings).wound_track
    assert [b.boxes for b in track] == [0, 0, 4, 3, 1]


def test_arcs_of_advancement_may_save_ranks(fate2: Fate2System) -> None:
    """§7 Advancement: an arc is four ranks and the goal aspect; ranks may be saved for the
    next arc, and the pyramid must balance when the goal is reached (AMB-03)."""
    history = (
        phase(ranks={"A": 2, "B": 1, "C": 1}),
        Fate2Phase(kind="arc", aspects=("Goal",), ranks={"D": 1, "E": 1, "F": 1}),
        Fate2Phase(kind="arc", aspects=("Goal",), ranks={"B": 1, "G": 1, "H": 1, "I": 1, "J": 1}),
    )
    c = built(history, fate2)
    one = ANY_LIST.model_copy(update={"phases": 1, "aspect_cap": 2})
    problems = fate2.validate(c, one)
    assert errors(problems) == [] and "FATE2-phase-unspent" not in warnings(problems)
    assert fate2.derive(c, one).ranks_total == 12
    spent_early = c.model_copy(
        update={"phases": (history[0], history[2].model_copy(update={"kind": "arc"}))}
    )
    assert "FATE2-phase-overspent" in errors(fate2.validate(spent_early, one))
