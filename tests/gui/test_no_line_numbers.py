"""User-facing text cites the book's section names, never SRD line numbers (issue 23): "(L1200)"
means nothing to a player. Every string constant in rules/, storage/ and gui/ that is not a
docstring is checked (comments and docstrings may keep line numbers for developers); the
diagram's provenance tooltips name the section too."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from gui.systems.strange_fate.diagram_scene import provenance_text
from rules.systems.strange_fate.diagram import Provenance

ROOT = Path(__file__).resolve().parents[2]
CITATION = re.compile(r"\bL\d{2,5}\b")
INTERNAL = {"storage/pdf/render.py"}  # page template ids ("L0-first"), never shown


def cited_strings(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
    }
    return [
        f"{node.lineno}: {node.value[:80]!r}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docs
        and CITATION.search(node.value)
    ]


def test_no_user_facing_string_cites_a_line_number() -> None:
    found = {}
    for package in ("rules", "storage", "gui"):
        for path in sorted((ROOT / package).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            if rel in INTERNAL:
                continue
            hits = cited_strings(path)
            if hits:
                found[rel] = hits
    assert found == {}


def test_the_diagrams_provenance_names_the_section() -> None:
    text = provenance_text(Provenance(kind="stated", lines=(1368, 1390)))
    assert "«Putting It Together»" in text and "«Skill Trapping Diagram»" in text
    assert not CITATION.search(text)
