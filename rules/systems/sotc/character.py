"""Rules layer: the Spirit of the Century character model (SotC "Character Creation").

Every field defaults to "not filled in yet" so that a character saved halfway through the five
phases loads and validates; the validators in :mod:`rules.systems.sotc.validate` say what is
missing. The creation counts (pyramid, aspects, stunts) live here beside the model they shape.
"""

from __future__ import annotations

import uuid
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, SerializerFunctionWrapHandler, model_serializer

from rules.character import MAX_NAME, MAX_TEXT, CharacterBase, Condition

PHASE_COUNT = 5
ASPECTS_PER_PHASE = 2
ASPECT_COUNT = PHASE_COUNT * ASPECTS_PER_PHASE
"""SotC "The Phases": two aspects in each of five phases."""

PYRAMID: dict[int, int] = {5: 1, 4: 2, 3: 3, 2: 4, 1: 5}
"""SotC "Skills": rung value -> number of skills at creation (15 in all)."""

TOP_RUNG = max(PYRAMID)
"""Superb (+5), the best rating at creation (SotC "Skills")."""

STUNT_COUNT = 5
"""Stunts a new character takes (SotC "Character Creation: Stunts")."""

PHASE_LABELS: tuple[str, ...] = (
    "Phase One (Origin)",
    "Phase Two (The Great War)",
    "Phase Three (Your Novel!)",
    "Phase Four (Other Adventures)",
    "Phase Five (Other Adventures)",
)
"""Worksheet labels (SotC Character Story Worksheet), used on printed sheets."""

PHASE_CHAPTERS: tuple[str, ...] = ("Background", "War", "Novel", "Guest Star", "Guest Star")
"""Chapter names of the five phases (SotC "The Phases")."""

AdvancementKind = Literal["aspect", "stunt", "peak", "shuffle"]
"""The kinds of advancement SotC "The Long Game: Advancement" gives: a new aspect (the first
thing any advancement adds), a new stunt (every third round), raising the pyramid's peak by one
step ("Raising the Roof", rare), and an end-of-session shuffle (swaps, nothing gained)."""

MAX_ADVANCEMENTS = 200


