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


LADDER_ONLY = "ladder-only"
"""A made-up system id registered with its ladder and dice only (see ``ladder_only_registry``)."""


@pytest.fixture(scope="session")
def ladder_only_registry(registry):  # type: ignore[no-untyped-def]
    """The bundled systems plus a made-up one registered with its ladder and dice only, as a
    system whose character rules are not written yet is: tests of that path do not depend on
    which real systems happen to be implemented."""
    from rules.systems.registry import SystemRegistry

    made_up = registry.info("sotc").model_copy(
        update={"id": LADDER_ONLY, "name": "Ladder Only", "package": None, "implemented": False}
    )
    bound = SystemRegistry()
    for system in registry:
        bound.register(system)
    for info in registry.infos():
        bound.register_info(info)
    bound.register_info(made_up)
    return bound
