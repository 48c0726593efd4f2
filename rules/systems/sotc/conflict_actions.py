"""Rules layer: Spirit of the Century's own encounter actions: ambush, falling, first aid,
long-term care, recovery by the time chart, and the initiative stunts the shared turn order
cannot know; the hazards, maneuvers and chases of :mod:`rules.systems.sotc.hazards` join them
in :data:`ACTIONS`.

Each action is an :class:`rules.conflict_rules.ActionSpec` (its parameters and book section)
applied with the engine's steps (:mod:`rules.conflict.steps`), so it is logged, undone and
replayed like any other event. Line numbers cite the SotC SRD text in the seeds
(``spirit-of-the-century-srd.txt``); digest sotc.md sections 1.8, 6.9, 6.12, 6.14, 9.
"""

from __future__ import annotations

from collections.abc import Callable

from rules.character import Consequence, Severity
from rules.conflict import steps
from rules.conflict_rules import ActionParam, ActionSpec, ConflictRules
from rules.encounter import (
    Encounter,
    Participant,
    RecoveryPeriod,
    SystemActionEvent,
)
from rules.errors import RuleViolation
from rules.systems.sotc.consequence_slots import free_slot
from rules.systems.sotc.hazards import APPLY as HAZARD_APPLY
from rules.systems.sotc.hazards import HAZARDS, burn, hazard_rolls
from rules.systems.sotc.ongoing_hazards import timed_begins
from rules.systems.sotc.participant_options import has, options_of, with_options
from rules.systems.sotc.stunt_actions import STUNT_ACTIONS, STUNT_APPLY, STUNT_ROLLS

S_AMBUSH = "SotC, Skills: Alertness, Avoiding Surprise; Stealth, Ambush"
S_FALLING = "SotC, Skills: Athletics, Falling"
S_FIRST_AID = "SotC, Skills: Science, Medical Attention"
S_CARE = "SotC, Skills: Science, Medical Attention, long-term care"
S_ON_TOP = "SotC, Stunts: Alertness, On Top Of It"
S_INITIATIVE = "SotC, Stunts: Burglary, Trespass Tempo; Mysteries, Psychic"

FALLS: tuple[str, ...] = ("short", "medium", "long", "extreme")
"""SotC "Falling": the categories of a fall, shortest first."""

FALL_DIFFICULTY: dict[str, int] = {"short": 2, "medium": 4, "long": 6}
"""The Athletics difficulty to treat a fall as one category shorter: Fair, Great, Fantastic
(SRD L5359-L5361; an extreme fall cannot be attempted without Safe Fall)."""

FALL_CONSEQUENCE: dict[str, Severity] = {"short": "mild", "medium": "moderate", "long": "severe"}
"""What a fall imposes (SRD L5367: the book's "minor" is mild); an extreme fall takes the faller
out."""

CARE_DIFFICULTY: dict[Severity, int] = {"mild": 0, "moderate": 2, "severe": 4, "extra": 2}
"""Long-term care: Mediocre for a mild consequence, Fair moderate, Great severe (SRD
L5898-L5903); a companion's extra consequence recovers like a moderate one."""

