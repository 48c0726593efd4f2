"""Each system's rules data travels in archives (issue 29): a library-scope export carries the
stored documents (a corrected Strange Fate diagram, the user's ART Action Results Table) with
their provenance, and a fresh library that imports it prices (``trapping-cost``), validates and
rolls (``art roll``) exactly as the original; rules data the library holds differently is
replaced, kept or skipped as ``--on-duplicate`` says; a campaign's export carries its system's.
Through the real command line, on SQLite and PostgreSQL (``library_url``).
"""

from __future__ import annotations

import json
import subprocess
import zipfile
from pathlib import Path
from typing import Any

from rules.system_data import SystemData
from rules.systems.art.system import TABLE_KEY
from rules.systems.art.table import ActionResultsTable
from rules.systems.strange_fate.system import DIAGRAM_KEY
from storage import archive
from storage.library import Library
from storage.paths import file_url
from storage.systems_catalog import default_registry
from tests.cli_process import fatesmith as cli
from tests.rules.strange_fate_builders import system as strange_fate
from tests.rules.test_art_support import fake_row, fake_table

PRICE = ("trapping-cost", "--json", "Networking", "Wealth")
ROLL = ("art", "roll", "14", "--seed", "7", "--json")


def corrected_diagram() -> dict[str, Any]:
    """The bundled diagram with Networking-Wealth made thick (a cheaper price)."""
    bundled = strange_fate().book.diagram.model_dump(mode="json")
    lines = [
        {**line, "style": "thick"} if {line["a"], line["b"]} == {"Networking", "Wealth"} else line
        for line in bundled["lines"]
    ]
    return {**bundled, "lines": lines}


def other_table() -> ActionResultsTable:
    """A second valid table: row 30 given too (the fake one's rows 0-25 only)."""
    return ActionResultsTable(source="another", rows=fake_table(range(0, 26)).rows)


def store(url: str, system: str, key: str, content: dict[str, Any]) -> None:
    with Library.open(url, registry=default_registry(), samples=False) as lib:
        current = next(d for d in lib.system_documents(system) if d.key == key)
        lib.save_system_document(
            SystemData(system=system, key=key, provenance="user", content=content),
            expected_version=current.version or None,
        )


def source_library(tmp_path: Path) -> str:
    """A SQLite library with a corrected diagram, the user's table and the samples."""
    url = file_url(tmp_path / "source.sqlite3")
    Library.open(url, registry=default_registry()).close()  # with the samples
    store(url, "strange-fate", DIAGRAM_KEY, corrected_diagram())
    store(url, "art", TABLE_KEY, fake_table().model_dump(mode="json"))
    return url


def run(url: str, *argv: str) -> subprocess.CompletedProcess[str]:
    return cli("--library", url, *argv)


def points(done: subprocess.CompletedProcess[str]) -> int:
    assert done.returncode == 0, done.stderr
    value: int = json.loads(done.stdout)["points"]
    return value


def validity(url: str) -> dict[str, Any]:
    done = run(url, "library", "list", "--json")
    assert done.returncode == 0, done.stderr
    rows = [json.loads(line) for line in done.stdout.splitlines()]
    return {r["id"]: r["valid"] for r in rows}


def test_a_library_export_reimported_prices_and_rolls_as_the_original(
    library_url: str, tmp_path: Path
) -> None:
    source = source_library(tmp_path)
    out = tmp_path / "library.zip"
    done = run(source, "library", "export", str(out))
    assert done.returncode == 0, done.stderr
    with zipfile.ZipFile(out) as zf:
        manifest = json.loads(zf.read(archive.MANIFEST))
    assert manifest["format_version"] == archive.ARCHIVE_VERSION == 3
    carried = {(d["system"], d["key"]): d["provenance"] for d in manifest["system_data"]}
    assert carried == {("art", TABLE_KEY): "user", ("strange-fate", DIAGRAM_KEY): "user"}

    done = run(library_url, "--create", "library", "--no-samples", "import", str(out))
    assert done.returncode == 0, done.stderr
    assert "imported rules data: ART Engine: Action Results Table" in done.stdout
    assert "imported rules data: Strange Fate: Skill Trapping Diagram" in done.stdout

    bundled = points(cli("trapping-cost", "--json", "Networking", "Wealth"))
    assert points(run(source, *PRICE)) == points(run(library_url, *PRICE)) != bundled
    rolled = run(source, *ROLL)
    again = run(library_url, *ROLL)
    assert rolled.returncode == again.returncode == 0, again.stderr
    assert json.loads(rolled.stdout) == json.loads(again.stdout)
    assert json.loads(again.stdout)["table_loaded"] is True
    assert validity(source) == validity(library_url)
    with Library.open(library_url, registry=default_registry()) as lib:
        for system_id in ("art", "strange-fate"):
            assert [d.provenance for d in lib.system_documents(system_id)] == ["user"]

    # export -> import into an empty library -> export: the same bytes, rules data included
    second = tmp_path / "again.zip"
    done = run(library_url, "library", "export", str(second))
    assert done.returncode == 0, done.stderr
    assert second.read_bytes() == out.read_bytes()

    # importing the same archive again changes nothing and says so
    done = run(library_url, "library", "import", str(out))
    assert done.returncode == 0, done.stderr
    assert "skipped rules data ART Engine: Action Results Table: unchanged" in done.stdout


