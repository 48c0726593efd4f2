"""GUI layer: the skill designer: a Unique or Strange skill designed on the Skill Trapping Diagram.

The player picks trappings (clicking boxes of the diagram, or from the list with their
bracketed detail), adds Extras to a trapping and Drawbacks to the skill, and sees the cheapest
walk highlighted on the diagram with its running cost, the step-by-step breakdown and the
skill's price, all live («Skill Trapping Diagram», L1356-L1390; Extras L2638-L2646; Drawbacks
L2716). One of the book's sample skills is loaded, or added to the character, in one step. The
draft is the designer's own; putting it on the character is one undoable command.

The running cost updates within a frame of a click: the walk is priced on the UI thread within
:data:`WALK_BUDGET` search steps (every sample skill of the book takes far fewer). A corrected
diagram tangled enough to need more is priced on a worker thread meanwhile ("pricing…"), one
walk at a time, and a result whose draft has changed since is dropped.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListView,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from gui.documents.character_document import CharacterDocument
from gui.systems.strange_fate.commands import AddSampleSkillCommand, PutDesignedSkillCommand, sf_of
from gui.systems.strange_fate.diagram_document import DiagramDocument
from gui.systems.strange_fate.diagram_editor import DiagramView
from gui.systems.strange_fate.diagram_scene import LEGEND, DiagramScene
from gui.systems.strange_fate.models import BreakdownModel, DesignListModel
from gui.theme import css
from gui.workers import Workers
from rules.systems.strange_fate.book import SkillPrice, StrangeFateBook
from rules.systems.strange_fate.catalog import ExtraUse, TrappingUse
from rules.systems.strange_fate.character import DesignedSkill, SkillDrawback
from rules.systems.strange_fate.cost import OverBudget
from rules.systems.strange_fate.creation import TIERS
from rules.systems.strange_fate.system import DIAGRAM_KEY

WALK_BUDGET = 2000
"""Search steps of the cheapest walk the designer spends on the UI thread (about 3 ms on the
2-core test machine). On the bundled diagram the costliest sample skill takes under 400, a
ten-trapping design under 1,000; only long designs and tangled corrections need more."""

SETTLE_MS = 40
"""How long the designer waits after a click before a tangled walk starts on the worker: the
click's own repaint finishes first (a worker thread holding the GIL would halve its speed), and
quick clicks in a row start one walk, not one each."""

MIN_LABEL_PX = 10.0
"""The smallest the diagram draws the boxes' names (pixels): fitting the whole diagram into a
narrow view drew them at about 7 (issue 23); below this the view scrolls instead."""

PRICING = "pricing\u2026"
"""The cost line while a tangled walk is priced on the worker thread."""

_Request = tuple[StrangeFateBook, str, DesignedSkill, int, str]


def _combo(items: list[str], name: str) -> QComboBox:
    combo = QComboBox()
    combo.addItems(items)
    combo.setAccessibleName(name)
    return combo


class SkillDesigner(QWidget):
    """Designs one Unique or Strange skill for the character of ``document``.

    Signals:
        priced(object): the draft was repriced (its :class:`SkillPrice`).
    """

    priced = Signal(object)

    def __init__(self, document: CharacterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        _, system = sf_of(document)
        catalog = system.book.catalog
        self.catalog = catalog
        self.trappings: list[TrappingUse] = []
        self.drawbacks: list[SkillDrawback] = []
        self.sample: str | None = None
        self.editing: str | None = None
        self.price: SkillPrice | None = None
        self._diagram_id = 0
        self._workers = Workers(parent=self)  # run() alone: no library involved
        self._workers.pool.setMaxThreadCount(1)
        self._generation = 0  # which draft the cost line shows; a later one drops a result
        self._running = False
        self._pending: tuple[int, _Request] | None = None
        self._settle = QTimer(self)
        self._settle.setSingleShot(True)
        self._settle.setInterval(SETTLE_MS)
        self._settle.timeout.connect(self._start_when_free)

        self.name = QLineEdit()
        self.name.setPlaceholderText("Skill name")
        self.name.setAccessibleName("Skill name")
        self.kind = _combo(["Strange", "Unique"], "Kind")
        self.rating = QSpinBox()
        self.rating.setRange(1, 4)
        self.rating.setValue(3)
        self.rating.setAccessibleName("Rating")
        self.tier = _combo(list(TIERS), "Power Tier")
        self.theme = QLineEdit()
        self.theme.setPlaceholderText("What the skill is about")
        self.theme.setAccessibleName("Theme")
        top = QVBoxLayout()
        first, second = QHBoxLayout(), QHBoxLayout()
        for row, label, widget, stretch in ((first, "&Name", self.name, 2),
                                            (first, "&Kind", self.kind, 0),
                                            (first, "&Rating", self.rating, 0),
                                            (first, "T&ier", self.tier, 0),
                                            (second, "T&heme", self.theme, 2)):  # fmt: skip
            caption = QLabel(label)
            caption.setBuddy(widget)
            row.addWidget(caption)
            row.addWidget(widget, stretch)
        top.addLayout(first)
        top.addLayout(second)

        # -- trappings and drawbacks (left) --
        self.trapping_box = _combo([t.name for t in catalog.trappings], "Trapping")
        self.detail_box = _combo([], "Detail")
        self.detail_box.setEditable(True)
        self.add_trapping = QPushButton("&Add")
        self.trapping_model = DesignListModel(self)
        self.trapping_list = QListView()
        self.trapping_list.setModel(self.trapping_model)
        self.trapping_list.setAccessibleName("Trappings of the skill")
        self.trapping_list.setMinimumHeight(60)
        self.extra_box = _combo([e.name for e in catalog.extras], "Extra")
        self.add_extra = QPushButton("+ E&xtra")
        self.remove_trapping = QPushButton("Remove")
        pick = QHBoxLayout()
        pick.addWidget(self.trapping_box, 2)
        pick.addWidget(self.detail_box, 1)
        pick.addWidget(self.add_trapping)
        extra_row = QHBoxLayout()
        extra_row.addWidget(self.extra_box, 1)
        extra_row.addWidget(self.add_extra)
        extra_row.addWidget(self.remove_trapping)
        trap_group = QGroupBox("Trappings (click boxes, or pick)")
        tl = QVBoxLayout(trap_group)
        tl.addLayout(pick)
        tl.addWidget(self.trapping_list, 1)
        tl.addLayout(extra_row)

        self.drawback_box = _combo([d.name for d in catalog.drawbacks], "Drawback")
        self.severity_box = _combo(["minor", "major"], "Severity")
        self.drawback_label = QLineEdit()
        self.drawback_label.setPlaceholderText("Aspect or what it limits")
        self.drawback_label.setAccessibleName("Drawback label")
        self.add_drawback = QPushButton("Add &Drawback")
        self.drawback_model = DesignListModel(self)
        self.drawback_list = QListView()
        self.drawback_list.setModel(self.drawback_model)
        self.drawback_list.setAccessibleName("Drawbacks of the skill")
        self.drawback_list.setMinimumHeight(40)
        self.remove_drawback = QPushButton("Remove")
        draw_group = QGroupBox("Drawbacks")
        dl = QVBoxLayout(draw_group)
        row = QHBoxLayout()
        row.addWidget(self.drawback_box, 2)
        row.addWidget(self.severity_box, 1)
        dl.addLayout(row)
        row2 = QHBoxLayout()
        row2.addWidget(self.drawback_label, 1)
        row2.addWidget(self.add_drawback)
        dl.addLayout(row2)
        dl.addWidget(self.drawback_list, 1)
        dl.addWidget(self.remove_drawback)
        self.sample_box = _combo(
            [
                f"{s.name} ({s.kind.title()}, {s.group}; printed {s.printed})"
                for s in catalog.samples
            ],
            "Sample skill",
        )
        # The book's samples are a separate way in, boxed apart from the design's own button:
        # copy one into the designer to change it, or add it to the character as printed.
        self.load_sample = QPushButton("Copy into &designer")
        self.load_sample.setToolTip("Load the sample into the designer to change it first")
        self.add_sample = QPushButton("Add sample to &character")
        self.add_sample.setToolTip("Give the character the sample skill as the book prints it")
        self.sample_box.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.sample_box.setMinimumContentsLength(22)
        self.sample_box.setToolTip(
            "The book's sample Unique (by Social Class) and Strange (by Archetype) skills"
        )
        sample_group = QGroupBox("The book's sample skills")
        sample_row = QHBoxLayout(sample_group)
        sample_row.addWidget(self.sample_box, 1)
        sample_row.addWidget(self.load_sample)
        sample_row.addWidget(self.add_sample)
        top.addWidget(sample_group)

        # -- diagram (full width, readable: its names at 10 pixels or more, else it scrolls) --
        self.diagram_document = self._diagram_document()
        self.scene = DiagramScene(self.diagram_document, movable=False, parent=self)
        self.view = DiagramView(self.scene, min_label_px=MIN_LABEL_PX)
        self.view.setMinimumSize(360, 220)
        self.legend = QLabel(LEGEND)
        self.legend.setWordWrap(True)
        self.legend.setAccessibleName("Legend of the diagram")
        diagram_box = QWidget()
        dbl = QVBoxLayout(diagram_box)
        dbl.setContentsMargins(0, 0, 0, 0)
        dbl.addWidget(self.view, 1)
        dbl.addWidget(self.legend)

        # -- breakdown, cost, samples (right) --
        self.breakdown = BreakdownModel(self)
        self.breakdown_view = QTableView()
        self.breakdown_view.setModel(self.breakdown)
        self.breakdown_view.verticalHeader().hide()
        self.breakdown_view.setWordWrap(False)
        self.breakdown_view.setAccessibleName("Step-by-step cost")
        header = self.breakdown_view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        self.cost = QLabel()
        self.cost.setWordWrap(True)
        policy = self.cost.sizePolicy()
        policy.setHeightForWidth(False)  # else the scroll area makes the page as tall as the text
        policy.setVerticalPolicy(QSizePolicy.Policy.Ignored)
        self.cost.setSizePolicy(policy)
        self.cost.setMinimumHeight(self.cost.fontMetrics().lineSpacing() * 3 + 6)  # its 3 lines
        self.cost.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.put = QPushButton("&Save design to character")
        self.put.setToolTip("Give the character the skill as designed here (or update it)")
        self.put.setDefault(True)
        self.clear = QPushButton("New design")
        self.breakdown_view.setMinimumHeight(110)
        cost_group = QGroupBox("This design")
        side = QVBoxLayout(cost_group)
        side.addWidget(self.cost, 1)
        brow = QHBoxLayout()
        brow.addWidget(self.clear)
        brow.addStretch(1)
        brow.addWidget(self.put)
        side.addLayout(brow)
        walk = QVBoxLayout()
        walk.addWidget(self.breakdown_view, 1)
        walk.addWidget(cost_group)
        bottom = QWidget()
        bl = QHBoxLayout(bottom)
        bl.setContentsMargins(0, 0, 0, 0)
        bl.addWidget(trap_group, 2)
        bl.addWidget(draw_group, 2)
        bl.addLayout(walk, 3)
        centre = QSplitter(Qt.Orientation.Vertical)
        centre.setChildrenCollapsible(False)
        centre.addWidget(diagram_box)
        centre.addWidget(bottom)
        centre.setStretchFactor(0, 1)
        centre.setSizes([430, 220])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addWidget(centre, 1)

        self.trapping_box.currentTextChanged.connect(self._fill_details)
        self.add_trapping.clicked.connect(self._on_add_trapping)
        self.add_extra.clicked.connect(self._on_add_extra)
        self.remove_trapping.clicked.connect(self._on_remove_trapping)
        self.add_drawback.clicked.connect(self._on_add_drawback)
        self.remove_drawback.clicked.connect(self._on_remove_drawback)
        self.scene.box_clicked.connect(self.toggle)
        for signal in (self.kind.currentIndexChanged, self.rating.valueChanged,
                       self.tier.currentIndexChanged):  # fmt: skip
            signal.connect(self.reprice)
        self.put.clicked.connect(self.put_on_character)
        self.clear.clicked.connect(self.new_design)
        self.load_sample.clicked.connect(lambda: self.load_sample_design(self._sample_name()))
        self.add_sample.clicked.connect(lambda: self.add_sample_to_character(self._sample_name()))
        document.character_replaced.connect(self._on_character)
        self._fill_details(self.trapping_box.currentText())
        self.reprice()

    # -- the diagram in force ---------------------------------------------------------------------

    def _diagram_document(self) -> DiagramDocument:
        _, system = sf_of(self.document)
        self._diagram_id = id(system.book.diagram)
        bundled = next(k.bundled for k in system.data_kinds if k.key == DIAGRAM_KEY) or {}
        return DiagramDocument(
            system.book.diagram.model_dump(mode="json"),
            bundled,
            version=0,
            categories={t.name: t.category for t in system.book.catalog.trappings},
            parent=self,
        )

    def _on_character(self, _character: object) -> None:
        _, system = sf_of(self.document)
        if id(system.book.diagram) != self._diagram_id:  # the library's diagram was corrected
            fresh = self._diagram_document()
            self.diagram_document.replace_all(fresh.diagram())
            self.reprice()

    # -- editing the draft ------------------------------------------------------------------------

    def _fill_details(self, trapping: str) -> None:
        self.detail_box.clear()
        try:
            spec = self.catalog.trapping(trapping).detail
        except KeyError:
            spec = None
        self.detail_box.setEnabled(spec is not None)
        if spec is None:
            return
        if not spec.required:
            self.detail_box.addItem("")
        self.detail_box.addItems(list(spec.choices))

    def _use(self, trapping: str, detail: str = "") -> TrappingUse:
        spec = self.catalog.trapping(trapping).detail
        if not detail and spec is not None and spec.required:
            detail = spec.default or spec.choices[0]
        return TrappingUse(trapping=trapping, details=(detail,) if detail else ())

    def add(self, trapping: str, detail: str = "") -> None:
        """Add ``trapping`` (with ``detail``) to the draft."""
        self.trappings.append(self._use(trapping, detail))
        self.reprice()

    def toggle(self, trapping: str) -> None:
        """A click on box ``trapping``: add it, or remove it when the draft has it."""
        kept = [u for u in self.trappings if u.trapping != trapping]
        if len(kept) == len(self.trappings):
            kept.append(self._use(trapping))
        self.trappings = kept
        self.reprice()

    def _on_add_trapping(self) -> None:
        self.add(self.trapping_box.currentText(), self.detail_box.currentText().strip())

    def _selected(self, view: QListView) -> int:
        index = view.currentIndex()
        return index.row() if index.isValid() else -1

    def _on_add_extra(self) -> None:
        row = self._selected(self.trapping_list)
        if row < 0 and self.trappings:
            row = len(self.trappings) - 1
        if row < 0:
            return
        use = self.trappings[row]
        name = self.extra_box.currentText()
        extras = list(use.extras)
        same = next((i for i, e in enumerate(extras) if e.extra == name), None)
        if same is not None and self.catalog.extra(name).repeatable:
            extras[same] = extras[same].model_copy(update={"count": extras[same].count + 1})
        elif same is None:
            extras.append(ExtraUse(extra=name))
        self.trappings[row] = use.model_copy(update={"extras": tuple(extras)})
        self.reprice()
        self.trapping_list.setCurrentIndex(self.trapping_model.index(row, 0))

    def _on_remove_trapping(self) -> None:
        row = self._selected(self.trapping_list)
        if 0 <= row < len(self.trappings):
            del self.trappings[row]
            self.reprice()

    def _on_add_drawback(self) -> None:
        self.drawbacks.append(
            SkillDrawback(
                drawback=self.drawback_box.currentText(),
                severity="major" if self.severity_box.currentText() == "major" else "minor",
                label=self.drawback_label.text().strip() or None,
            )
        )
        self.drawback_label.clear()
        self.reprice()

    def _on_remove_drawback(self) -> None:
        row = self._selected(self.drawback_list)
        if 0 <= row < len(self.drawbacks):
            del self.drawbacks[row]
            self.reprice()

    # -- pricing ----------------------------------------------------------------------------------

    def design(self) -> DesignedSkill:
        """The draft as a designed skill."""
        return DesignedSkill(
            kind="unique" if self.kind.currentText() == "Unique" else "strange",
            theme=self.theme.text(),
            trappings=tuple(self.trappings),
            drawbacks=tuple(self.drawbacks),
            sample=self.sample,
        )

    def pricing(self) -> bool:
        """Whether the shown draft's walk is still being priced on the worker thread."""
        return self.price is None and self.cost.text() == PRICING

    def reprice(self) -> None:
        """Price the draft; update the lists, the highlight, the breakdown and the cost.

        A walk over :data:`WALK_BUDGET` steps is priced on the worker thread: the lists update
        now, the cost says "pricing…" and the rest follows when the price is ready.
        """
        _, system = sf_of(self.document)
        self._generation += 1
        request: _Request = (
            system.book,
            self.name.text() or "New skill",
            self.design(),
            self.rating.value(),
            self.tier.currentText(),
        )
        try:
            price = self._price(request, WALK_BUDGET)
        except OverBudget:
            self._price_later(self._generation, request)
            return
        self._pending = None
        self._show(price)

    @staticmethod
    def _price(request: _Request, budget: int | None) -> SkillPrice:
        book, name, design, rating, tier = request
        return book.price_design(name, design, rating, tier, budget=budget)  # type: ignore[arg-type]

    def _price_later(self, generation: int, request: _Request) -> None:
        self.price = None
        self._show_lists()
        self.scene.show_walk(None, [u.trapping for u in self.trappings])
        self.breakdown.set_walk(None)
        self.cost.setText(PRICING)
        self.put.setEnabled(False)
        self.put.setToolTip("Waiting for the skill's price")
        self._pending = (generation, request)
        self._settle.start()

    def _start_when_free(self) -> None:
        if not self._running:
            self._start_next()

    def _start_next(self) -> None:
        if self._pending is None:
            return
        generation, request = self._pending
        self._pending = None
        self._running = True
        self._workers.run(
            lambda: (generation, self._price(request, None)),
            self._on_priced,
            lambda message: self._on_failed(generation, message),
        )

    def _on_priced(self, result: tuple[int, SkillPrice]) -> None:
        self._running = False
        generation, price = result
        if generation == self._generation:
            self._show(price)
        self._start_next()

    def _on_failed(self, generation: int, message: str) -> None:
        self._running = False
        if generation == self._generation:  # the shown draft's walk failed (the log has why)
            self.cost.setText(f"<span style='color:{css('error')}'>{message}</span>")
        self._start_next()

    def wait_for_price(self, msecs: int = 30_000) -> bool:
        """Wait until no walk is being priced on the worker thread (tests, closing); a walk
        still settling is started first."""
        if self._settle.isActive():
            self._settle.stop()
            self._start_when_free()
        return self._workers.wait(msecs)

    def _show_lists(self) -> None:
        self.trapping_model.set_rows([self._label(u) for u in self.trappings])
        self.drawback_model.set_rows(
            [
                f"{d.drawback} ({d.severity}){f': {d.label}' if d.label else ''}"
                for d in self.drawbacks
            ]
        )

    def _show(self, price: SkillPrice) -> None:
        self._settle.stop()
        self.price = price
        self._show_lists()
        self.put.setEnabled(True)
        self.put.setToolTip("")
        self.scene.show_walk(price.walk, [u.trapping for u in self.trappings])
        self.breakdown.set_walk(price.walk)
        self.cost.setText(self._cost_text(price))
        self.priced.emit(price)

    @staticmethod
    def _label(use: TrappingUse) -> str:
        extras = "".join(f" + {e.extra}{f' x{e.count}' if e.count > 1 else ''}" for e in use.extras)
        return use.label + extras

    @staticmethod
    def _cost_text(price: SkillPrice) -> str:
        if price.problem:
            return f"<span style='color:{css('error')}'>{price.problem}</span>"
        if price.trapping_points is None:
            return "Pick trappings to price the skill."
        net = price.skill_points - price.rating
        text = (
            f"Trapping points {price.trapping_points} + Extras {price.extra_points} \u2212 "
            f"Drawbacks {price.drawback_points} = <b>{net}</b> (never below 0)<br>"
            f"Rating {price.rating} + {net} = <b>{price.skill_points} skill points</b>"
        )
        if price.printed is not None:
            text += f"<br>The book prints ({price.printed})."
        if price.walk is not None and not price.walk.exact:
            text += (
                "<br>The corrected diagram's loops are too tangled to try every route: "
                "a valid walk, not proven the cheapest."
            )
        return text

    # -- the character ----------------------------------------------------------------------------

    def put_on_character(self) -> bool:
        """Put the draft on the character (one undoable command); False when it has no name or
        trappings."""
        name = self.name.text().strip()
        if not name or not self.trappings:
            self.name.setFocus()
            return False
        self.document.undo_stack.push(
            PutDesignedSkillCommand(
                self.document, name, self.design(), self.rating.value(), self.tier.currentText(),
                replaces=self.editing,
            )
        )  # fmt: skip
        self.editing = name
        return True

    def new_design(self) -> None:
        """Start an empty draft."""
        self.editing = None
        self.sample = None
        self.name.clear()
        self.theme.clear()
        self.trappings, self.drawbacks = [], []
        self.reprice()

    def edit(self, skill: str) -> None:
        """Load the character's designed skill ``skill`` into the draft."""
        character, _ = sf_of(self.document)
        design = character.designed.get(skill)
        if design is None:
            return
        self.editing = skill
        self._load(skill, design, character.skills.get(skill, 1), character.tier_of(skill))

    def _load(self, name: str, design: DesignedSkill, rating: int, tier: str) -> None:
        self.name.setText(name)
        self.theme.setText(design.theme)
        self.kind.setCurrentText(design.kind.title())
        self.rating.setValue(max(1, rating))
        self.tier.setCurrentText(tier)
        self.sample = design.sample
        self.trappings = list(design.trappings)
        self.drawbacks = list(design.drawbacks)
        self.reprice()

    def _sample_name(self) -> str:
        return self.catalog.samples[self.sample_box.currentIndex()].name

    def load_sample_design(self, name: str) -> None:
        """Load the book's sample skill ``name`` into the draft (to adapt it)."""
        sample = self.catalog.sample(name)
        design = DesignedSkill(
            kind=sample.kind,
            trappings=sample.trappings,
            drawbacks=tuple(SkillDrawback(**d.model_dump()) for d in sample.drawbacks),
            sample=sample.name,
        )
        self.editing = None
        self._load(sample.name, design, self.rating.value(), sample.tier or "Mundane")

    def add_sample_to_character(self, name: str) -> None:
        """Add the book's sample skill ``name`` to the character in one step."""
        self.document.undo_stack.push(
            AddSampleSkillCommand(self.document, self.catalog.sample(name), self.rating.value())
        )

    def focus_first(self) -> Any:
        """The designer's first field."""
        return self.name
