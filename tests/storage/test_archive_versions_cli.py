"""Archive format versions the app never wrote are refused (issue 29): ``format_version`` 0,
-1, a string, a boolean or a fraction is one clear line on stderr, exit 2, and nothing is
imported; the versions it did write (1 up to the current one) still import. Through the real
command line (``python -m gui.cli library import``).
"""

from __future__ import annotations

import json
import zipfile
from pathlib import Path
from typing import Any

import pytest

from storage import archive
from tests.cli_process import exported_library
from tests.cli_process import fatesmith as cli


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A good archive of the sample library."""
    return exported_library(tmp_path_factory.mktemp("source"))


def with_version(source: Path, target: Path, version: Any) -> Path:
    """``source`` with its manifest's ``format_version`` set to ``version``."""
    with zipfile.ZipFile(source) as zin, zipfile.ZipFile(target, "w") as zout:
        for info in zin.infolist():
            data = zin.read(info)
            if info.filename == archive.MANIFEST:
                manifest = json.loads(data)
                manifest["format_version"] = version
                data = json.dumps(manifest).encode()
            zout.writestr(info, data)
    return target


@pytest.mark.parametrize("version", [0, -1, -99, "2", True, 2.0, None])
def test_a_version_never_written_is_one_line_exit_2_nothing_imported(
    exported: Path, tmp_path: Path, version: Any
) -> None:
    bad = with_version(exported, tmp_path / "odd.zip", version)
    lib = str(tmp_path / "lib.sqlite3")
    first = cli("--library", lib, "--create", "library", "--no-samples", "list", "--json")
    assert first.returncode == 0 and first.stdout == ""

    done = cli("--library", lib, "library", "import", str(bad))

    assert done.returncode == 2, (done.stdout, done.stderr)
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert "archive format" in lines[0] and "odd.zip" in lines[0], lines[0]
    assert done.stdout == ""
    after = cli("--library", lib, "library", "list", "--json")
    assert after.returncode == 0 and after.stdout == ""
    campaigns = cli("--library", lib, "library", "campaigns", "--json")
    assert campaigns.stdout == ""


def test_the_current_version_still_imports(exported: Path, tmp_path: Path) -> None:
    lib = str(tmp_path / "lib.sqlite3")
    done = cli("--library", lib, "--create", "library", "--no-samples", "import", str(exported))
    assert done.returncode == 0, done.stderr
