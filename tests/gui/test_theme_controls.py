"""Controls keep their shape in both themes (issue #23, "Also seen"): the campaign dialog's member
check boxes were nearly invisible on the dark theme, and the Strange Fate diagram editor's
toolbar showed its commands as plain words with no button look. Each is rendered offscreen in
light and dark (with FATESMITH_SCREENSHOTS=1 the grabs go to docs/screenshots) and measured: the
edge of a check box and of a toolbar button must stand out from what is around it (WCAG's 3:1
for the parts of a control)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPoint, QRect
from PySide6.QtGui import QColor, QImage, QPalette
from PySide6.QtWidgets import QApplication, QStyle, QStyleOptionViewItem, QToolButton

from gui.dialogs.campaign import CampaignDialog
from gui.systems.strange_fate.diagram_editor import DiagramTab
from gui.theme import apply_theme, contrast_ratio
from rules.systems.strange_fate.system import DIAGRAM_KEY
from tests.gui.test_strange_fate_diagram import FakeWorkspace

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


@pytest.fixture
def diagram(registry: Any) -> Any:
    """The bundled Skill Trapping Diagram as an editor document."""
    from gui.systems.strange_fate.diagram_document import DiagramDocument

    sf = registry.get("strange-fate")
    content = next(k.bundled for k in sf.data_kinds if k.key == DIAGRAM_KEY)
    categories = {t.name: t.category for t in sf.book.catalog.trappings}
    return DiagramDocument(content, content, version=0, categories=categories)


@pytest.fixture(params=["light", "dark"])
def theme(request: pytest.FixtureRequest, qapp: QApplication) -> Iterator[str]:
    apply_theme(qapp, request.param)
    yield request.param
    apply_theme(qapp, "light")


def shot(widget: Any, name: str, theme: str, tmp_path: Path) -> QImage:
    folder = SHOTS if os.environ.get("FATESMITH_SCREENSHOTS") == "1" else tmp_path
    image = widget.grab().toImage()
    suffix = "-dark" if theme == "dark" else ""
    assert image.save(str(folder / f"{name}{suffix}.png"))
    return image


def edge_contrast(image: QImage, rect: QRect, around: QColor) -> float:
    """The strongest contrast with ``around`` along the one-pixel ring just inside ``rect``
    (the control's own edge: its text or check mark inside are not counted)."""
    best = 1.0
    for inset in (0, 1):
        r = rect.adjusted(inset, inset, -inset, -inset)
        points = [
            QPoint(x, y) for x in range(r.left(), r.right() + 1) for y in (r.top(), r.bottom())
        ]
        points += [
            QPoint(x, y) for y in range(r.top(), r.bottom() + 1) for x in (r.left(), r.right())
        ]
        for p in points:
            if image.rect().contains(p):
                best = max(best, contrast_ratio(QColor(image.pixel(p)), around))
    return best


def test_member_check_boxes_stand_out(
    theme: str, make_window: Any, qtbot: Any, tmp_path: Path
) -> None:
    window = make_window()
    campaign = next(c for c in window.library.list_campaigns() if c.member_ids)
    dialog = CampaignDialog(window, campaign.id, window.campaign_context())
    qtbot.addWidget(dialog)
    dialog.pages.setCurrentWidget(dialog._members_page)
    dialog.resize(640, 480)
    dialog.show()
    qtbot.waitExposed(dialog)
    shot(dialog, "campaign-members", theme, tmp_path)
    view = dialog.members
    image = view.viewport().grab().toImage()
    option = QStyleOptionViewItem()
    option.initFrom(view.viewport())
    base = view.palette().color(QPalette.ColorRole.Base)
    checked = unchecked = 0.0
    for row in range(view.count()):
        item = view.item(row)
        option.rect = view.visualItemRect(item)
        option.features = QStyleOptionViewItem.ViewItemFeature.HasCheckIndicator
        box = view.style().subElementRect(
            QStyle.SubElement.SE_ItemViewItemCheckIndicator, option, view
        )
        ratio = edge_contrast(image, box, base)
        if item.checkState().value:
            checked = max(checked, ratio)
        else:
            unchecked = max(unchecked, ratio)
    assert checked >= 3.0 and unchecked >= 3.0, (theme, checked, unchecked)


def test_diagram_toolbar_buttons_look_like_buttons(
    theme: str,
    diagram: Any,
    qtbot: Any,
    tmp_path: Path,
) -> None:
    tab = DiagramTab(diagram, "strange-fate", DIAGRAM_KEY, FakeWorkspace())
    qtbot.addWidget(tab)
    tab.resize(1280, 720)
    tab.show()
    qtbot.waitExposed(tab)
    shot(tab, "strange-fate-diagram-editor", theme, tmp_path)
    bar = tab.toolbar
    image = bar.grab().toImage()
    around = bar.palette().color(QPalette.ColorRole.Window)
    buttons = [b for b in bar.findChildren(QToolButton) if b.isVisible() and b.defaultAction()]
    assert len(buttons) >= 5
    for button in buttons:
        rect = QRect(button.mapTo(bar, QPoint(0, 0)), button.size())
        ratio = edge_contrast(image, rect, around)
        assert ratio >= 3.0, (theme, button.text(), ratio)
