"""Storage layer (PDF): fonts, colours, paragraph styles, paper sizes and safe text markup.

The DejaVu fonts bundled in ``resources/fonts`` are registered once per process, so names with
accents, em dashes, curly quotes, Greek and Cyrillic print as typed. :func:`markup` is the only
way user text reaches a ReportLab ``Paragraph``: it escapes ``<``, ``&`` and ``>`` so that typed
text is printed literally and can never be read as markup.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Literal
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
from reportlab.lib.pagesizes import A4, letter
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from storage.bundled import bundled_path

Paper = Literal["letter", "a4"]
PAPER_SIZES: dict[str, tuple[float, float]] = {"letter": letter, "a4": A4}
MARGIN = 14 * mm

SANS = "DejaVuSans"
SANS_BOLD = "DejaVuSans-Bold"
SANS_ITALIC = "DejaVuSans-Oblique"
SANS_BOLD_ITALIC = "DejaVuSans-BoldOblique"
DISPLAY = "DejaVuSerif-Bold"
FONT_FILES = {
    SANS: "DejaVuSans.ttf",
    SANS_BOLD: "DejaVuSans-Bold.ttf",
    SANS_ITALIC: "DejaVuSans-Oblique.ttf",
    SANS_BOLD_ITALIC: "DejaVuSans-BoldOblique.ttf",
    DISPLAY: "DejaVuSerif-Bold.ttf",
}

INK = colors.HexColor("#1d1d1f")
MUTED = colors.HexColor("#5f6368")
RULE = colors.HexColor("#9aa0a6")
ACCENT = colors.HexColor("#7a2e1d")  # a deep pulp-cover red for headings
SHADE = colors.HexColor("#f1ece4")  # warm paper tint behind headings and labels
BOX_FILL = colors.HexColor("#3c3c3c")

_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ud800-\udfff]")


def page_size(paper: str) -> tuple[float, float]:
    """Width and height in points of ``"letter"`` or ``"a4"``.

    Raises:
        ValueError: for any other paper name.
    """
    try:
        return PAPER_SIZES[paper.lower()]
    except KeyError:
        raise ValueError(f"unknown paper size {paper!r}; use 'letter' or 'a4'") from None


def fonts_dir() -> Path:
    """The bundled ``resources/fonts`` folder."""
    folder = bundled_path("fonts")
    if not (folder / FONT_FILES[SANS]).is_file():
        raise FileNotFoundError("the bundled fonts (resources/fonts) are missing")
    return folder


@cache
def register_fonts() -> None:
    """Register the DejaVu faces with ReportLab (once per process)."""
    folder = fonts_dir()
    for name, file in FONT_FILES.items():
        pdfmetrics.registerFont(TTFont(name, str(folder / file)))
    pdfmetrics.registerFontFamily(
        SANS, normal=SANS, bold=SANS_BOLD, italic=SANS_ITALIC, boldItalic=SANS_BOLD_ITALIC
    )


def clean(text: str) -> str:
    """Drop control characters and lone surrogates that cannot be printed or encoded."""
    return _CONTROL.sub("", text)


def markup(text: str, *, newlines: bool = True) -> str:
    """User text as safe Paragraph markup: escaped, with line breaks kept.

    Every ``<``, ``>`` and ``&`` becomes an entity, so ``<b>`` or ``]]>`` prints as typed.
    """
    safe = escape(clean(text))
    if newlines:
        safe = safe.replace("\r\n", "\n").replace("\r", "\n").replace("\n", "<br/>")
    else:
        safe = " ".join(safe.split())
    return safe


class Styles:
    """The paragraph styles of every printed page, built once fonts are registered."""

    def __init__(self) -> None:
        register_fonts()
        base = ParagraphStyle(
            "body", fontName=SANS, fontSize=9.5, leading=12.5, textColor=INK, alignment=TA_LEFT
        )
        self.body = base
        self.small = ParagraphStyle("small", parent=base, fontSize=8, leading=10, textColor=MUTED)
        self.tiny = ParagraphStyle("tiny", parent=base, fontSize=7, leading=8.5, textColor=MUTED)
        self.label = ParagraphStyle(
            "label", parent=base, fontName=SANS_BOLD, fontSize=7.5, leading=9, textColor=MUTED
        )
        self.value = ParagraphStyle("value", parent=base, fontSize=11, leading=14)
        self.value_big = ParagraphStyle(
            "value_big", parent=base, fontName=SANS_BOLD, fontSize=15, leading=18
        )
        self.number = ParagraphStyle(
            "number", parent=base, fontName=SANS_BOLD, fontSize=15, leading=18,
            alignment=TA_CENTER,
        )  # fmt: skip
        self.heading = ParagraphStyle(
            "heading", parent=base, fontName=DISPLAY, fontSize=12, leading=15,
            textColor=ACCENT, spaceBefore=10, spaceAfter=4, keepWithNext=1,
        )  # fmt: skip
        self.title = ParagraphStyle(
            "title", parent=base, fontName=DISPLAY, fontSize=20, leading=24, textColor=ACCENT
        )
        self.subtitle = ParagraphStyle(
            "subtitle", parent=base, fontName=SANS_ITALIC, fontSize=9.5, leading=12.5,
            textColor=MUTED,
        )  # fmt: skip
        self.rung = ParagraphStyle(
            "rung", parent=base, fontName=SANS_BOLD, fontSize=9, leading=11, textColor=ACCENT,
            alignment=TA_RIGHT,
        )  # fmt: skip
        self.cell = ParagraphStyle("cell", parent=base, fontSize=9, leading=11)
        self.stunt_name = ParagraphStyle(
            "stunt_name", parent=base, fontName=SANS_BOLD, fontSize=10, leading=13
        )
        self.stunt_text = ParagraphStyle(
            "stunt_text", parent=base, fontSize=8.5, leading=11, textColor=INK, leftIndent=8
        )
        self.prompt = ParagraphStyle(
            "prompt", parent=base, fontName=SANS_BOLD, fontSize=8.5, leading=11, textColor=MUTED,
            spaceBefore=5, keepWithNext=1,
        )  # fmt: skip
        self.answer = ParagraphStyle("answer", parent=base, fontSize=10, leading=13.5)
        self.card_title = ParagraphStyle(
            "card_title", parent=base, fontName=DISPLAY, fontSize=11, leading=13, textColor=ACCENT
        )
        self.card_text = ParagraphStyle("card_text", parent=base, fontSize=7.5, leading=9.2)
        self.aspect_card = ParagraphStyle(
            "aspect_card", parent=base, fontName=DISPLAY, fontSize=20, leading=25,
            alignment=TA_CENTER,
        )  # fmt: skip
        self.aspect_owner = ParagraphStyle(
            "aspect_owner", parent=base, fontName=SANS_ITALIC, fontSize=10, leading=12.5,
            textColor=MUTED, alignment=TA_CENTER,
        )  # fmt: skip


@cache
def styles() -> Styles:
    """The shared :class:`Styles` (fonts registered on first use)."""
    return Styles()