ACTIONS: tuple[ActionSpec, ...] = (
    ActionSpec(
        name="ambush", label="Ambush", section=S_AMBUSH, group="Surprise",
        min_targets=1, max_targets=50,
        help="The ambusher rolls Stealth; each target rolls Alertness against it. A target who "
        "fails defends at Mediocre in the first exchange; every target (but Constant "
        "Vigilance) only defends in the first exchange; Danger Sense and Saw It Coming defend "
        "fully.",
        params=(
            ActionParam(name="skill", label="Ambusher's skill", type="str", default="Stealth"),
            ActionParam(name="supernatural", label="Supernatural surprise", type="bool",
                        default=False, help="Psychic targets roll Mysteries instead."),
            ActionParam(name="full_defense", label="Danger Sense / Saw It Coming defend fully",
                        type="bool", default=True),
        ),
    ),
    ActionSpec(
        name="fall", label="Fall", section=S_FALLING, group="Hazards",
        help="Athletics: below Mediocre, one category worse; at the table's difficulty, one "
        "shorter. Short: mild, medium: moderate, long: severe consequence, extreme: taken out.",
        params=(
            ActionParam(name="height", label="Fall", type="choice", choices=FALLS),
            ActionParam(name="near_surface", label="Near a wall or ropes (Safe Fall)",
                        type="bool", default=False),
            ActionParam(name="text", label="Consequence", type="str", default=""),
        ),
    ),
    ActionSpec(
        name="first_aid", label="First aid", section=S_FIRST_AID, group="Recovery",
        min_targets=1, max_targets=1,
        help="Science vs Mediocre (Doctor +2), a full action; the patient gives up its next "
        "action. One shift clears the 1-stress box, every two more one box higher (Medic: "
        "up to the shifts' box).",
        params=(
            ActionParam(name="box", label="Box to clear (0: the highest it reaches)",
                        minimum=0, maximum=20, default=0),
            ActionParam(name="consequence", label="Medic: mild consequence to clear instead",
                        type="str", default=""),
            ActionParam(name="stabilize", label="Stabilise this consequence instead",
                        type="str", default="",
                        help="A severe or lesser consequence that looks life-threatening: "
                        "success limits its compels."),
            ActionParam(name="skill", label="Skill", type="choice",
                        choices=("Science", "Mysteries"), default="Science",
                        help="Mysteries with Herbal Remedies."),
        ),
    ),
    ActionSpec(
        name="medical_care", label="Long-term care", section=S_CARE, group="Recovery",
        min_targets=1, max_targets=1,
        help="A scene of treatment: Science (Doctor +2) vs Mediocre/Fair/Great for a mild/"
        "moderate/severe physical consequence; success shortens its recovery one step. One "
        "attempt per consequence.",
        params=(
            ActionParam(name="consequence", label="Consequence", type="str"),
            ActionParam(name="spin_two_steps", label="Spin: two steps (GM)", type="bool",
                        default=False),
            ActionParam(name="skill", label="Skill", type="choice",
                        choices=("Science", "Mysteries"), default="Science",
                        help="Mysteries with Herbal Remedies."),
            ActionParam(name="factors", label="Difficulty factors (steps, comma-separated)",
                        type="str", default="",
                        help="Poor facilities, a missing supply...: each raises the "
                        "difficulty; a Surgeon in his specialty ignores one."),
            ActionParam(name="specialty", label="Surgeon: in his specialty", type="bool",
                        default=False),
        ),
    ),
    ActionSpec(
        name="on_top_of_it", label="On Top Of It", section=S_ON_TOP, group="Initiative",
        help="Pay a fate point to act next (first, at the start of an exchange).",
    ),
    ActionSpec(
        name="initiative_skill", label="Initiative by stunt", section=S_INITIATIVE,
        group="Initiative",
        help="Before the conflict starts: Burglary for initiative while a job goes to plan "
        "(Trespass Tempo), Mysteries against otherworldly foes (Psychic).",
        params=(
            ActionParam(name="stunt", label="Stunt", type="choice",
                        choices=("Trespass Tempo", "Psychic")),
        ),
    ),
    *HAZARDS,
    *STUNT_ACTIONS,
)  # fmt: skip
"""Every action SotC adds to the shared ones."""


def _faces(event: SystemActionEvent, index: int) -> tuple[int, ...] | None:
    dice = event.dice or ()
    return dice[index] if index < len(dice) else None


def action_rolls(event: SystemActionEvent) -> int:
    """Ambush: the ambusher's roll and one per target; the others one roll."""
    hazard = hazard_rolls(event)
    if hazard is not None:
        return hazard
    if event.action == "ambush":
        return 1 + len(event.targets)
    if event.action in ("fall", "first_aid", "medical_care"):
        return 1
    return STUNT_ROLLS.get(event.action, 0)


# -- ambush -----------------------------------------------------------------------------------


