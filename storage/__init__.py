"""Storage layer: the library database, character files, bundled catalogues and PDF sheets.

May use SQLAlchemy and ReportLab; never Qt.
"""
