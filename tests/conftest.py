"""Shared test fixtures: headless Qt, a seeded random generator and the bundled systems."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

# Qt must run headless in every test process; set before anything imports PySide6.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

REPO = Path(__file__).resolve().parents[1]
DATA = REPO / "tests" / "data"


@pytest.fixture
def rng() -> random.Random:
    """A seeded generator: every test that rolls dice is repeatable."""
    return random.Random(20061)


@pytest.fixture(scope="session")
def registry():  # type: ignore[no-untyped-def]
    """Every bundled game system, loaded from resources/."""
    from storage.systems_catalog import default_registry

    return default_registry()


@pytest.fixture(scope="session")
def sotc(registry):  # type: ignore[no-untyped-def]
    """The Spirit of the Century system."""
    return registry.get("sotc")
