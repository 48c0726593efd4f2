"""GUI layer: sharing an encounter with the players' own phones and laptops (issue #28).

:mod:`gui.share.server` serves the players' page on the local network (aiohttp on a thread of
its own, no Qt); :mod:`gui.share.feed` turns an encounter into the JSON it serves
(:func:`rules.encounter.public_view.public_view`); :mod:`gui.share.dialog` is the GM's
"Share with players on this network…" dialog; :mod:`gui.share.cli` is
``fatesmith encounter share``.
"""
