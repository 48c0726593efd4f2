"""Rules layer: the Skill Trapping Diagram as data (boxes, lines, provenance) and its schema.

The book's picture of the diagram is missing (L1388 is the literal text ``[TODO]``); what the
book states survives as rules (L1366-L1372, L1390) and a few facts in its examples. The bundled
reconstruction lives in ``resources/systems/strange-fate/diagram.json``; it is written by
``benchmarks/strange_fate_diagram_search.py``. Each box and line says where it comes from:
``stated`` (book lines), ``inferred`` (the sample skills it reproduces) or ``unknown``.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rules.systems.strange_fate._errors import CrossCheckError, validate_file

DIAGRAM_FILE = "diagram.json"

_FROZEN = ConfigDict(frozen=True, extra="forbid")

Name = Annotated[str, Field(min_length=1, max_length=80)]
BookLine = Annotated[int, Field(ge=1, le=4756)]
Coordinate = Annotated[float, Field(ge=-100_000, le=100_000, allow_inf_nan=False)]

#: Points to add a box by border (L1366, L1390).
BORDER_POINTS: dict[str, int] = {"solid": 1, "dotted": 2}
#: Points to cross a line by style (L1368, L1390).
LINE_POINTS: dict[str, int] = {"thin": 1, "dotted": 2, "thick": 0}


class Provenance(BaseModel):
    """Where a box's border or a line comes from.

    Attributes:
        kind: ``stated`` in the book, ``inferred`` from sample skills, or ``unknown``.
        lines: The book lines that state it (``stated``).
        samples: The sample skills whose printed cost needs it (``inferred``).
        note: Our remark (an ambiguity, a choice between readings).
    """

    model_config = _FROZEN

    kind: Literal["stated", "inferred", "unknown"]
    lines: tuple[BookLine, ...] = ()
    samples: tuple[Name, ...] = ()
    note: Annotated[str, Field(max_length=600)] = ""

    @model_validator(mode="after")
    def _evidence(self) -> Provenance:
        if self.kind == "stated" and not self.lines:
            raise ValueError("a stated fact names the book lines that state it")
        if self.kind == "inferred" and not self.samples:
            raise ValueError("an inferred fact names the samples it comes from")
        return self


class Box(BaseModel):
    """A trapping's box.

    Attributes:
        trapping: The trapping's name (one box per trapping).
        border: ``solid`` (1 point), ``dotted`` (2) or ``priced``: a flat price by the trapping's
            detail (Variable [Scene] 4 / [Session] 2, L2582; Minions 2 / 4, L2266).
        prices: For ``priced`` boxes, points by detail; ``default`` names the detail assumed when
            the trapping names none.
        default: See ``prices``.
        provenance: Where the border (or the prices) comes from.
        position: Where the app draws the box's centre (scene units); None: the app lays it
            out. Drawing only: no price depends on it.
    """

    model_config = _FROZEN

    trapping: Name
    border: Literal["solid", "dotted", "priced"]
    prices: dict[Name, Annotated[int, Field(ge=0, le=20)]] = Field(default_factory=dict)
    default: Name | None = None
    provenance: Provenance
    position: tuple[Coordinate, Coordinate] | None = None

    @model_validator(mode="after")
    def _priced(self) -> Box:
        if self.border == "priced":
            if not self.prices:
                raise ValueError("a priced box lists its prices")
            if self.default is not None and self.default not in self.prices:
                raise ValueError(f"default {self.default!r} is not one of the prices")
        elif self.prices or self.default is not None:
            raise ValueError("only a priced box has prices")
        return self

    def points(self, details: tuple[str, ...]) -> int:
        """Points to add this box for a trapping with ``details``.

        Raises:
            KeyError: a priced box and a detail it has no price for.
        """
        if self.border != "priced":
            return BORDER_POINTS[self.border]
        for detail in details:
            if detail in self.prices:
                return self.prices[detail]
        if self.default is None:
            raise KeyError(f"{self.trapping} needs one of {sorted(self.prices)}")
        return self.prices[self.default]


class Line(BaseModel):
    """A line joining two boxes (undirected).

    Attributes:
        a: One trapping.
        b: The other trapping.
        style: ``thin`` (1 point to cross), ``dotted`` (2) or ``thick`` (free).
        provenance: Where it comes from.
    """

    model_config = _FROZEN

    a: Name
    b: Name
    style: Literal["thin", "dotted", "thick"]
    provenance: Provenance

    @property
    def points(self) -> int:
        """Points to cross this line."""
        return LINE_POINTS[self.style]

    @property
    def key(self) -> frozenset[str]:
        """The unordered pair of trappings it joins."""
        return frozenset((self.a, self.b))


class Diagram(BaseModel):
    """The whole diagram.

    Attributes:
        version: File format version.
        boxes: One per trapping.
        lines: The lines between boxes.
        line_cap: Most points of lines paid for one addition (4; L1368, L1390).
        free_in_unique: Boxes that cost nothing in a Unique skill (Information and Networking;
            L1372, L1436); their lines are still paid.
        note: Our remark on the reconstruction.
    """

    model_config = _FROZEN

    version: int = Field(ge=1)
    boxes: tuple[Box, ...] = Field(min_length=1)
    lines: tuple[Line, ...] = ()
    line_cap: int = Field(default=4, ge=0, le=20)
    free_in_unique: tuple[Name, ...] = ("Information", "Networking")
    note: Annotated[str, Field(max_length=2000)] = ""

    @model_validator(mode="after")
    def _consistent(self) -> Diagram:
        names: set[str] = set()
        for i, box in enumerate(self.boxes):
            if box.trapping in names:
                raise CrossCheckError("", f"boxes[{i}].trapping", f"{box.trapping!r} has two boxes")
            names.add(box.trapping)
        pairs: set[frozenset[str]] = set()
        for i, line in enumerate(self.lines):
            for end in ("a", "b"):
                if getattr(line, end) not in names:
                    raise CrossCheckError(
                        "", f"lines[{i}].{end}", f"no box for {getattr(line, end)!r}"
                    )
            if line.a == line.b:
                raise CrossCheckError("", f"lines[{i}].b", "a line joins two different boxes")
            if line.key in pairs:
                raise CrossCheckError("", f"lines[{i}]", f"{line.a} and {line.b} joined twice")
            pairs.add(line.key)
        for i, name in enumerate(self.free_in_unique):
            if name not in names:
                raise CrossCheckError("", f"free_in_unique[{i}]", f"no box for {name!r}")
        return self

    def box(self, trapping: str) -> Box:
        """The box of ``trapping``.

        Raises:
            KeyError: the diagram has no box for it.
        """
        for box in self.boxes:
            if box.trapping == trapping:
                return box
        raise KeyError(trapping)


def parse_diagram(data: object, file: str = DIAGRAM_FILE) -> Diagram:
    """Validate a parsed diagram file.

    Raises:
        CatalogError: naming ``file``, the dotted field path and the problem.
    """
    return validate_file(Diagram, file, data)
