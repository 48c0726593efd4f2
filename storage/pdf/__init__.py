"""Storage layer: printable PDF sheets, worksheets, cards and game-master aids (ReportLab).

:mod:`storage.pdf.sheet_layout` builds pure layout data from characters; :mod:`storage.pdf.render`
and :mod:`storage.pdf.cards` turn it into PDF pages. See docs/printing.md for the API.
"""