def _ambush(state: Encounter, cr: ConflictRules, ev: SystemActionEvent) -> tuple[Encounter, str]:
    if state.ended:
        raise RuleViolation("the scene has ended")
    if state.started and state.exchange > 1:
        raise RuleViolation("an ambush opens a conflict: make it before or in the first exchange")
    assert ev.actor is not None
    steps.find(state, ev.actor, active=True)
    first = max(1, state.exchange)
    state, stealth = steps.roll(state, cr, ev.actor, str(ev.params["skill"]), _faces(ev, 0))
    parts = [
        f"{steps.name(state, ev.actor)} strikes from ambush: {steps.roll_text(cr, state, stealth)}"
    ]
    for i, pid in enumerate(ev.targets, start=1):
        t = steps.find(state, pid, active=True)
        if pid == ev.actor:
            raise RuleViolation("the ambusher cannot ambush itself")
        if has(t, "Constant Vigilance"):  # SRD L2405: the ambush rules do not apply
            parts.append(f"{t.name}: Constant Vigilance, acts freely")
            continue
        defends_fully = bool(ev.params["full_defense"]) and (
            has(t, "Danger Sense") or has(t, "Saw It Coming")
        )
        if has(t, "Saw It Coming"):  # SRD L2391: never surprised
            surprised, line = False, f"{t.name}: Saw It Coming, never surprised"
        else:
            psychic = bool(ev.params["supernatural"]) and has(t, "Psychic")
            skill = "Mysteries" if psychic else "Alertness"
            state, check = steps.roll(state, cr, pid, skill, _faces(ev, i))
            surprised = check.effort < stealth.effort
            verdict = "surprised: defends at Mediocre" if surprised else "not surprised"
            line = f"{steps.roll_text(cr, state, check)} vs {stealth.effort:+d}: {verdict}"
        t = steps.find(state, pid)
        changes: dict[str, bool] = {"acted": True}  # SRD L2405: the others only defend
        if defends_fully:
            changes["full_defense"] = True
            line += "; full defense (+2)"
        t = steps.update(t, **changes)
        if surprised:
            t = with_options(t, surprised_until=first)
        state = steps.put(state, t)
        parts.append(line)
    parts.append(f"the ambushed only defend in exchange {first}")
    return state, "; ".join(parts)


def defense_rating(state: Encounter, p: Participant, rating: int) -> tuple[int, str]:
    """Surprised by an ambush: the defense skill counts as Mediocre through the first exchange
    (SRD L1716; the Stealth text, L2191, says the first defense roll: the Alertness rule is
    followed)."""
    until = options_of(p).surprised_until
    if until and state.exchange <= until and rating != 0:
        return 0, "surprised: defends at Mediocre"
    return rating, ""


# -- falling ----------------------------------------------------------------------------------


def _fall(state: Encounter, cr: ConflictRules, ev: SystemActionEvent) -> tuple[Encounter, str]:
    assert ev.actor is not None
    p = steps.find(state, ev.actor, active=True)
    height = str(ev.params["height"])
    index = FALLS.index(height)
    notes: list[str] = [f"{p.name} falls ({height})"]
    if has(p, "Safe Fall") and ev.params["near_surface"]:
        index -= 2  # SRD L2531: two categories shorter near a surface
        notes.append("Safe Fall: two categories shorter")
    if FALLS[max(index, 0)] == "extreme":
        notes.append("an extreme fall cannot be rolled against")
    elif index >= 0:
        acrobat = 2 if has(p, "Acrobat") else 0  # SRD L2525
        state, rec = steps.roll(state, cr, p.id, "Athletics", _faces(ev, 0), modifier=acrobat)
        target = FALL_DIFFICULTY[FALLS[index]]
        line = steps.roll_text(cr, state, rec) + (" (Acrobat)" if acrobat else "")
        if rec.effort < 0:
            index += 1
            line += ": below Mediocre, one category worse"
        elif rec.effort >= target:
            index -= 1
            line += f": makes {target:+d}, one category shorter"
        notes.append(line)
    if index < 0:
        notes.append("no harm")
        return state, "; ".join(notes)
    result = FALLS[min(index, len(FALLS) - 1)]
    p = steps.find(state, p.id)
    text = str(ev.params["text"]) or f"Hurt in a {result} fall"
    if result == "extreme":
        notes.append(f"an extreme fall: {p.name} is taken out")
        return steps.take_out(state, p.id), "; ".join(notes)
    severity = free_slot(cr, p, FALL_CONSEQUENCE[result])
    if severity is None:
        notes.append(f"a {result} fall and no consequence left: {p.name} is taken out")
        return steps.take_out(state, p.id), "; ".join(notes)
    state = steps.add_consequence(state, p.id, severity, text, "physical")
    notes.append(f"a {result} fall: {severity} consequence \u201c{text}\u201d")
    return state, "; ".join(notes)


