"""Tests for PDF rendering (storage.pdf.render, storage.pdf.cards), read back with pypdf.

Field order and labels: SotC "Character Sheet" and "Character Worksheet" (digest section 12).
"""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from pypdf import PdfReader

from rules.character import Condition, Consequence
from rules.systems.sotc.character import Phase, SotcCharacter, StuntPick
from storage.pdf.cards import card_grid, render_aspect_cards, render_cards
from storage.pdf.render import render, render_blank, render_conflict_sheet, render_pdf
from storage.pdf.sheet_layout import ConflictRow, Track, minion_card
from storage.system_sheets import build_card, build_sheet
from tests.storage.test_sheet_layout import COMPLETE, SKY_HOBO, load, longest_character

PAPERS = ["letter", "a4"]


CHROME = re.compile(r"^(Fatesmith · page \d+|.*\(continued\))$")


def pdf_pages(data: bytes) -> list[str]:
    """Text of each page without the page chrome (title band, footer, "(continued)")."""
    out = []
    for page in PdfReader(io.BytesIO(data)).pages:
        lines = (page.extract_text() or "").splitlines()
        # The chrome is drawn before the content: heading, system name, then the footer.
        if len(lines) >= 3 and CHROME.match(lines[2].strip()):
            lines = lines[3:]
        out.append("\n".join(ln for ln in lines if not CHROME.match(ln.strip())))
    return out


def squash(text: str) -> str:
    """Text without any whitespace (wrapping moves line breaks, never characters)."""
    return re.sub(r"\s+", "", text)


def one_line(text: str) -> str:
    """Whitespace runs folded to one space."""
    return " ".join(text.split())


def build(layouts: list[Any], paper: str = "letter", **kw: Any) -> bytes:
    """Render to bytes."""
    out = io.BytesIO()
    render(layouts, out, paper, **kw)
    return out.getvalue()


def pages_with(pages: list[str], text: str) -> list[int]:
    """Pages (0-based) where each occurrence of ``text`` starts; text may run across pages."""
    needle = squash(text)
    joined, starts = "", []
    for page in pages:
        starts.append(len(joined))
        joined += squash(page)
    hits, at = [], joined.find(needle)
    while at >= 0:
        hits.append(max(i for i, start in enumerate(starts) if start <= at))
        at = joined.find(needle, at + 1)
    return hits


@pytest.mark.parametrize("paper", PAPERS)
def test_complete_character_sheet_prints_every_field_once(
    registry: Any, sotc: Any, paper: str
) -> None:
    """SotC sheet: name, refresh, player, fate points, skills, aspects, stunts, tracks, gadget."""
    irene = load(COMPLETE, registry)
    pages = pdf_pages(build([build_sheet(irene, sotc)], paper))
    assert len(pages) <= 2
    first = one_line(pages[0])
    for label in ("NAME", "REFRESH RATE", "PLAYER", "FATE POINTS", "Skills", "Aspects",
                  "Stunts", "Health", "Composure", "Consequences"):  # fmt: skip
        assert label in first
    for rung in ("Superb (+5)", "Great (+4)", "Good (+3)", "Fair (+2)", "Average (+1)"):
        assert pages_with(pages, rung) == [0]
    assert pages_with(pages, "Irène Vasquez-Okonkwo") == [0]
    assert pages_with(pages, "Zoë Ångström") == [0]
    for aspect in irene.all_aspects():
        assert pages_with(pages, aspect) == [0], aspect
    for skill in irene.skills:
        assert len(pages_with(pages, skill)) >= 1
    assert pages_with(pages, "Singed eyebrows") == [0]
    summary = sotc.catalog.stunt("Barnstormer").summary
    assert pages_with(pages, summary) == [0]
    assert len(pages_with(pages, "The Storm Compass")) == 1
    assert len(pages_with(pages, "Works as a barometer")) == 1


