"""GUI layer: sharing an encounter with the players' own phones and laptops (issue #28).

:mod:`gui.share.server` serves the players' page on the local network (aiohttp on a thread of
its own, no Qt); :mod:`gui.share.feed` turns an encounter into the JSON it serves
(:func:`rules.encounter.public_view.public_view`); :mod:`gui.share.dialog` is the GM's
"Share with players on this network…" dialog; :mod:`gui.share.cli` is
``fatesmith encounter share``.
"""

from __future__ import annotations

from typing import Any


def open_share_dialog(window: Any) -> Any:
    """The encounter window's "Share with players on this network…" dialog, shown (the
    server's modules load on first use, not with every encounter window)."""
    from gui.share.dialog import open_share_dialog as open_dialog

    return open_dialog(window)