# -- first aid and care -----------------------------------------------------------------------


def _in_fight(state: Encounter) -> bool:
    return state.started and not state.ended


def medicine_bonus(
    stunts: tuple[str, ...], skill: str, *, intensive: bool = False, specialty: bool = False
) -> tuple[int, tuple[str, ...]]:
    """The bonus on a roll of ``skill`` for first aid or care, and the stunts that give it:
    Doctor +2 on Science (SRD L4325); Surgeon +1 on Science for surgery or other intensive
    work, +1 more in his specialty (SRD L4349); Herbal Remedies lets Mysteries stand in for
    Science, with no bonus of the Science stunts (SRD L3915).

    Raises:
        RuleViolation: Mysteries without Herbal Remedies.
    """
    if skill == "Mysteries":
        if "Herbal Remedies" not in stunts:
            raise RuleViolation("only Herbal Remedies treats with Mysteries instead of Science")
        return 0, ("Herbal Remedies",)
    bonus, why = 0, []
    if "Doctor" in stunts:
        bonus, why = 2, ["Doctor"]
    if intensive and "Surgeon" in stunts:
        bonus += 2 if specialty else 1
        why.append("Surgeon, specialty" if specialty else "Surgeon")
    return bonus, tuple(why)


def _science(
    state: Encounter,
    cr: ConflictRules,
    doctor: Participant,
    faces: tuple[int, ...] | None,
    skill: str = "Science",
    *,
    intensive: bool = False,
    specialty: bool = False,
) -> tuple[Encounter, int, str]:
    bonus, why = medicine_bonus(
        options_of(doctor).stunts, skill, intensive=intensive, specialty=specialty
    )
    state, rec = steps.roll(state, cr, doctor.id, skill, faces, modifier=bonus)
    return (
        state,
        rec.effort,
        steps.roll_text(cr, state, rec) + (f" ({', '.join(why)})" if why else ""),
    )


def first_aid_box(shifts: int, medic: bool) -> int:
    """The highest box (from 1) first aid of ``shifts`` clears: the 1-stress box at one shift,
    one box higher for every two more (SRD L5890: five shifts, box 3); Medic, the shifts' own
    box (SRD L4331); 0 below one shift."""
    if shifts < 1:
        return 0
    return shifts if medic else 1 + (shifts - 1) // 2


def _first_aid(state: Encounter, cr: ConflictRules, ev: SystemActionEvent) -> tuple[Encounter, str]:
    assert ev.actor is not None
    doctor = steps.find(state, ev.actor, active=True)
    patient = steps.find(state, ev.targets[0])
    fight = _in_fight(state)
    if fight and options_of(patient).first_aid_in == state.exchange:
        raise RuleViolation(f"{patient.name} has had first aid this exchange (one an exchange)")
    if fight:
        state = steps.acted(state, doctor.id)  # a full action
    state, effort, line = _science(state, cr, doctor, _faces(ev, 0), str(ev.params["skill"]))
    parts = [f"{doctor.name} gives {patient.name} first aid: {line} vs +0"]
    patient = steps.find(state, patient.id)
    if fight:
        if patient.id == doctor.id or patient.acted:
            patient = with_options(patient, forfeit_exchange=state.exchange + 1)
            parts.append(f"{patient.name} gives up the next exchange's action")
        else:
            patient = steps.update(patient, acted=True)
            parts.append(f"{patient.name} gives up this exchange's action")
        patient = with_options(patient, first_aid_in=state.exchange)
        state = steps.put(state, patient)
    medic = has(doctor, "Medic")
    reach = first_aid_box(effort, medic)
    if reach == 0:
        parts.append("no shift: no effect")
        return state, "; ".join(parts)
    health = patient.track("health")
    if ev.params["stabilize"]:
        state, text = _stabilize(state, patient, str(ev.params["stabilize"]))
        parts.append(text)
        return state, "; ".join(parts)
    wanted = str(ev.params["consequence"])
    if wanted:
        if not medic or effort <= len(health):
            raise RuleViolation(
                "only a Medic whose shifts pass the patient's Health boxes clears a mild "
                f"consequence ({effort} shifts, {len(health)} boxes)"
            )
        held = next((c for c in patient.consequences if c.text.casefold() == wanted.casefold()),
                    None)  # fmt: skip
        if held is None or held.severity != "mild" or held.kind != "physical":
            raise RuleViolation(f"{patient.name} holds no mild physical consequence {wanted!r}")
        state, text = steps.remove_consequence(state, cr, patient.id, held.text)
        parts.append(f"Medic: {text}")
        return state, "; ".join(parts)
    box = int(ev.params["box"])
    if box:
        if box > reach:
            raise RuleViolation(f"{effort} shift(s) reach box {reach}, not box {box}")
        if box > len(health) or not health[box - 1]:
            raise RuleViolation(f"{patient.name}'s health box {box} is not checked")
    else:
        box = max((i + 1 for i in range(min(reach, len(health))) if health[i]), default=0)
    if not box:
        parts.append(f"reaches box {reach}: no checked box to clear")
        return state, "; ".join(parts)
    state = steps.clear_box(state, patient.id, "health", box - 1)
    parts.append(f"reaches box {reach}" + (" (Medic)" if medic else "") + f": clears box {box}")
    return state, "; ".join(parts)