@pytest.mark.parametrize("paper", PAPERS)
def test_longest_character_wraps_and_continues_never_cut(sotc: Any, paper: str) -> None:
    """Every field at (near) its maximum length is printed exactly once, in reading order."""
    character = longest_character()
    sheet = pdf_pages(build([build_sheet(character, sotc)], paper))
    assert len(sheet) >= 2
    assert pages_with(sheet, character.name) == [0]
    assert pages_with(sheet, character.player) == [0]
    assert pages_with(sheet, character.concept) == [0]
    assert pages_with(sheet, "999") == [0]
    for skill in character.skills:
        assert len(pages_with(sheet, skill)) == 1
    for consequence in character.condition.consequences:
        assert len(pages_with(sheet, consequence.text)) == 1
    flow = [a for p in character.phases for a in p.aspects]
    for stunt in character.stunts:
        flow += [stunt.name, stunt.detail, stunt.description]
    gadget = character.gadgets[0]
    flow += [gadget.name, gadget.description]
    for imp in gadget.improvements:
        flow += [imp.name, imp.detail]
    flow.append(character.notes)
    where = []
    for text in flow:
        hits = pages_with(sheet, text)
        assert len(hits) == 1, (text[:20], hits)
        where.append(hits[0])
    assert where == sorted(where), "the wide column must read in order across pages"
    worksheet = pdf_pages(build([build_sheet(character, sotc, "worksheet")], paper))
    order = [character.name]
    for phase in character.phases:
        order += [phase.mentor, phase.mentor_fate, phase.novel_title, *phase.guest_stars]
        if phase.guest_star_in is not None:
            order += [phase.guest_star_in.title, phase.guest_star_in.author]
        order += [phase.events, *phase.aspects]
    where = []
    for text in (t for t in order if t):
        hits = pages_with(worksheet, text)
        assert len(hits) == 1, (text[:20], hits)
        where.append(hits[0])
    assert where == sorted(where)


HOSTILE = {
    "name": '<b>Bold?</b> & Co. ]]> <br/> &amp; <font size="40">x</font>',
    "player": "Δημήτρης «Μήτσος» — Дмитрий “Митя” Ørsted-Müller",
    "aspect": "<![CDATA[ boom ]]> <para> & <i>not italic</i> & &lt;",
    "aspect2": "Café naïve — ‘curly’ “quotes” … Ελληνικά Кириллица",
    "stunt": "Un<seen> & <unclosed",
    "text": "if a < b && c > d then ]]> <img src='x'/> <a href='y'>link</a>",
}


def hostile_character() -> SotcCharacter:
    """A character whose every field looks like markup or uses non-Latin letters."""
    return SotcCharacter(
        name=HOSTILE["name"],
        player=HOSTILE["player"],
        concept="\x00\x07control chars & <stuff>",
        skills={"<Guns>": 5, "Stealth & Co": 4},
        phases=(
            Phase(
                events=HOSTILE["text"] + "\nsecond line",
                aspects=(HOSTILE["aspect"], HOSTILE["aspect2"]),
            ),
        ),
        stunts=(StuntPick(name=HOSTILE["stunt"], custom=True, description=HOSTILE["text"]),),
        condition=Condition(consequences=(Consequence(severity="mild", text="<3 & broken"),)),
    )


@pytest.mark.parametrize("kind", ["sheet", "worksheet"])
def test_hostile_text_prints_literally(sotc: Any, kind: str) -> None:
    """Markup-looking text, entities, accents, dashes, curly quotes, Greek and Cyrillic."""
    character = hostile_character()
    pages = pdf_pages(build([build_sheet(character, sotc, kind)]))  # type: ignore[arg-type]
    text = one_line(" ".join(pages))
    expected = [HOSTILE["name"], HOSTILE["player"], HOSTILE["aspect"], HOSTILE["aspect2"]]
    if kind == "sheet":
        expected += ["<Guns>", "Stealth & Co", HOSTILE["stunt"], "<3 & broken",
                     "control chars & <stuff>"]  # fmt: skip
    else:
        expected += [HOSTILE["text"], "second line"]
    for value in expected:
        assert one_line(value) in text, value
    assert "Bold?" in text and "<b>" in text  # tags were not interpreted


