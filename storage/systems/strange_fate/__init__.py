"""Storage layer: Strange Fate's printable sheets (plug-in ``storage.systems.strange_fate``)."""