def _stabilize(state: Encounter, patient: Participant, wanted: str) -> tuple[Encounter, str]:
    """First aid's success spent stabilising a severe or lesser consequence that looks
    life-threatening: its compels are limited (SRD L5890)."""
    held = next((c for c in patient.consequences if c.text.casefold() == wanted.casefold()), None)
    if held is None or held.severity == "extra":
        raise RuleViolation(f"{patient.name} holds no consequence {wanted!r} to stabilise")
    done = options_of(patient).stabilized
    if held.text in done:
        raise RuleViolation(f"\u201c{held.text}\u201d is already stabilised")
    state = steps.put(state, with_options(patient, stabilized=(*done, held.text)))
    return state, f"stabilises \u201c{held.text}\u201d (its compels are limited)"


def care_difficulty(severity: Severity, factors: tuple[int, ...], ignore_one: bool) -> int:
    """Long-term care's difficulty: by severity (SRD L5898-L5903) plus each factor's steps; a
    Surgeon in his specialty ignores one of them, the largest (SRD L4349)."""
    extra = sorted(factors)
    if ignore_one and extra:
        extra.pop()
    return CARE_DIFFICULTY[severity] + sum(extra)


def _factors(text: str) -> tuple[int, ...]:
    try:
        out = tuple(int(x) for x in text.replace(" ", "").split(",") if x)
    except ValueError:
        raise RuleViolation(
            f"difficulty factors are whole steps, comma-separated: {text!r}"
        ) from None
    if any(not 0 <= f <= 8 for f in out) or len(out) > 6:
        raise RuleViolation("each difficulty factor is 0 to 8 steps, at most 6 of them")
    return out


def _care_entries(p: Participant) -> dict[str, int]:
    out: dict[str, int] = {}
    for entry in options_of(p).care:
        steps_saved, _, text = entry.partition("|")
        out[text.casefold()] = int(steps_saved)
    return out