class NovelRef(BaseModel):
    """A reference to another character's pulp novel (phases four and five).

    Attributes:
        title: The novel's title.
        author: The name of the character whose novel it is.
        character_id: That character's id when known (set by group creation).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    title: str = Field(default="", max_length=MAX_NAME)
    author: str = Field(default="", max_length=MAX_NAME)
    character_id: uuid.UUID | None = None


class Phase(BaseModel):
    """One phase of SotC character creation.

    Attributes:
        events: What happened (phase three: the novel's back-cover blurb).
        aspects: The phase's aspects (two when finished).
        mentor: Phase two: who inspired the character.
        mentor_fate: Phase two: what became of the mentor.
        novel_title: Phase three: the title of the character's own novel.
        guest_stars: Phase three: names of the characters who guest-star in the novel.
        guest_star_in: Phases four and five: the other character's novel this one appears in.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    events: str = Field(default="", max_length=MAX_TEXT)
    aspects: tuple[str, ...] = Field(default=(), max_length=20)
    mentor: str = Field(default="", max_length=MAX_NAME)
    mentor_fate: str = Field(default="", max_length=MAX_TEXT)
    novel_title: str = Field(default="", max_length=MAX_NAME)
    guest_stars: tuple[str, ...] = Field(default=(), max_length=20)
    guest_star_in: NovelRef | None = None


class StuntPick(BaseModel):
    """One stunt the character has taken (a repeatable stunt appears once per take).

    Attributes:
        name: The stunt's name from the catalogue, or a custom stunt's name.
        skill: The skill it belongs to (filled from the catalogue; required for custom stunts).
        custom: A stunt not in the book, flagged for the GM's approval.
        description: A custom stunt's rules text, in the player's words.
        detail: Per-take specifics: a Scholar field, Linguist languages, a contact's name.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(max_length=MAX_NAME)
    skill: str = Field(default="", max_length=MAX_NAME)
    custom: bool = False
    description: str = Field(default="", max_length=MAX_TEXT)
    detail: str = Field(default="", max_length=MAX_TEXT)


class GadgetImprovement(BaseModel):
    """One improvement on a gadget (SotC "Improving Things"); ``detail`` says what it does."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(max_length=MAX_NAME)
    detail: str = Field(default="", max_length=MAX_TEXT)


class Gadget(BaseModel):
    """A personal gadget or artifact (SotC "Personal Gadgets", "Artifacts").

    Attributes:
        name: What the player calls it.
        base: The base item it improves ("harpoon gun").
        kind: personal gadget, personal artifact, or another stunt-granted device.
        improvements: Improvements bought with the stunt's allowance.
        description: What it is and does, in the player's words.
        base_cost: The base item's cost on the ladder (SotC "Dollars and Cents": a revolver
            is Mediocre, 0); None when not recorded. Build quality, price and the search for
            a seller follow from it (:mod:`rules.systems.sotc.book_values`).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(default="", max_length=MAX_NAME)
    base: str = Field(default="", max_length=MAX_NAME)
    kind: Literal["personal", "artifact", "other"] = "personal"
    improvements: tuple[GadgetImprovement, ...] = Field(default=(), max_length=30)
    description: str = Field(default="", max_length=MAX_TEXT)
    base_cost: int | None = Field(default=None, ge=-3, le=8)


class Advancement(BaseModel):
    """One entry of the advancement log: what the character gained in play and when.

    Attributes:
        kind: What the advancement granted (see :data:`AdvancementKind`).
        aspect: ``aspect``: the new aspect itself (it counts like a phase aspect, refresh
            included); ``shuffle``: the aspect swapped in, if one was.
        stunt: ``stunt``: the name of the stunt taken with it (the take itself is in
            ``SotcCharacter.stunts``); ``shuffle``: the stunt swapped in, if one was.
        note: Where it came from (the adventure, a promoted consequence, the swaps made).
        date: When: a session number, a real or an in-game date, as the table records it.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: AdvancementKind
    aspect: str = Field(default="", max_length=MAX_NAME)
    stunt: str = Field(default="", max_length=MAX_NAME)
    note: str = Field(default="", max_length=MAX_TEXT)
    date: str = Field(default="", max_length=MAX_NAME)


class Treatment(BaseModel):
    """What has been done about one consequence the character carries, kept beside it (item
    ``i`` of ``SotcCharacter.treatment`` goes with consequence ``i`` of the condition).

    Attributes:
        care_tried: Long-term care has been tried on it (one attempt only, SRD L5892).
        care_steps: The time-chart steps that care saved (0 after a failed attempt; 2 with
            the GM's spin, SRD L5905).
        uncured: A slow poison's consequence, which stays until the poison is cured (SRD L5581).
        stabilized: First aid stabilised it (its compels are limited, SRD L5890).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    care_tried: bool = False
    care_steps: int = Field(default=0, ge=0, le=2)
    uncured: bool = False
    stabilized: bool = False


class SotcCharacter(CharacterBase):
    """A Spirit of the Century character, finished or in progress.

    Attributes:
        system: Always ``"sotc"``.
        concept: The one-line idea behind the character.
        description: One or two sentences (required by fast creation, SotC "Fast Character
            Creation").
        creation_mode: "standard" (the five phases) or "fast" (on-the-fly creation, where only
            the pyramid's shape and the counts limit the character).
        phases: Up to five phases, in order; missing phases are not filled in yet.
        stunts: The stunts taken, in order.
        gadgets: Personal gadgets and artifacts.
        fate_points: The current fate point pool; ``None`` means "starts at the refresh".
        refresh: Recorded refresh rate; ``None`` means "derive it from the aspects".
        condition: Current stress and consequences (carried between encounters).
        treatment: Care, poison and first-aid marks of the consequences, item by item with
            ``condition.consequences`` (missing items: nothing done).
        advancements: The advancement log, oldest first (SotC "The Long Game: Advancement"):
            aspects earned in play live in their entries; stunts earned are in ``stunts`` and
            named by their entries.
    """

    system: Literal["sotc"] = "sotc"
    concept: str = Field(default="", max_length=MAX_NAME)
    description: str = Field(default="", max_length=MAX_TEXT)
    DOCUMENT_VERSION: ClassVar[int] = 2
    """1: as released; 2: the advancement log and gadgets' base cost."""

    creation_mode: Literal["standard", "fast"] = "standard"
    phases: tuple[Phase, ...] = Field(default=(), max_length=PHASE_COUNT)
    stunts: tuple[StuntPick, ...] = Field(default=(), max_length=40)
    gadgets: tuple[Gadget, ...] = Field(default=(), max_length=20)
    fate_points: int | None = Field(default=None, ge=0, le=1000)
    refresh: int | None = Field(default=None, ge=0, le=1000)
    condition: Condition = Condition()
    treatment: tuple[Treatment, ...] = Field(default=(), max_length=20)
    advancements: tuple[Advancement, ...] = Field(default=(), max_length=MAX_ADVANCEMENTS)

    @model_serializer(mode="wrap")
    def _leave_out_no_treatment(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        """An empty ``treatment`` is left out of the document, so a character nobody treated
        is written exactly as before the field existed (its document version is unchanged)."""
        data: dict[str, Any] = handler(self)
        if not self.treatment:
            data.pop("treatment", None)
        return data

    def phase(self, number: int) -> Phase:
        """Phase ``number`` (1-5), or an empty phase when not filled in yet."""
        if 1 <= number <= len(self.phases):
            return self.phases[number - 1]
        return Phase()

    def phase_aspects(self) -> tuple[str, ...]:
        """The aspects written in the phases, in phase order (blank entries skipped)."""
        return tuple(a for p in self.phases for a in p.aspects if a.strip())

    def earned_aspects(self) -> tuple[str, ...]:
        """The aspects gained by advancement, oldest first (blank entries skipped)."""
        return tuple(a.aspect for a in self.advancements if a.kind == "aspect" and a.aspect.strip())

    def all_aspects(self) -> tuple[str, ...]:
        """Every aspect the character has: the phases' then those earned in play."""
        if not self.advancements:
            return self.phase_aspects()
        return self.phase_aspects() + self.earned_aspects()

    def peak_raises(self) -> int:
        """How many times the pyramid's peak has been raised (SotC "Raising the Roof")."""
        return sum(1 for a in self.advancements if a.kind == "peak")

    def skill(self, name: str, default: int | None = None) -> int:
        """Rating of ``name``; a skill not listed is Mediocre, raised one step per peak raise
        (SotC "Raising the Roof" moves the default for unlisted skills up with the pyramid)."""
        if default is None:
            default = self.peak_raises() if self.advancements else 0
        return super().skill(name, default)

    def stunt_names(self) -> tuple[str, ...]:
        """Names of the stunts taken, one per take."""
        return tuple(s.name for s in self.stunts)

    def with_phase(self, number: int, phase: Phase) -> SotcCharacter:
        """A copy with phase ``number`` replaced, padding earlier missing phases with blanks."""
        phases = list(self.phases)
        while len(phases) < number:
            phases.append(Phase())
        phases[number - 1] = phase
        return self.model_copy(update={"phases": tuple(phases)})
