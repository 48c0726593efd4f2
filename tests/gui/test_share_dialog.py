"""The GM's "Share with players on this network…" dialog (issue #28): off by default, one of
the machine's addresses (never all of them), the link and its QR code, live updates as the
encounter changes, New link revoking the old one, Stop sharing, the preview of exactly what is
served, the plain-HTTP notice, and the sharing stopping with the encounter window."""

from __future__ import annotations

import json
import os
import random
import socket
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest
import segno
from pytestqt.qtbot import QtBot

from gui.encounter import open_encounter_window
from gui.share.dialog import (
    PLAIN_HTTP,
    QR_MODULE,
    QR_QUIET,
    ShareDialog,
    machine_addresses,
    preview_text,
    qr_image,
)
from rules.encounter import AddParticipantEvent, Participant, SetSceneEvent, StartEvent


def _get(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=10) as response:
        return json.loads(response.read())


@pytest.fixture
def window(qtbot: QtBot, registry: Any) -> Any:
    w = open_encounter_window(None, None, registry, rng=random.Random(1), system="sotc")
    qtbot.addWidget(w)
    assert w.push(SetSceneEvent(name="Rooftop <b>chase</b>"))
    for p in (
        Participant(id="ada", name="Ada", kind="pc", side="heroes", fate_points=3,
                    tracks={"health": (0, 0, 0)}),
        Participant(id="brute", name="Brute", side="villains", fate_points=6,
                    tracks={"health": (1, 0, 0)}),
        Participant(id="spy", name="Silent Spy", side="villains", hidden=True),
    ):  # fmt: skip
        assert w.push(AddParticipantEvent(participant=p))
    return w


def _dialog(window: Any, qtbot: QtBot) -> ShareDialog:
    share = next(a for a in window.findChildren(type(window.hide_npc_tracks))
                 if a.text().startswith("Share with players"))  # fmt: skip
    share.trigger()  # the encounter window's menu entry opens the dialog
    dialog = window.findChild(ShareDialog)
    assert isinstance(dialog, ShareDialog) and dialog.isVisible()
    index = dialog.address.findData("127.0.0.1")
    assert index >= 0
    dialog.address.setCurrentIndex(index)
    dialog.port.setValue(0)
    return dialog


def test_off_by_default_then_shares_live_and_stops(window: Any, qtbot: QtBot) -> None:
    dialog = _dialog(window, qtbot)
    assert dialog.server is None and dialog.link.text() == "" and dialog.url == ""
    assert not dialog.stop_button.isEnabled() and not dialog.new_link_button.isEnabled()
    assert dialog.start()
    url = dialog.link.text()
    assert url == dialog.url and url.startswith("http://127.0.0.1:") and "/s/" in url
    served = _get(url + "state.json")
    assert served["title"] == "Rooftop <b>chase</b>"
    assert [p["name"] for p in served["participants"]] == ["Ada", "Brute"]
    assert "Silent Spy" not in json.dumps(served)
    assert "Silent Spy" not in dialog.preview.toPlainText()
    brute = served["participants"][1]
    assert brute["fate_points"] is None and brute["tracks"]  # exact by default
    # the encounter moves on: the page's state follows, pushed by the document's signal
    assert window.push(StartEvent())
    qtbot.waitUntil(lambda: _get(url + "state.json")["phase"] == "Exchange 1", timeout=10000)
    # the GM hides the villains' stress: what is served changes at once
    dialog.stress.setCurrentIndex(dialog.stress.findData("hidden"))
    qtbot.waitUntil(
        lambda: _get(url + "state.json")["participants"][1]["tracks"] == [], timeout=10000
    )
    port = dialog.server.port if dialog.server else 0
    dialog.stop()
    assert dialog.server is None and dialog.link.text() == ""
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", port), timeout=5).close()


def test_new_link_revokes_the_old_one_and_redraws_the_qr_code(window: Any, qtbot: QtBot) -> None:
    dialog = _dialog(window, qtbot)
    assert dialog.start()
    old = dialog.url
    old_qr = dialog.qr.pixmap().toImage()
    dialog.new_link()
    new = dialog.url
    assert new != old and dialog.link.text() == new
    with pytest.raises(urllib.error.HTTPError) as refused:
        _get(old + "state.json")
    assert refused.value.code == 403
    assert _get(new + "state.json")["title"] == "Rooftop <b>chase</b>"
    assert dialog.qr.pixmap().toImage() != old_qr
    assert dialog.qr.pixmap().toImage() == qr_image(new)
    dialog.stop()


def test_the_qr_code_is_the_link(qtbot: QtBot) -> None:
    link = "http://192.168.1.20:8765/s/abcdefghijklmnopqrstuvwxyzABCDEF/"
    image = qr_image(link)
    matrix = segno.make(link, error="m").matrix
    assert image.width() == (len(matrix) + 2 * QR_QUIET) * QR_MODULE
    black = 0xFF000000
    for y, row in enumerate(matrix):
        for x, dark in enumerate(row):
            pixel = image.pixel((x + QR_QUIET) * QR_MODULE + 1, (y + QR_QUIET) * QR_MODULE + 1)
            assert (pixel == black) == bool(dark)
    assert image.pixel(0, 0) == 0xFFFFFFFF  # the quiet zone is white


def test_addresses_are_the_machines_own_and_never_all_at_once() -> None:
    addresses = [a for a, _label in machine_addresses()]
    assert "0.0.0.0" not in addresses and "::" not in addresses
    assert addresses[-1] == "127.0.0.1"  # this computer only, offered last
    assert len(addresses) == len(set(addresses))


def test_the_dialog_says_plain_http_and_previews_what_is_served(window: Any, qtbot: QtBot) -> None:
    dialog = _dialog(window, qtbot)
    texts = " ".join(label.text() for label in dialog.findChildren(type(dialog.status)))
    assert "plain HTTP on your local network" in texts and PLAIN_HTTP in texts
    assert dialog.preview.toPlainText() == preview_text(dialog.public())
    assert "Rooftop <b>chase</b>" in dialog.preview.toPlainText()
    dialog.stress.setCurrentIndex(dialog.stress.findData("words"))
    assert "Condition: stressed" in dialog.preview.toPlainText()  # the Brute, in SotC's words


def test_closing_the_encounter_window_stops_sharing(window: Any, qtbot: QtBot) -> None:
    dialog = _dialog(window, qtbot)
    assert dialog.start()
    server = dialog.server
    assert server is not None and server.running
    window.close()
    assert not server.running and dialog.server is None


def test_a_port_in_use_is_reported_not_raised(window: Any, qtbot: QtBot) -> None:
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    try:
        dialog = _dialog(window, qtbot)
        dialog.port.setValue(taken.getsockname()[1])
        assert not dialog.start()
        assert dialog.server is None and "Cannot share" in dialog.status.text()
    finally:
        taken.close()


def test_screenshot_of_the_dialog(window: Any, qtbot: QtBot, tmp_path: Path) -> None:
    """The dialog while sharing, at its own size; with FATESMITH_SCREENSHOTS=1 written to
    docs/screenshots/share-dialog.png (to be looked at)."""
    dialog = _dialog(window, qtbot)
    assert dialog.start()
    qtbot.waitExposed(dialog)
    image = dialog.grab()
    assert image.width() >= 700 and not image.isNull()
    image.save(str(tmp_path / "share-dialog.png"))
    if os.environ.get("FATESMITH_SCREENSHOTS") == "1":
        image.save(str(Path(__file__).resolve().parents[2] / "docs/screenshots/share-dialog.png"))
    dialog.stop()
