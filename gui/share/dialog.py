"""GUI layer: the GM's "Share with players on this network…" dialog (issue #28).

Off until the GM starts it: pick one of this machine's addresses (from its network interfaces,
never all of them at once) and a port, then give the players the link or let them scan its QR
code. "New link" revokes the old one (its pages are cut off), "Stop sharing" stops the server;
the preview shows what is served, from the same public state. The server follows the
encounter's document live and stops when the encounter window closes.
"""

from __future__ import annotations

from typing import Any

import segno
from PySide6.QtCore import QEvent, QObject, Qt, QTimer, QUrl
from PySide6.QtGui import QColor, QDesktopServices, QGuiApplication, QImage, QPixmap
from PySide6.QtNetwork import QAbstractSocket, QHostAddress, QNetworkInterface
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gui.encounter.document import EncounterDocument
from gui.share.feed import public_state
from gui.share.server import ShareServer
from rules.encounter.public_view import PublicState, StressMode
from rules.systems.registry import SystemInfo

DEFAULT_PORT = 8765
BOX = ("\u2610", "\u2612")  # a clear box, a checked one (as the page draws them)
QR_MODULE = 6  # pixels per QR module
QR_QUIET = 4  # modules of white border, as the QR standard asks
STRESS_CHOICES: tuple[tuple[StressMode, str], ...] = (
    ("exact", "Exact boxes"),
    ("words", "In words (unhurt, hurt...)"),
    ("hidden", "Hidden"),
)
PLAIN_HTTP = (
    "This is plain HTTP on your local network: read-only and not encrypted. Anyone on this "
    "network who has the link can read what the players see (never what you hide)."
)


def machine_addresses() -> list[tuple[str, str]]:
    """This machine's IPv4 addresses as (address, label), those other devices can reach first
    and the loopback (this computer only) last; never the "all addresses" 0.0.0.0."""
    lan: list[tuple[str, str]] = []
    for interface in QNetworkInterface.allInterfaces():
        flags = interface.flags()
        up = QNetworkInterface.InterfaceFlag.IsUp | QNetworkInterface.InterfaceFlag.IsRunning
        if (flags & up) != up or flags & QNetworkInterface.InterfaceFlag.IsLoopBack:
            continue
        for entry in interface.addressEntries():
            ip = entry.ip()
            if ip.protocol() != QAbstractSocket.NetworkLayerProtocol.IPv4Protocol:
                continue
            text = ip.toString()
            if ip.isLoopback() or text == "0.0.0.0":
                continue
            lan.append((text, f"{text} ({interface.humanReadableName()})"))
    loopback = QHostAddress(QHostAddress.SpecialAddress.LocalHost).toString()
    return [*lan, (loopback, f"{loopback} (this computer only)")]