def test_reproducible_builds_are_identical(registry: Any, sotc: Any) -> None:
    """invariant=True: the same input gives the same bytes, twice in one run."""
    layouts = [build_sheet(load(COMPLETE, registry), sotc), build_sheet(longest_character(), sotc)]
    assert build(layouts, invariant=True) == build(layouts, invariant=True)


def test_metadata_title_author_subject(registry: Any, sotc: Any) -> None:
    """PDF metadata names the character, the player and what the document is."""
    data = build([build_sheet(load(COMPLETE, registry), sotc)])
    meta = PdfReader(io.BytesIO(data)).metadata
    assert meta is not None
    assert meta.title == "Character sheet: Irène Vasquez-Okonkwo"
    assert meta.author == "Zoë Ångström"
    assert meta.subject == "Spirit of the Century character sheet"


def test_fonts_are_embedded_subsets(registry: Any, sotc: Any) -> None:
    """The DejaVu font is embedded (no reliance on the reader's fonts)."""
    reader = PdfReader(io.BytesIO(build([build_sheet(load(COMPLETE, registry), sotc)])))
    fonts = reader.pages[0]["/Resources"]["/Font"]
    names = [str(f.get_object()["/BaseFont"]) for f in fonts.values()]
    assert any("DejaVuSans" in n for n in names)
    for font in fonts.values():
        if "DejaVu" in str(font.get_object()["/BaseFont"]):
            descriptor = font.get_object()["/FontDescriptor"].get_object()
            assert "/FontFile2" in descriptor  # the TrueType program is in the file


@pytest.mark.parametrize("paper", PAPERS)
def test_several_characters_each_start_a_new_page(registry: Any, paper: str) -> None:
    """render_pdf puts every character's sheet (and worksheet with "full") on its own pages."""
    chars = [load(SKY_HOBO, registry), load(COMPLETE, registry)]
    out = io.BytesIO()
    count = render_pdf(chars, registry, out, kind="full", paper=paper)
    pages = pdf_pages(out.getvalue())
    assert count == len(pages)
    starts = [i for i, p in enumerate(pages) if "NAME" in p or "WORKSHEET FOR" in p]
    assert len(starts) == 4
    assert "Diego MacKinnon" in pages[starts[0]] and "Diego MacKinnon" in pages[starts[1]]
    assert "Irène" in pages[starts[2]] and "WORKSHEET FOR" in pages[starts[3]]
    width = float(PdfReader(io.BytesIO(out.getvalue())).pages[0].mediabox.width)
    assert round(width) == (612 if paper == "letter" else 595)


@pytest.mark.parametrize("paper", PAPERS)
def test_blank_sheets_are_one_page_each(ladder_only_registry: Any, paper: str) -> None:
    """SotC: sheet (one page) and worksheet; a system without sheets: one generic page."""
    for system_id, expected in (("sotc", None), ("ladder-only", 1)):
        out = io.BytesIO()
        pages = render_blank([system_id], ladder_only_registry, out, paper)
        text = pdf_pages(out.getvalue())
        if expected is None:
            assert "Superb (+5)" in text[0] and "Health" in text[0]
            assert "Phase Five (Other Adventures)" in " ".join(text[1:])
            assert "WORKSHEET FOR" in text[1]
        else:
            assert pages == expected
            raw = PdfReader(io.BytesIO(out.getvalue())).pages[0].extract_text()
            assert "Character Sheet" in raw and "yet" not in raw
            assert ladder_only_registry.info(system_id).name in one_line(raw)


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("ladder_of", ["sotc", "art"])
def test_generic_blank_sheet_fills_one_page_for_eight_and_ten_rungs(
    registry: Any, paper: str, ladder_of: str
) -> None:
    """The generic blank sheet trades writing lines for ladder rungs: one page either way, with
    most of the page used (its last line in the bottom fifth of the page)."""
    from rules.systems.registry import SystemRegistry

    bound = SystemRegistry()
    for info in registry.infos():
        bound.register_info(info)
    made_up = registry.info(ladder_of).model_copy(
        update={"id": "made-up", "name": "Made Up", "package": None, "implemented": False}
    )
    bound.register_info(made_up)
    out = io.BytesIO()
    assert render_blank(["made-up"], bound, out, paper) == 1
    page = PdfReader(io.BytesIO(out.getvalue())).pages[0]
    height = float(page.mediabox.height)
    starts: list[float] = []  # the page height of every ruled line's start

    def visit(op: bytes, args: Any, cm: Any, tm: Any) -> None:
        if op == b"m":
            starts.append(cm[1] * float(args[0]) + cm[3] * float(args[1]) + cm[5])

    page.extract_text(visitor_operand_before=visit)
    footer = min(starts)
    writing = [y for y in starts if y > footer + 1]
    assert min(writing) < height / 5