def _medical_care(
    state: Encounter, cr: ConflictRules, ev: SystemActionEvent
) -> tuple[Encounter, str]:
    assert ev.actor is not None
    if _in_fight(state):
        raise RuleViolation("long-term care takes a scene of treatment, not a conflict's action")
    doctor = steps.find(state, ev.actor)
    patient = steps.find(state, ev.targets[0])
    wanted = str(ev.params["consequence"])
    held = next((c for c in patient.consequences if c.text.casefold() == wanted.casefold()), None)
    if held is None or held.kind != "physical":
        raise RuleViolation(f"{patient.name} holds no physical consequence {wanted!r}")
    care = _care_entries(patient)
    if held.text.casefold() in care:
        raise RuleViolation(f"\u201c{held.text}\u201d has had its one attempt at care")
    specialty = bool(ev.params["specialty"])
    if specialty and not has(doctor, "Surgeon"):
        raise RuleViolation(f"{doctor.name} is not a Surgeon")
    difficulty = care_difficulty(held.severity, _factors(str(ev.params["factors"])), specialty)
    state, effort, line = _science(
        state, cr, doctor, _faces(ev, 0), str(ev.params["skill"]), intensive=True,
        specialty=specialty,
    )  # fmt: skip
    parts = [f"{doctor.name} treats {patient.name}'s \u201c{held.text}\u201d: {line} vs "
             f"{difficulty:+d}"]  # fmt: skip
    saved = 0
    if effort >= difficulty:
        spin = effort - difficulty >= cr.spin_margin
        saved = 2 if spin and ev.params["spin_two_steps"] else 1
        parts.append(f"recovery {saved} step{'s' if saved > 1 else ''} sooner")
    else:
        parts.append("no help (one attempt only)")
    patient = steps.find(state, patient.id)
    entries = (*options_of(patient).care, f"{saved}|{held.text}")
    state = steps.put(state, with_options(patient, care=entries))
    return state, "; ".join(parts)


TIME_CHART: tuple[str, ...] = (
    "instant", "a few moments", "half a minute", "a minute", "a few minutes", "15 minutes",
    "half an hour", "an hour", "a few hours", "an afternoon", "a day", "a few days", "a week",
    "a few weeks", "a month", "a few months", "a season", "half a year", "a year",
    "a few years", "a decade", "a lifetime",
)  # fmt: skip
"""SotC's time increments, shortest first (SRD L5201; digest 1.8)."""

RECOVERY_TIME: dict[Severity, str] = {
    "mild": "a few minutes", "moderate": "an afternoon", "extra": "an afternoon",
    "severe": "a few days",
}  # fmt: skip
"""How long each consequence takes to go on the time chart (SRD L1398-L1410: a breather of a
few minutes; at least 6 hours; days or weeks). Bounce Back's "about an hour instead of six" and
"days to the length of an afternoon", two steps faster (SRD L3045), place moderate at an
afternoon and severe at a few days."""

PERIOD_TIME: dict[RecoveryPeriod, str] = {
    "breather": "a few minutes", "night": "an afternoon", "downtime": "a few weeks",
}  # fmt: skip
"""How much time each rest period of ``recover`` stands for on the time chart."""

_LOWER: dict[Severity, Severity | None] = {
    "mild": None,
    "moderate": "mild",
    "extra": "mild",
    "severe": "moderate",
}


def recovery_steps(p: Participant, c: Consequence, back_to_back: bool) -> int:
    """The time-chart step by which ``p`` is rid of ``c``: its severity's time (one level lower
    for back-to-back sessions, SRD L1414), less the steps long-term care saved (SRD L5892) and,
    for a physical one, Bounce Back's two (SRD L3045)."""
    severity: Severity | None = _LOWER[c.severity] if back_to_back else c.severity
    base = TIME_CHART.index(RECOVERY_TIME[severity]) if severity is not None else 0
    saved = _care_entries(p).get(c.text.casefold(), 0)
    if c.kind == "physical" and has(p, "Bounce Back"):
        saved += 2
    return base - saved


def recover_after(p: Participant, elapsed: str, back_to_back: bool) -> tuple[Consequence, ...]:
    """The consequences ``p`` still holds once ``elapsed`` (a step of :data:`TIME_CHART`) has
    passed.

    Raises:
        RuleViolation: ``elapsed`` is not on the chart.
    """
    key = elapsed.casefold().strip()
    if key not in TIME_CHART:
        raise RuleViolation(
            f"{elapsed!r} is not a step of the time chart ({', '.join(TIME_CHART)})"
        )
    reach = TIME_CHART.index(key)
    return tuple(
        c for c in p.consequences if _uncured(p, c) or recovery_steps(p, c, back_to_back) > reach
    )


def kept_after_rest(
    p: Participant, period: RecoveryPeriod, back_to_back: bool, kept: tuple[Consequence, ...]
) -> tuple[Consequence, ...]:
    """Of ``kept``, what ``p`` still holds after ``period`` by the time chart: only care and
    Bounce Back change the periods' answer (a treated moderate consequence needs an hour or so,
    still more than a breather); a slow poison's consequences stay until it is cured."""
    reach = TIME_CHART.index(PERIOD_TIME[period])
    return tuple(
        c for c in p.consequences
        if _uncured(p, c) or (c in kept and recovery_steps(p, c, back_to_back) > reach)
    )  # fmt: skip