def qr_image(text: str) -> QImage:
    """``text`` as a QR code, black on white with its quiet zone (readable in either theme)."""
    matrix = segno.make(text, error="m").matrix
    size = (len(matrix) + 2 * QR_QUIET) * QR_MODULE
    image = QImage(size, size, QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    black = QColor("black").rgb()
    for y, row in enumerate(matrix):
        for x, dark in enumerate(row):
            if not dark:
                continue
            left, top = (x + QR_QUIET) * QR_MODULE, (y + QR_QUIET) * QR_MODULE
            for dy in range(QR_MODULE):
                for dx in range(QR_MODULE):
                    image.setPixel(left + dx, top + dy, black)
    return image


def preview_text(view: PublicState) -> str:
    """The public state in plain lines: exactly what the page shows, for the GM to check."""
    lines = [view.title or "Conflict", " \u00b7 ".join(x for x in (view.system, view.phase) if x)]
    if view.up:
        lines.append(f"Up: {view.up}" + (f"    On deck: {view.on_deck}" if view.on_deck else ""))
    lines.append("")
    for p in view.participants:
        head = " ".join(x for x in (p.initiative, p.name) if x)
        tags = [t for t, on in (("acting now", p.current), ("on deck", p.on_deck)) if on]
        lines.append(head + (f" [{', '.join(tags)}]" if tags else ""))
        bits = [p.status] if p.status.strip() else []
        bits += [f"{t.label}: {t.text or ''.join(BOX[min(b, 1)] for b in t.boxes)}"
                 for t in p.tracks]  # fmt: skip
        if p.condition:
            bits.append(f"Condition: {p.condition}")
        if p.consequences:
            bits.append("Consequences: " + "; ".join(p.consequences))
        if p.fate_points is not None:
            bits.append(f"{view.points_label}: {p.fate_points}")
        if p.aspects:
            bits.append("Aspects: " + "; ".join(p.aspects))
        if p.zone:
            bits.append(f"In: {p.zone}")
        if bits:
            lines.append("    " + " \u00b7 ".join(bits))
    if view.scene_aspects:
        lines += ["", "Scene aspects: " + "; ".join(
            a.text + (f" ({a.free_tags} free)" if a.free_tags else "") for a in view.scene_aspects
        )]  # fmt: skip
    if view.zones:
        lines.append("Where everyone is: " + " \u00b7 ".join(
            f"{z.name}: {', '.join(z.here) or 'nobody'}" for z in view.zones
        ))  # fmt: skip
    if view.last_roll:
        lines += ["", f"Last roll: {view.last_roll}"]
    if view.log:
        lines += ["", *view.log]
    return "\n".join(lines)


class ShareDialog(QDialog):
    """Share one encounter window's encounter with the players' own devices."""

    def __init__(
        self,
        document: EncounterDocument,
        info: SystemInfo,
        parent: QWidget | None = None,
        *,
        stress: StressMode = "exact",
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Share with players on this network")
        self._doc = document
        self._info = info
        self.server: ShareServer | None = None
        self.address = QComboBox()
        for address, label in machine_addresses():
            self.address.addItem(label, address)
        self.port = QSpinBox()
        self.port.setRange(0, 65535)
        self.port.setValue(DEFAULT_PORT)
        self.port.setSpecialValueText("any free port")
        self.stress = QComboBox()
        for mode, label in STRESS_CHOICES:
            self.stress.addItem(label, mode)
        self.stress.setCurrentIndex([m for m, _ in STRESS_CHOICES].index(stress))
        self.stress.currentIndexChanged.connect(lambda _i: self.refresh())
        form = QFormLayout()
        form.addRow("&Address:", self.address)
        form.addRow("&Port:", self.port)
        form.addRow("The GM's characters' &stress:", self.stress)
        self.start_button = QPushButton("&Start sharing")
        self.start_button.clicked.connect(self.start)
        self.new_link_button = QPushButton("&New link")
        self.new_link_button.setToolTip("A new link; the old one stops working at once")
        self.new_link_button.clicked.connect(self.new_link)
        self.stop_button = QPushButton("S&top sharing")
        self.stop_button.clicked.connect(self.stop)
        self.copy_button = QPushButton("&Copy link")
        self.copy_button.clicked.connect(self.copy_link)
        self.open_button = QPushButton("&Open the players' page")
        self.open_button.setToolTip("Open the page in your browser: exactly what players see")
        self.open_button.clicked.connect(self.open_page)
        buttons = QHBoxLayout()
        for button in (self.start_button, self.new_link_button, self.stop_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        self.link = QLineEdit()
        self.link.setReadOnly(True)
        self.link.setPlaceholderText("not sharing")
        link_row = QHBoxLayout()
        link_row.addWidget(self.copy_button)
        link_row.addWidget(self.open_button)
        link_row.addStretch(1)
        self.qr = QLabel()
        self.qr.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.qr.setMinimumSize(200, 200)
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.preview = QPlainTextEdit()
        self.preview.setReadOnly(True)
        self.preview.setMinimumWidth(340)
        notice = QLabel(PLAIN_HTTP)
        notice.setWordWrap(True)
        left = QVBoxLayout()
        left.addLayout(form)
        left.addLayout(buttons)
        left.addWidget(self.link)
        left.addLayout(link_row)
        left.addWidget(self.qr, 1)
        left.addWidget(self.status)
        left.addWidget(notice)
        right = QVBoxLayout()
        right.addWidget(QLabel("What the players see:"))
        right.addWidget(self.preview, 1)
        box = QHBoxLayout(self)
        box.addLayout(left, 1)
        box.addLayout(right, 1)
        self._ticker = QTimer(self)
        self._ticker.setInterval(1000)
        self._ticker.timeout.connect(self._show_status)
        document.state_replaced.connect(self._on_state_replaced)
        if parent is not None:
            parent.installEventFilter(self)
        app = QGuiApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.stop)
        self.resize(900, 600)
        self._show_server()
        self.refresh()

    # -- what is served ---------------------------------------------------------------------------

    @property
    def stress_mode(self) -> StressMode:
        """The stress mode chosen for the GM's characters."""
        mode: StressMode = self.stress.currentData()
        return mode

    def public(self) -> PublicState:
        """What the players see now."""
        doc = self._doc
        return public_state(
            doc.state, doc.conflict_rules, self._info, log=doc.log, stress=self.stress_mode
        )

    def refresh(self) -> None:
        """Serve (when sharing) and preview the current state."""
        view = self.public()
        self.preview.setPlainText(preview_text(view))
        if self.server is not None and self.server.running:
            self.server.publish(view.to_json())

    def _on_state_replaced(self, _state: Any) -> None:
        self.refresh()

    # -- sharing ----------------------------------------------------------------------------------

    def start(self) -> bool:
        """Start sharing on the chosen address and port; False (and why, in the status line)
        when that address or port cannot be used."""
        if self.server is not None and self.server.running:
            return True
        try:
            server = ShareServer(str(self.address.currentData()), self.port.value())
            server.start()
        except (OSError, ValueError) as exc:
            self.status.setText(f"Cannot share on that address and port: {exc}")
            return False
        self.server = server
        self.refresh()
        self._ticker.start()
        self._show_server()
        return True

    def new_link(self) -> None:
        """A new link: the old one is refused from now on and its pages are cut off."""
        if self.server is not None and self.server.running:
            self.server.new_token()
            self._show_server()

    def stop(self) -> None:
        """Stop sharing: every page is disconnected and the port is closed."""
        if self.server is not None:
            self.server.stop()
            self.server = None
        self._ticker.stop()
        self._show_server()

    def copy_link(self) -> None:
        """The link on the clipboard."""
        if self.link.text():
            QGuiApplication.clipboard().setText(self.link.text())

    def open_page(self) -> None:
        """The players' page in the GM's own browser."""
        if self.link.text():
            QDesktopServices.openUrl(QUrl(self.link.text()))

    @property
    def url(self) -> str:
        """The link given to the players (empty when not sharing)."""
        return self.server.url if self.server is not None and self.server.running else ""

    def _show_server(self) -> None:
        sharing = bool(self.url)
        self.link.setText(self.url)
        self.link.setCursorPosition(0)  # the link's start (its address) in sight
        self.qr.setPixmap(QPixmap.fromImage(qr_image(self.url)) if sharing else QPixmap())
        self.qr.setText("" if sharing else "Start sharing to show the link's QR code.")
        for widget in (self.address, self.port):
            widget.setEnabled(not sharing)
        self.start_button.setEnabled(not sharing)
        for button in (self.new_link_button, self.stop_button, self.copy_button, self.open_button):
            button.setEnabled(sharing)
        self._show_status()

    def _show_status(self) -> None:
        if self.server is None or not self.server.running:
            self.status.setText("Not sharing.")
            return
        n = self.server.client_count
        self.status.setText(
            f"Sharing on {self.server.host}, port {self.server.port}: "
            f"{n} players' page{'s' if n != 1 else ''} connected."
        )

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """The encounter window closing stops the sharing with it."""
        if watched is self.parent() and event.type() == QEvent.Type.Close:
            self.stop()
        return super().eventFilter(watched, event)

    def done(self, result: int) -> None:
        """Closing the dialog keeps sharing (Stop sharing stops); it only hides."""
        self.hide()
        self.setResult(result)


def open_share_dialog(window: Any) -> ShareDialog:
    """The encounter window's share dialog (one per window), shown and raised."""
    found = window.findChild(ShareDialog)
    dialog: ShareDialog | None = found if isinstance(found, ShareDialog) else None
    if dialog is None:
        registry = getattr(window, "registry", None)
        if registry is None:
            from storage.systems_catalog import default_registry

            registry = default_registry()
        document = window.doc
        hide = getattr(window, "hide_npc_tracks", None)
        stress: StressMode = "words" if hide is not None and hide.isChecked() else "exact"
        dialog = ShareDialog(document, registry.info(document.state.system), window, stress=stress)
    dialog.show()
    dialog.raise_()
    return dialog