def test_rules_data_held_differently_is_kept_skipped_or_replaced(
    library_url: str, tmp_path: Path
) -> None:
    source = source_library(tmp_path)
    out = tmp_path / "library.zip"
    assert run(source, "library", "export", str(out)).returncode == 0
    assert run(library_url, "--create", "library", "--no-samples", "list").returncode == 0
    mine = other_table()
    store(library_url, "art", TABLE_KEY, mine.model_dump(mode="json"))

    def held() -> Any:
        with Library.open(library_url, registry=default_registry()) as lib:
            return lib.registry.get("art").table  # type: ignore[attr-defined]

    done = run(library_url, "library", "import", str(out))  # keep-both: keep the library's
    assert done.returncode == 0, done.stderr
    assert "kept the library's rules data ART Engine: Action Results Table" in done.stdout
    assert "imported rules data: Strange Fate: Skill Trapping Diagram" in done.stdout
    assert held().rows == mine.rows

    done = run(library_url, "library", "import", "--on-duplicate", "skip", str(out))
    assert done.returncode == 0, done.stderr
    assert "skipped rules data ART Engine: Action Results Table: the library has" in done.stdout
    assert held().rows == mine.rows

    done = run(library_url, "library", "import", "--on-duplicate", "replace", str(out))
    assert done.returncode == 0, done.stderr
    assert "replaced rules data: ART Engine: Action Results Table" in done.stdout
    assert held().rows == fake_table().rows
    assert json.loads(run(library_url, *ROLL).stdout) == json.loads(run(source, *ROLL).stdout)


def test_a_campaign_export_carries_its_systems_rules_data_only(
    library_url: str, tmp_path: Path
) -> None:
    source = source_library(tmp_path)
    with Library.open(source, registry=default_registry()) as lib:
        campaign = next(c for c in lib.list_campaigns() if c.system == "art")
    out = tmp_path / "campaign.zip"
    done = run(source, "library", "export", "--campaign", campaign.name, str(out))
    assert done.returncode == 0, done.stderr
    with zipfile.ZipFile(out) as zf:
        manifest = json.loads(zf.read(archive.MANIFEST))
    assert [(d["system"], d["key"]) for d in manifest["system_data"]] == [("art", TABLE_KEY)]

    done = run(library_url, "--create", "library", "--no-samples", "import", str(out))
    assert done.returncode == 0, done.stderr
    assert json.loads(run(library_url, *ROLL).stdout) == json.loads(run(source, *ROLL).stdout)
    # the other systems' rules data stayed behind: Strange Fate prices over the bundled diagram
    assert points(run(library_url, *PRICE)) == points(cli(*PRICE))


def test_rules_data_of_an_unknown_kind_refuses_the_archive(
    library_url: str, tmp_path: Path
) -> None:
    source = source_library(tmp_path)
    out = tmp_path / "library.zip"
    assert run(source, "library", "export", str(out)).returncode == 0
    odd = tmp_path / "odd.zip"
    with zipfile.ZipFile(out) as zin, zipfile.ZipFile(odd, "w") as zout:
        for info in zin.infolist():
            data = zin.read(info)
            if info.filename == archive.MANIFEST:
                manifest = json.loads(data)
                manifest["system_data"][0]["key"] = "no-such-kind"
                data = json.dumps(manifest).encode()
            zout.writestr(info, data)
    done = run(library_url, "--create", "library", "--no-samples", "import", str(odd))
    assert done.returncode == 2
    assert "no-such-kind" in done.stderr and "nothing was imported" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
    assert run(library_url, "library", "list", "--json").stdout == ""
    with Library.open(library_url, registry=default_registry()) as lib:
        assert [d.provenance for d in lib.system_documents("art")] == ["bundled"]


def test_a_format_2_archive_still_imports_and_leaves_the_rules_data(
    library_url: str, tmp_path: Path
) -> None:
    source = source_library(tmp_path)
    out = tmp_path / "library.zip"
    assert run(source, "library", "export", str(out)).returncode == 0
    old = tmp_path / "format2.zip"
    with zipfile.ZipFile(out) as zin, zipfile.ZipFile(old, "w") as zout:
        for info in zin.infolist():
            data = zin.read(info)
            if info.filename == archive.MANIFEST:
                manifest = json.loads(data)
                manifest["format_version"] = 2
                del manifest["system_data"]
                del manifest["counts"]["system_data"]
                data = json.dumps(manifest).encode()
            zout.writestr(info, data)
    assert run(library_url, "--create", "library", "--no-samples", "list").returncode == 0
    store(library_url, "art", TABLE_KEY, other_table().model_dump(mode="json"))
    done = run(library_url, "library", "import", "--on-duplicate", "replace", str(old))
    assert done.returncode == 0, done.stderr
    assert "rules data" not in done.stdout
    with Library.open(library_url, registry=default_registry()) as lib:
        assert lib.registry.get("art").table.rows == other_table().rows  # type: ignore[attr-defined]
    assert fake_row  # the builders used above
