"""GUI layer: the main window's shell: library page, actions, document tabs and controllers.

:class:`gui.shell.window.MainWindow` wires :mod:`~gui.shell.library_page`,
:mod:`~gui.shell.actions`, :mod:`~gui.shell.tabs`, :mod:`~gui.shell.characters`,
:mod:`~gui.shell.library_controller`, :mod:`~gui.shell.transfer` and
:mod:`~gui.shell.encounters` together.
"""

from gui.shell.window import MainWindow

__all__ = ["MainWindow"]
