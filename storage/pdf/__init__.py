"""Storage layer: printable PDF sheets, worksheets, cards and game-master aids (ReportLab).

The system-neutral machinery: :mod:`storage.pdf.sheet_layout` is the pure layout data,
:mod:`storage.pdf.render` and :mod:`storage.pdf.cards` turn it into PDF pages, and
:mod:`storage.pdf.generic` prints systems that have no sheets of their own. Each system's
layouts live in ``storage/systems/<package>/`` (see :mod:`storage.system_sheets`); see
docs/printing.md for the API.
"""
