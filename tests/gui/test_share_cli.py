"""``fatesmith encounter share`` (issue #28): serves a saved encounter's players' page, prints
the link with its token on its first line, follows the library's saves, stops on Ctrl+C; the
command imports no Qt."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from gui.share.cli import STRESS_CHOICES
from rules.encounter import Encounter, Participant
from rules.encounter.public_view import STRESS_MODES
from rules.encounter_script import to_payload
from storage.library import EncounterRecord, Library
from tests.conftest import REPO


def _encounter(round_name: str) -> Encounter:
    return Encounter(
        name=round_name,
        system="sotc",
        participants=(
            Participant(id="jack", name="Jack <b>Corrigan</b>", kind="pc", side="heroes"),
            Participant(id="sniper", name="Hidden Sniper", side="villains", hidden=True),
        ),
    )


@pytest.fixture
def library_file(tmp_path: Path, registry: Any) -> tuple[str, Any]:
    path = tmp_path / "lib.sqlite3"
    state = _encounter("Dockside")
    record = EncounterRecord(name="Dockside", payload=to_payload(state, (), state))
    with Library.open(f"sqlite:///{path}", registry=registry, samples=False, create=True) as lib:
        lib.save_encounter(record, expected_version=None)
    return str(path), record.id


def _get(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=10) as response:
        return json.loads(response.read())


def _share(library: str, *extra: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "gui.cli", "--library", library, "encounter", "share", *extra],
        cwd=REPO,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def test_share_serves_follows_the_library_and_stops_on_ctrl_c(
    library_file: tuple[str, Any], registry: Any
) -> None:
    path, record_id = library_file
    proc = _share(path, "dockside", "--bind", "127.0.0.1", "--port", "0")
    try:
        assert proc.stdout is not None
        url = proc.stdout.readline().strip()
        assert url.startswith("http://127.0.0.1:") and "/s/" in url and not url.endswith(":0/")
        token = url.rstrip("/").rsplit("/", 1)[1]
        assert len(token) >= 22  # at least 128 bits of url-safe base64
        state = _get(url + "state.json")
        assert state["title"] == "Dockside"
        assert [p["name"] for p in state["participants"]] == ["Jack <b>Corrigan</b>"]
        assert "Hidden Sniper" not in json.dumps(state)
        with pytest.raises(urllib.error.HTTPError) as refused:
            _get(url.replace(token, "x" * len(token)) + "state.json")
        assert refused.value.code == 403
        # the GM saves the encounter again (the app does after every change): the page follows
        with Library.open(f"sqlite:///{path}", registry=registry, samples=False) as lib:
            old = lib.get_encounter(record_id)
            later = _encounter("Dockside, exchange 2")
            lib.save_encounter(
                old.model_copy(update={"payload": to_payload(later, (), later)}),
                expected_version=old.version,
            )
        end = time.monotonic() + 20  # a safety limit while waiting for the next poll
        while _get(url + "state.json")["title"] != "Dockside, exchange 2":
            assert time.monotonic() < end, "the served state never followed the library"
            time.sleep(0.05)
        proc.send_signal(signal.SIGINT)
        assert proc.wait(timeout=30) == 0
        assert "plain HTTP" in (proc.stderr.read() if proc.stderr else "")
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_share_refuses_all_addresses_and_unknown_encounters(
    library_file: tuple[str, Any],
) -> None:
    path, _ = library_file
    every = _share(path, "Dockside", "--bind", "0.0.0.0", "--port", "0")
    out, err = every.communicate(timeout=60)
    assert every.returncode == 2 and out == "" and "not on all of them" in err
    missing = _share(path, "Nowhere", "--bind", "127.0.0.1", "--port", "0")
    out, err = missing.communicate(timeout=60)
    assert missing.returncode == 2 and "no saved encounter named 'Nowhere'" in err


def test_share_command_imports_no_qt_and_offers_every_stress_mode() -> None:
    assert STRESS_CHOICES == STRESS_MODES
    code = (
        "import sys, gui.share.cli, gui.share.server, gui.share.feed; "
        "sys.exit('PySide6' in sys.modules)"
    )
    assert subprocess.run([sys.executable, "-c", code], cwd=REPO, check=False).returncode == 0