@pytest.mark.parametrize("paper", PAPERS)
def test_npc_cards_at_least_six_per_page(registry: Any, sotc: Any, paper: str) -> None:
    """Index-card proportions (5:3), at least six to a page; nine cards need two pages."""
    columns, rows, width, height = card_grid(paper)
    assert columns * rows >= 6
    assert height / width == pytest.approx(3 / 5)
    hobo = build_card(load(SKY_HOBO, registry), sotc)
    cards = [hobo] * 8 + [minion_card("Goons <&>", "Average", 5, 1)]
    out = io.BytesIO()
    assert render_cards(cards, out, paper) == 2
    pages = pdf_pages(out.getvalue())
    assert pages[0].count("Diego MacKinnon") == 8
    assert "Goons <&>" in pages[1]


def test_aspect_cards_are_three_by_five_inches(sotc: Any) -> None:
    """3x5 inch cards, four to a page (issue 14: no longer three in one column); long aspects
    shrink to fit, hostile text is literal."""
    aspects = ["On Fire!", "Dark & <stormy> night", "Crumbling ziggurat " * 15, "Fog", "Rain"]
    out = io.BytesIO()
    assert render_aspect_cards(aspects, out, "letter") == 2
    text = one_line(" ".join(pdf_pages(out.getvalue())))
    for aspect in aspects:
        assert one_line(aspect) in text


def track(label: str, checked: tuple[bool, ...]) -> Track:
    """A conflict sheet track: as many boxes as states given."""
    return Track(label=label, boxes=len(checked), checked=checked)


def test_conflict_sheet_lists_participants() -> None:
    """The game master's conflict sheet: names, initiative, consequences, fate points."""
    health = (False, True, False, True) + (False,) * 3
    rows = [
        ConflictRow(name="Irène", initiative=3,
                    tracks=(track("Health", health), track("Composure", (False,) * 6)),
                    consequences=("Mild: Singed eyebrows",), fate_points=8),
        ConflictRow(name="Thugs <4>", initiative=-1, tracks=(track("Health", (False,) * 8),)),
    ]  # fmt: skip
    out = io.BytesIO()
    assert render_conflict_sheet(rows, out, "a4", invariant=True) == 1
    text = one_line(pdf_pages(out.getvalue())[0])
    for value in ("Irène", "+3", "Mild: Singed eyebrows", "Thugs <4>", "-1", "COMPOSURE"):
        assert value in text
    reader = PdfReader(io.BytesIO(out.getvalue()))
    box = reader.pages[0].mediabox
    assert float(box.width) > float(box.height)  # landscape


def test_unknown_paper_and_empty_input_are_errors(sotc: Any) -> None:
    """Bad arguments fail with a ValueError naming the problem, not a ReportLab traceback."""
    with pytest.raises(ValueError, match="paper"):
        build([build_sheet(SotcCharacter(name="A"), sotc)], "legal")
    with pytest.raises(ValueError, match="nothing to print"):
        build([])