def _uncured(p: Participant, c: Consequence) -> bool:
    """A slow poison's consequence stays until the poison is cured (SRD L5581)."""
    return c.text in options_of(p).uncured


# -- initiative stunts ------------------------------------------------------------------------


def _on_top_of_it(
    state: Encounter, cr: ConflictRules, ev: SystemActionEvent
) -> tuple[Encounter, str]:
    assert ev.actor is not None
    p = steps.find(state, ev.actor, active=True)
    if not has(p, "On Top Of It"):
        raise RuleViolation(f"{p.name} does not have On Top Of It")
    if not _in_fight(state):
        raise RuleViolation("start the conflict first")
    if p.acted or p.holding:
        why = "is holding (use the held action)" if p.holding else "has already acted"
        raise RuleViolation(f"{p.name} {why} this exchange")
    if state.interrupt is not None:
        raise RuleViolation(f"{steps.name(state, state.interrupt)} is acting; wait until done")
    if state.current == p.id:
        raise RuleViolation(f"{p.name} is already up")
    state = steps.spend_fate_point(state, p.id, "On Top Of It")
    state = state.model_copy(update={"interrupt": p.id})
    return state, f"{p.name} spends a fate point: On Top Of It, acts next"


def _initiative_skill(
    state: Encounter, cr: ConflictRules, ev: SystemActionEvent
) -> tuple[Encounter, str]:
    assert ev.actor is not None
    p = steps.find(state, ev.actor)
    stunt = str(ev.params["stunt"])
    if not has(p, stunt):
        raise RuleViolation(f"{p.name} does not have {stunt}")
    if state.started:
        raise RuleViolation("initiative is fixed once the conflict has started")
    skill = "Burglary" if stunt == "Trespass Tempo" else "Mysteries"
    rating = p.skill(skill, "physical")
    now = p.initiative.get("physical", 0)
    if rating <= now:
        return state, f"{p.name}'s {skill} ({rating:+d}) does not beat initiative {now:+d}"
    state = steps.put(state, steps.update(p, initiative={**p.initiative, "physical": rating}))
    return state, f"{p.name} uses {skill} for initiative ({stunt}): {rating:+d}"


# -- exchanges --------------------------------------------------------------------------------


def exchange_begins(state: Encounter, cr: ConflictRules) -> tuple[Encounter, tuple[str, ...]]:
    """Actions given up for first aid received after acting (SRD L5890); a fast poison's attack
    falls due and a lit fuse burns down (:func:`.ongoing_hazards.timed_begins`, SRD L5577,
    L6020); a lasting fire burns whoever is in it (SRD L5976)."""
    changed: list[Participant] = []
    notes: list[str] = []
    for p in state.participants:
        if options_of(p).forfeit_exchange == state.exchange:
            changed.append(with_options(steps.update(p, acted=True), forfeit_exchange=0))
            notes.append(f"{p.name} gives up this action for first aid")
    state = steps.put(state, *changed)
    state, timed = timed_begins(state)
    state, burns = burn(state, cr)
    return state, (*notes, *timed, *burns)


APPLY: dict[str, Callable[[Encounter, ConflictRules, SystemActionEvent], tuple[Encounter, str]]]
APPLY = {
    "ambush": _ambush, "fall": _fall, "first_aid": _first_aid, "medical_care": _medical_care,
    "on_top_of_it": _on_top_of_it, "initiative_skill": _initiative_skill, **HAZARD_APPLY,
    **STUNT_APPLY,
}  # fmt: skip


def apply_action(
    state: Encounter, cr: ConflictRules, event: SystemActionEvent
) -> tuple[Encounter, str]:
    """Apply one of :data:`ACTIONS` (parameters checked, defaults filled in by the engine).

    Raises:
        RuleViolation: unknown action, or the rules do not allow it now.
    """
    handler = APPLY.get(event.action)
    if handler is None:
        raise RuleViolation(f"Spirit of the Century has no action {event.action!r}")
    return handler(state, cr, event)
