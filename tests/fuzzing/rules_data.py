"""Fuzzing: damaged rules data, the ART Action Results Table CSV and Strange Fate's corrected
Skill Trapping Diagram (see docs/fuzzing.md).

* :data:`CSV_MUTATORS` damage a valid table CSV the way files from other tools and other
  machines are damaged: classic-Mac CR or mixed line ends, a cell past the csv module's field
  limit (131,072 characters), digits from other scripts, Python-only number spellings
  (``3_4``, ``+1``), quotes, NUL characters, thousands of rows or columns, byte order marks.
* :data:`DIAGRAM_MUTATORS` damage the bundled diagram (a JSON document the library stores as the
  user's correction): dense knots of 8-14 boxes joined by every line, self loops, lines and
  free boxes naming missing boxes, huge costs, and any JSON mutation.

Each mutator takes the random source and the seed (text or parsed document) and returns
(what it did, the damaged bytes or text).
"""

from __future__ import annotations

import copy
import itertools
import json
import random
from collections.abc import Callable
from typing import Any

from tests.fuzzing.mutate_json import BYTE_MUTATORS, JSON_MUTATORS

# -- the ART Action Results Table CSV ---------------------------------------------------------

CsvMutator = Callable[[random.Random, str], tuple[str, bytes]]


def _rows(text: str) -> list[list[str]]:
    return [line.split(",") for line in text.splitlines() if line]


def _join(rows: list[list[str]], end: str = "\n") -> str:
    return end.join(",".join(cells) for cells in rows) + end


def _utf8(text: str) -> bytes:
    return text.encode("utf-8", "surrogatepass")


def _cell(rng: random.Random, rows: list[list[str]], header: bool = False) -> tuple[int, int]:
    """A (row, column) of ``rows``: a body cell (or, with ``header``, any cell)."""
    r = rng.randrange(0 if header else 1, len(rows))
    return r, rng.randrange(len(rows[r]))


def csv_line_ends(rng: random.Random, text: str) -> tuple[str, bytes]:
    """Classic-Mac CR only, CR CR LF, a mix of every line end, or none at the very end."""
    how = rng.choice(["cr", "crcrlf", "mixed", "lfcr", "no-final", "u2028"])
    rows = _rows(text)
    if how == "cr":
        return "csv-line-ends-cr", _utf8(_join(rows, "\r"))
    if how == "crcrlf":
        return "csv-line-ends-crcrlf", _utf8(_join(rows, "\r\r\n"))
    if how == "lfcr":
        return "csv-line-ends-lfcr", _utf8(_join(rows, "\n\r"))
    if how == "no-final":
        return "csv-line-ends-no-final", _utf8(_join(rows).rstrip("\n"))
    if how == "u2028":
        return "csv-line-ends-u2028", _utf8(_join(rows, "\u2028"))
    out = ""
    for cells in rows:
        out += ",".join(cells) + rng.choice(["\r", "\n", "\r\n"])
    return "csv-line-ends-mixed", _utf8(out)


