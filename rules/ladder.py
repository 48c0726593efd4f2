"""Rules layer: the adjective ladder, which belongs to each game system rather than being global.

Spirit of the Century puts Mediocre at 0 and Average at +1; FATE 2.0 puts Average at 0. A
:class:`Ladder` is built from a system's catalogue data and renders any integer, including values
off either end ("Legendary+2", "Terrible-1").
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, model_validator


class Rung(BaseModel):
    """One named step of a ladder."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    value: int
    adjective: str = Field(min_length=1)


class Ladder(BaseModel):
    """An ordered set of named values; every integer can be rendered, named or not.

    Attributes:
        rungs: Named steps, any order in the input; stored highest first.
        extended: Extra names that appear only in some tables (e.g. SotC's Abysmal at -3); used
            for rendering and parsing but not listed as part of the ladder proper.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    rungs: tuple[Rung, ...] = Field(min_length=2)
    extended: tuple[Rung, ...] = ()
    _every: tuple[Rung, ...] = PrivateAttr(default=())
    _names: dict[int, str] = PrivateAttr(default_factory=dict)

    def model_post_init(self, __context: object) -> None:
        """Index every named value once: rendering happens in every validation message."""
        self._every = tuple(sorted((*self.rungs, *self.extended), key=lambda r: -r.value))
        self._names = {r.value: r.adjective for r in self._every}

    @model_validator(mode="after")
    def _check(self) -> Ladder:
        values = [r.value for r in (*self.rungs, *self.extended)]
        if len(values) != len(set(values)):
            raise ValueError("two rungs share a value")
        names = [r.adjective.casefold() for r in (*self.rungs, *self.extended)]
        if len(names) != len(set(names)):
            raise ValueError("two rungs share an adjective")
        ordered = sorted(self.rungs, key=lambda r: -r.value)
        if [r.value for r in ordered] != list(range(ordered[0].value, ordered[-1].value - 1, -1)):
            raise ValueError("ladder rungs must be consecutive integers")
        object.__setattr__(self, "rungs", tuple(ordered))
        return self

    @property
    def top(self) -> Rung:
        """The highest named rung of the ladder proper."""
        return self.rungs[0]

    @property
    def bottom(self) -> Rung:
        """The lowest named rung of the ladder proper."""
        return self.rungs[-1]

    def _all(self) -> tuple[Rung, ...]:
        return self._every

    def adjective(self, value: int) -> str:
        """Name ``value``: its rung's adjective, or the nearest end's adjective with an offset.

        >>> # with the SotC ladder: 3 -> "Good", 10 -> "Legendary+2", -4 -> "Abysmal-1"
        """
        name = self._names.get(value)
        if name is not None:
            return name
        every = self._every
        hi, lo = every[0], every[-1]
        if value > hi.value:
            return f"{hi.adjective}+{value - hi.value}"
        return f"{lo.adjective}-{lo.value - value}"

    def render(self, value: int) -> str:
        """Render as the books recommend: ``"Good (+3)"``, ``"Mediocre (+0)"``, ``"Poor (-1)"``."""
        return f"{self.adjective(value)} ({value:+d})"

    def is_named(self, value: int) -> bool:
        """True when ``value`` has an adjective of its own (not an off-ladder offset)."""
        return any(r.value == value for r in (*self.rungs, *self.extended))

    def parse(self, text: str) -> int:
        """Read a ladder value from an adjective, a signed number or ``"Legendary+2"``.

        Raises:
            ValueError: if the text names nothing on this ladder.
        """
        cleaned = text.strip().replace("\u2212", "-")
        try:
            return int(cleaned)
        except ValueError:
            pass
        lowered = cleaned.casefold()
        # "Good (+3)" form: trust the adjective, check the number agrees.
        if "(" in lowered and lowered.endswith(")"):
            name, _, number = lowered[:-1].partition("(")
            value = self.parse(name)
            if int(number.strip()) != value:
                raise ValueError(f"{text!r}: {name.strip()} is {value:+d}, not {number.strip()}")
            return value
        for rung in self._all():
            adj = rung.adjective.casefold()
            if lowered == adj:
                return rung.value
            if lowered.startswith(adj) and lowered[len(adj) :].lstrip()[:1] in ("+", "-"):
                offset = int(lowered[len(adj) :].replace(" ", ""))
                return rung.value + offset
        raise ValueError(f"{text!r} is not a value on this ladder")