def csv_huge_cell(rng: random.Random, text: str) -> tuple[str, bytes]:
    """A cell just past the csv module's field limit, or 200 KB, in a body or header cell."""
    rows = _rows(text)
    size = rng.choice([131_072, 131_073, 200_000, 600_000])
    fill = rng.choice(["1", "9", "x", "1-", " ", "\u0663"])
    big = (fill * (size // len(fill) + 1))[:size]
    r, c = _cell(rng, rows, header=rng.random() < 0.2)
    if rng.random() < 0.3:
        big = '"' + big + '"'  # quoted: the limit is the same
    rows[r][c] = big
    return f"csv-huge-cell-{size}", _utf8(_join(rows))


NUMBER_SPELLINGS = [
    "3_4",
    "1_0-2_0",
    "+1",
    "+1-+33",
    " 7 ",
    "1.0",
    "1e2",
    "0x10",
    "-5",
    "1--2",
    "\u0663\u0664",  # Arabic-Indic 34
    "\u0661-\u0663\u0663",  # Arabic-Indic 1-33
    "\uff11-\uff13\uff13",  # full width 1-33
    "\u00b3",  # superscript 3
    "\u0967\u0966",  # Devanagari 10
    "\U0001d7d9-\U0001d7db",  # mathematical digits
    "\u2212" + "1",  # minus sign
    "1\u20132",  # en dash
    "99999999999999999999",
    "-0",
    "",
    "1-100-5",
]


def csv_digits(rng: random.Random, text: str) -> tuple[str, bytes]:
    """Numbers the int() parser accepts but a table should not (or should read the same):
    digits from other scripts, ``3_4``, ``+1``, spaces, floats, dashes; in a cell or a row
    number."""
    rows = _rows(text)
    for _ in range(rng.choice([1, 1, 3, 10])):
        r, c = _cell(rng, rows)
        rows[r][c] = rng.choice(NUMBER_SPELLINGS)
    return "csv-digits", _utf8(_join(rows))


def csv_quotes(rng: random.Random, text: str) -> tuple[str, bytes]:
    """Quoted cells (a comma or a newline inside), doubled quotes, an unterminated quote."""
    rows = _rows(text)
    r, c = _cell(rng, rows, header=rng.random() < 0.2)
    cell = rows[r][c]
    rows[r][c] = rng.choice(
        [
            f'"{cell}"',
            f'"{cell},{cell}"',
            f'"{cell}\n{cell}"',
            f'"{cell}""',
            f'"{cell}',
            f'{cell}"',
            f'"{cell}"x',
            '""',
            '"' * rng.choice([3, 101]),
            f"'{cell}'",
        ]
    )
    return "csv-quotes", _utf8(_join(rows))


def csv_nul(rng: random.Random, text: str) -> tuple[str, bytes]:
    """NUL characters in a cell, a line of them, or one at the end."""
    rows = _rows(text)
    how = rng.choice(["cell", "line", "end", "header"])
    if how == "line":
        rows.insert(rng.randrange(1, len(rows) + 1), ["\x00" * rng.choice([1, 11, 1000])])
    elif how == "end":
        return "csv-nul-end", _utf8(_join(rows) + "\x00")
    else:
        r, c = _cell(rng, rows, header=how == "header")
        at = rng.randrange(len(rows[r][c]) + 1)
        rows[r][c] = rows[r][c][:at] + "\x00" + rows[r][c][at:]
    return f"csv-nul-{how}", _utf8(_join(rows))


SHAPES = ["many-rows", "many-columns", "short-row", "long-row", "repeat", "shuffle", "header"]
SHAPES.append("only")


def csv_shape(rng: random.Random, text: str) -> tuple[str, bytes]:
    """Many rows, many columns, short and long rows, rows twice or out of order, odd headers."""
    rows = _rows(text)
    how = rng.choice(SHAPES)
    if how == "many-rows":
        body = rows[1:]
        count = rng.choice([31, 1_000, 20_000])
        rows = [rows[0], *(body[i % len(body)] for i in range(count))]
    elif how == "many-columns":
        extra = rng.choice([1, 100, 5_000])
        rows = [cells + [cells[-1] or "1"] * extra for cells in rows]
    elif how == "short-row":
        r = rng.randrange(1, len(rows))
        rows[r] = rows[r][: rng.randrange(len(rows[r]))]
    elif how == "long-row":
        r = rng.randrange(1, len(rows))
        rows[r] = rows[r] + ["1-100"] * rng.choice([1, 50])
    elif how == "repeat":
        r = rng.randrange(1, len(rows))
        rows.insert(rng.randrange(1, len(rows) + 1), list(rows[r]))
    elif how == "shuffle":
        body = rows[1:]
        rng.shuffle(body)
        rows = [rows[0], *body]
    elif how == "header":
        header = rows[0]
        rows[0] = rng.choice(
            [
                [h.lower() for h in header],
                [f" {h} " for h in header],
                [*header, header[-1]],
                [header[0], *header[2:], header[1]],
                ["\ufeff" + header[0], *header[1:]],
                [],
            ]
        )
    else:
        rows = rows[:1]
    return f"csv-shape-{how}", _utf8(_join(rows))


def csv_bom(rng: random.Random, text: str) -> tuple[str, bytes]:
    """Byte order marks: two at the start, one in the middle, UTF-16 or UTF-32 with theirs."""
    how = rng.choice(["double", "middle", "cell", "utf-16", "utf-32", "utf-16-be-no-bom"])
    if how == "double":
        return "csv-bom-double", b"\xef\xbb\xbf\xef\xbb\xbf" + _utf8(text)
    if how == "utf-16":
        return "csv-bom-utf-16", text.encode("utf-16")
    if how == "utf-32":
        return "csv-bom-utf-32", text.encode("utf-32")
    if how == "utf-16-be-no-bom":
        return "csv-bom-utf-16-be-no-bom", text.encode("utf-16-be")
    rows = _rows(text)
    if how == "middle":
        rows.insert(rng.randrange(1, len(rows) + 1), ["\ufeff"])
    else:
        r, c = _cell(rng, rows)
        rows[r][c] = "\ufeff" + rows[r][c]
    return f"csv-bom-{how}", _utf8(_join(rows))


def csv_bytes(rng: random.Random, text: str) -> tuple[str, bytes]:
    """One of the byte mutations (flips, truncation, inserted bytes, other encodings)."""
    name = rng.choice(sorted(BYTE_MUTATORS))
    return f"csv-{name}", BYTE_MUTATORS[name](rng, _utf8(text))


CSV_MUTATORS: dict[str, CsvMutator] = {
    "csv-line-ends": csv_line_ends,
    "csv-huge-cell": csv_huge_cell,
    "csv-digits": csv_digits,
    "csv-quotes": csv_quotes,
    "csv-nul": csv_nul,
    "csv-shape": csv_shape,
    "csv-bom": csv_bom,
    "csv-bytes": csv_bytes,
}

# -- Strange Fate's corrected Skill Trapping Diagram ------------------------------------------

DiagramMutator = Callable[[random.Random, dict[str, Any]], tuple[str, str, list[str]]]
"""(what it did, the diagram's JSON text, the trappings to price) from the bundled diagram."""

UNKNOWN = {"kind": "unknown", "lines": [], "samples": [], "note": ""}


def _names(diagram: dict[str, Any]) -> list[str]:
    return [b["trapping"] for b in diagram.get("boxes", []) if isinstance(b, dict)]


def _dump(diagram: Any) -> str:
    return json.dumps(diagram, ensure_ascii=False)


def _some(rng: random.Random, names: list[str], low: int = 2, high: int = 8) -> list[str]:
    return rng.sample(names, min(len(names), rng.randint(low, high)))


def diagram_knot(rng: random.Random, diagram: dict[str, Any]) -> tuple[str, str, list[str]]:
    """8-14 boxes joined by every possible line (their old lines replaced), line styles all
    one or mixed; the knot's trappings (or some of them, or others around it) are priced."""
    names = _names(diagram)
    size = rng.randint(8, min(14, len(names)))
    knot = rng.sample(names, size)
    inside = set(knot)
    styles = rng.choice([["thin"], ["dotted"], ["thick"], ["thin", "dotted", "thick"]])
    lines = [ln for ln in diagram["lines"] if not (ln["a"] in inside and ln["b"] in inside)]
    for a, b in itertools.combinations(knot, 2):
        lines.append({"a": a, "b": b, "style": rng.choice(styles), "provenance": UNKNOWN})
    diagram["lines"] = lines
    if rng.random() < 0.3:
        diagram["line_cap"] = rng.choice([0, 20])
    priced = rng.choice(["knot", "knot", "part", "around"])
    if priced == "part":
        uses = rng.sample(knot, rng.randint(2, size - 1))
    elif priced == "around":
        outside = [n for n in names if n not in inside]
        uses = [*rng.sample(outside, min(len(outside), 2)), *rng.sample(knot, 2)]
    else:
        uses = list(knot)
    return f"diagram-knot-{size}-{'+'.join(styles)}-priced-{priced}", _dump(diagram), uses


def diagram_self_loop(rng: random.Random, diagram: dict[str, Any]) -> tuple[str, str, list[str]]:
    """A line from a box to itself (and sometimes a line twice, reversed)."""
    names = _names(diagram)
    box = rng.choice(names)
    diagram["lines"].append({"a": box, "b": box, "style": "thin", "provenance": UNKNOWN})
    how = "self-loop"
    if rng.random() < 0.5 and diagram["lines"]:
        first = diagram["lines"][0]
        diagram["lines"].append({**first, "a": first["b"], "b": first["a"]})
        how += "-and-twice"
    return f"diagram-{how}", _dump(diagram), [box, *_some(rng, names, 1, 4)]


def diagram_dangling(rng: random.Random, diagram: dict[str, Any]) -> tuple[str, str, list[str]]:
    """A line or a free box naming a box that does not exist, or a box removed under its
    lines."""
    names = _names(diagram)
    how = rng.choice(["line", "free", "removed", "renamed"])
    if how == "line":
        diagram["lines"].append(
            {"a": rng.choice(names), "b": "Nowhere", "style": "thin", "provenance": UNKNOWN}
        )
    elif how == "free":
        diagram["free_in_unique"] = [*diagram.get("free_in_unique", []), "Nowhere"]
    else:
        joined = [ln["a"] for ln in diagram["lines"]] or names
        gone = rng.choice(joined)
        boxes = [b for b in diagram["boxes"] if b["trapping"] != gone]
        if how == "renamed":
            boxes.append({**next(b for b in diagram["boxes"] if b["trapping"] == gone),
                          "trapping": gone + " "})  # fmt: skip
        diagram["boxes"] = boxes
        return f"diagram-dangling-{how}", _dump(diagram), [gone, *_some(rng, names, 1, 4)]
    return f"diagram-dangling-{how}", _dump(diagram), _some(rng, names)


HUGE = [21, 100, 2**31, 2**63 - 1, 2**63, 10**30, -1, 1e308, 0]


def diagram_huge_costs(rng: random.Random, diagram: dict[str, Any]) -> tuple[str, str, list[str]]:
    """Huge or negative costs: a priced box's prices, the line cap, the version."""
    names = _names(diagram)
    how = rng.choice(["prices", "cap", "version", "priced-box"])
    value = rng.choice(HUGE)
    if how == "cap":
        diagram["line_cap"] = value
    elif how == "version":
        diagram["version"] = value
    else:
        priced = [b for b in diagram["boxes"] if b.get("border") == "priced"]
        if how == "priced-box" or not priced:
            box = rng.choice(diagram["boxes"])
            box.update(border="priced", prices={"Scene": value, "Session": value}, default="Scene")
        else:
            box = rng.choice(priced)
            box["prices"] = {k: value for k in box["prices"]}
        return f"diagram-huge-{how}-{value}", _dump(diagram), [box["trapping"], *_some(rng, names)]
    return f"diagram-huge-{how}-{value}", _dump(diagram), _some(rng, names)


def diagram_json(rng: random.Random, diagram: dict[str, Any]) -> tuple[str, str, list[str]]:
    """Any JSON mutation of the diagram document (surrogates, long texts, wrong types...)."""
    names = _names(diagram)
    name = rng.choice(sorted(JSON_MUTATORS))
    return f"diagram-{name}", JSON_MUTATORS[name](rng, diagram), _some(rng, names)


DIAGRAM_MUTATORS: dict[str, DiagramMutator] = {
    "diagram-knot": diagram_knot,
    "diagram-self-loop": diagram_self_loop,
    "diagram-dangling": diagram_dangling,
    "diagram-huge-costs": diagram_huge_costs,
    "diagram-json": diagram_json,
}


def mutate_diagram(
    rng: random.Random, bundled: dict[str, Any], name: str
) -> tuple[str, str, list[str]]:
    """One damaged copy of the bundled diagram: (what, JSON text, trappings to price)."""
    return DIAGRAM_MUTATORS[name](rng, copy.deepcopy(bundled))
