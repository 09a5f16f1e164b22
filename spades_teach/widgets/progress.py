"""*My progress* and *Practise these*: the learner model shown, and the practice it plans.

:class:`ProgressView` reads the learner record (:mod:`spades_teach.analysis.learner_record`) and draws
what :class:`~spades_teach.analysis.learner_model.LearnerModel` makes of it: the summary, the three
principles to work on next in plain words (each with its one-line definition and a link to the
chapter that teaches it), a bar per principle showing how often the learner gets it right lately, and
a chart over time of the principles to work on. Its buttons export the record (a download), import one
(merged; a bad or foreign file is refused with its reason and nothing changes) and reset it (a second
click confirms; the old record is kept aside).

:class:`PracticeSession` serves one question at a time, chosen by
:class:`~spades_teach.analysis.practice.PracticePlan` (FSRS on the record) and found by
:func:`~spades_teach.analysis.practice.practice_item`, shown as an
:class:`~spades_teach.widgets.exercise.Exercise` whose answer goes into the record like any other.

Stable CSS classes (hooks for browser tests): ``st-progress``, ``st-progress-summary``,
``st-progress-focus``, ``st-progress-bars``, ``st-progress-chart``, ``st-progress-export``,
``st-progress-import``, ``st-progress-reset``; ``st-practice``, ``st-practice-about``,
``st-practice-next``, ``st-practice-tally``.

>>> import tempfile
>>> from spades_teach.analysis.learner_record import Decision
>>> from spades_teach.widgets.record import remember
>>> folder = tempfile.mkdtemp()
>>> _ = remember([Decision.now("table", "ruff", right=False, cost=8.0)] * 1, folder=folder)
>>> view = ProgressView(folder=folder)
>>> view.model.decisions, [s.principle for s in view.model.work_on()]
(1, ['ruff'])
"""

from __future__ import annotations

import base64
import json
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from spades_teach.advice.principles import principle
from spades_teach.analysis.learner_model import LearnerModel
from spades_teach.analysis.learner_record import LearnerRecord, RecordFile
from spades_teach.analysis.practice import PracticeItem, PracticePlan
from spades_teach.errors import LearnerRecordError
from spades_teach.i18n import _, format_percent, get_language, ngettext
from spades_teach.render.charts import SvgPyplot
from spades_teach.widgets.base import SpadesWidget, add_classes, escape
from spades_teach.widgets.exercise import Exercise, play_exercise, puzzle_exercise

__all__ = ["CHAPTER_LINK", "PracticeSession", "ProgressView"]

#: How a principle's chapter is linked from a chapter's page (the chapters sit side by side).
CHAPTER_LINK = "{chapter}.ipynb"

PROGRESS_STYLE = """<style>
.st-progress .st-progress-focus ol{padding-left:1.4em;margin:.3em 0}
.st-progress .st-progress-focus li{margin:.35em 0}
.st-progress-bars{max-width:52em}
.st-progress-row{display:grid;grid-template-columns:minmax(8em,16em) minmax(6em,14em) 1fr;gap:.2em .6em;
 align-items:center;margin:.25em 0}
.st-progress-bar{background:#eee;border-radius:.3em;height:1.1em;position:relative}
.st-progress-bar span{display:block;height:100%;border-radius:.3em;background:#1a7f37}
.st-progress-bar.st-weak span{background:#c0392b}
.st-progress-chart svg{max-width:100%;height:auto}
.st-progress-small{color:#555;font-size:.9em}
.st-progress-focus a{color:#1f5fbf;text-decoration:underline}
.st-progress-tools{gap:.4em}
.st-progress-export a{padding:0 .5em;min-height:44px;display:inline-flex;align-items:center}
@media (max-width:600px){.st-progress-row{grid-template-columns:1fr;gap:.1em;margin:.5em 0}}
</style>"""


@cache
def _chapter_titles() -> dict[str, dict[str, str]]:
    text = resources.files("spades_teach").joinpath("data/chapters.json").read_text(encoding="utf-8")
    return {item["file"]: item["titles"] for item in json.loads(text)}


def chapter_title(chapter: str) -> str:
    """A chapter's title in the language in use (``"8. Card play: …"``)."""
    titles = _chapter_titles().get(chapter, {})
    return titles.get(get_language()) or titles.get("en") or chapter


def imported_text(count: int, total: int) -> str:
    """``4 decisions imported; your record now holds 12.`` in the language in use."""
    return ngettext(
        "{count} decision imported; your record now holds {total}.",
        "{count} decisions imported; your record now holds {total}.",
        count,
    ).format(count=count, total=total)


class ProgressView(SpadesWidget):
    """*My progress* (see the module docs). ``folder``: the record's folder (the data folder by
    default); ``link``: how a chapter is linked, ``{chapter}`` standing for its file name.

    Plain state: :attr:`record`, :attr:`model`, :attr:`note`, :meth:`refresh`, :meth:`export_text`,
    :meth:`import_text`, :meth:`reset`."""

    def __init__(self, *, folder: Path | str | None = None, link: str = CHAPTER_LINK) -> None:
        self.file = RecordFile(folder)
        self.link = link
        self.note = ""
        self._confirm_reset = False
        self.record = LearnerRecord()
        self.model = LearnerModel.from_record(self.record)
        self.summary_html = add_classes(widgets.HTML(), "st-progress-summary")
        self.focus_html = add_classes(widgets.HTML(), "st-progress-focus")
        self.bars_html = add_classes(widgets.HTML(), "st-progress-bars-box")
        self.chart_html = add_classes(widgets.HTML(), "st-progress-chart")
        self.export_html = add_classes(widgets.HTML(), "st-progress-export")
        self.refresh_button = widgets.Button(description=_("Refresh"), layout=widgets.Layout(width="auto"))
        self.refresh_button.on_click(self.handler(lambda _b: self.refresh()))
        self.upload = add_classes(
            widgets.FileUpload(accept=".json", multiple=False, description=_("Import a record")), "st-progress-import"
        )
        self.upload.observe(self.handler(self._uploaded), names="value")
        self.reset_button = add_classes(
            widgets.Button(description=_("Start afresh"), layout=widgets.Layout(width="auto")), "st-progress-reset"
        )
        self.reset_button.on_click(self.handler(lambda _b: self.reset()))
        tools = add_classes(
            widgets.HBox(
                [self.refresh_button, self.export_html, self.upload, self.reset_button],
                layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
            ),
            "st-progress-tools",
        )
        super().__init__(
            [widgets.HTML(PROGRESS_STYLE), self.summary_html, self.focus_html, self.chart_html, self.bars_html, tools]
        )
        self.add_class("st-progress")
        self.refresh()

    # -- actions ---------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Read the record again and redraw."""
        self.set_status("")
        try:
            self.record = self.file.load()
            self.note = ""
        except LearnerRecordError as exc:
            self.record = LearnerRecord()
            self.note = _(
                "{problem}. It is left as it is; your next decision starts a new record and keeps it aside."
            ).format(problem=exc)
        self.model = LearnerModel.from_record(self.record)
        self._draw()

    def export_text(self) -> str:
        """The record as a file to keep or to import elsewhere."""
        return self.record.to_json()

    def import_text(self, text: str | bytes) -> None:
        """Merge a record (another machine's, the live edition's) into this one; a bad or foreign
        file raises :class:`LearnerRecordError` and changes nothing."""
        other = LearnerRecord.from_json(text)
        merged = self.file.load().merged(other)
        self.file.save(merged)
        self.refresh()
        self.set_status(imported_text(len(other), len(merged)))

    def reset(self) -> None:
        """Start afresh (a second call confirms); the old record is kept aside, to import back."""
        if not self._confirm_reset:
            self._confirm_reset = True
            self.reset_button.description = _("Click again to start afresh")
            self.set_status(_("Your record will be kept aside in a file of its own, which you can import back."))
            return
        self._confirm_reset = False
        self.reset_button.description = _("Start afresh")
        aside = self.file.reset()
        self.refresh()
        if aside is not None:
            self.set_status(_("A new record is started; the old one is kept in {path}.").format(path=aside))

    def _uploaded(self, change: dict[str, Any]) -> None:
        value = change.get("new") or ()
        files = list(value.values()) if isinstance(value, dict) else list(value)
        if not files:
            return
        content = files[0]["content"]
        self.import_text(bytes(content))

    # -- drawing ---------------------------------------------------------------------------------
    def _draw(self) -> None:
        lines = self.model.summary_lines()
        summary = f"<p><b>{escape(lines[0])}</b></p>"
        if self.note:
            summary += f'<p class="st-error">{escape(self.note)}</p>'
        self.summary_html.value = summary
        self.focus_html.value = self._focus()
        self.bars_html.value = self._bars()
        self.chart_html.value = self._chart()
        data = base64.b64encode(self.export_text().encode("utf-8")).decode("ascii")
        label = escape(_("Export my record"))
        self.export_html.value = (
            f'<a download="spades_teach-learner.json" href="data:application/json;base64,{data}">{label}</a>'
        )

    def describe(self) -> str:
        """The summary's first line (or the last action's message, or an error)."""
        return self.error or self.status or self.model.summary_lines()[0]

    def _chapter_link(self, chapter: str) -> str:
        href = escape(self.link.format(chapter=chapter))
        return f'<a href="{href}" target="_blank">{escape(chapter_title(chapter))}</a>'

    def _focus(self) -> str:
        weak = self.model.work_on()
        title = escape(_("What to work on next"))
        heading = f"<h3>{title}</h3>"
        if not self.model.decisions:
            return heading + f"<p>{escape(self.model.summary_lines()[0])}</p>"
        if not weak:
            return heading + f"<p>{escape(self.model.summary_lines()[-1])}</p>"
        items = []
        for s in weak:
            p = principle(s.principle)
            read = escape(_("Read it again: {chapter}")).format(chapter=self._chapter_link(p.chapter))
            lately = _("{lately} ({share} right lately)").format(
                lately=s.lately_text(), share=format_percent(s.right_lately)
            )
            items.append(
                f"<li><b>{escape(s.title[:1].upper() + s.title[1:])}</b>: {escape(lately)}.<br>{escape(p.text)}<br>"
                f'<span class="st-progress-small">{read}</span></li>'
            )
        return heading + f"<ol>{''.join(items)}</ol>"

    def _bars(self) -> str:
        ranked = self.model.ranked()
        if not ranked:
            return ""
        weak = [s.principle for s in self.model.work_on()]
        order = sorted(
            ranked,
            key=lambda s: (
                s.principle not in weak,
                weak.index(s.principle) if s.principle in weak else 0,
                s.right_lately,
                s.principle,
            ),
        )
        rows = []
        for s in order:
            share = s.right_lately
            mark = " st-weak" if s.principle in weak else ""
            label = _("{principle}: right {share} lately").format(principle=s.title, share=format_percent(share))
            said = [format_percent(share), s.lately_text()]
            if s.exceptions:
                said.append(
                    ngettext(
                        "its own card beaten {count} time",
                        "its own card beaten {count} times",
                        s.exceptions,
                    ).format(count=s.exceptions)
                )
            rows.append(
                f'<div class="st-progress-row"><span class="st-progress-name">{escape(s.title)}</span>'
                f'<span class="st-progress-bar{mark}" role="img" aria-label="{escape(label)}">'
                f'<span style="width:{100 * share:.0f}%"></span></span>'
                f'<span class="st-progress-small">{escape(" · ".join(said))}</span></div>'
            )
        title = escape(_("How often you get each principle right lately"))
        heading = f"<h3>{title}</h3>"
        return heading + f'<div class="st-progress-bars">{"".join(rows)}</div>'

    def _chart(self) -> str:
        shown = self.model.work_on() or self.model.ranked()[:3]
        if not shown or (max(len(s.history) for s in (*shown,)) < 2 and len(self.model.history) < 2):
            return ""
        plt = SvgPyplot()
        fig, ax = plt.subplots(figsize=(8, 3.6))
        ax.axhline(100, color="#bbbbbb", linestyle="--")
        ax.axhline(0, color="#bbbbbb", linestyle="--")
        overall = self.model.history
        if len(overall) >= 2:
            ax.plot(
                [n for n, _v in overall], [100 * v for _n, v in overall], color="#888888", label=_("all principles")
            )
        for s in shown:
            ax.plot([n for n, _v in s.history], [100 * v for _n, v in s.history], marker="o", label=s.title)
        ax.set_title(_("Your principles to work on, over time"))
        ax.set_xlabel(_("your judged decisions, in order"))
        ax.set_ylabel(_("right in the last 10 (%)"))
        ax.legend()
        title = escape(_("Over time"))
        return f"<h3>{title}</h3>{fig.to_svg()}"


class PracticeSession(SpadesWidget):
    """*Practise these* (see the module docs): one question at a time about the principles the plan
    chooses. ``folder``: the record's folder; ``seed``: the first question's seed.

    Plain state: :attr:`item`, :attr:`exercise`, :attr:`why`, :attr:`asked`, :attr:`right`,
    :meth:`next_question`, :meth:`answer`."""

    def __init__(self, *, folder: Path | str | None = None, seed: int = 0, start: bool = True) -> None:
        self.file = RecordFile(folder)
        self.folder = folder
        self.seed = seed
        self.asked = 0
        self.right = 0
        self.item: PracticeItem | None = None
        self.exercise: Exercise | None = None
        self.why = ""
        self.about_html = add_classes(widgets.HTML(), "st-practice-about")
        self.box = widgets.VBox([])
        self.tally_html = add_classes(widgets.HTML(), "st-practice-tally")
        self.next_button = add_classes(
            widgets.Button(
                description=_("Next question"),
                button_style="primary",
                layout=widgets.Layout(width="auto", align_self="flex-start"),
            ),
            "st-practice-next",
        )
        self.next_button.on_click(self.handler(lambda _b: self.next_question()))
        super().__init__([self.about_html, self.box, self.next_button, self.tally_html])
        self.add_class("st-practice")
        self._plan: PracticePlan | None = None
        if start:
            self.run(self.next_question)
        else:
            self.about_html.value = escape(_("Press Next question to practise the principles you miss most."))

    def describe(self) -> str:
        return self.error or self.why or self.about_html.value

    def next_question(self) -> None:
        """Choose the next principle (FSRS on the record) and show a question about it."""
        try:
            record = self.file.load()
        except LearnerRecordError:
            record = LearnerRecord()
        asked = self._plan.asked if self._plan is not None else 0
        self._plan = PracticePlan.from_record(record)
        self._plan.asked = asked
        weak = {s.principle for s in self._plan.model.work_on()}
        self.item = self._plan.next_item(self.seed + self.asked)
        name = self.item.principle
        self.asked += 1
        title = principle(name).title
        self.why = (
            _("About {principle}: one of the principles you miss most.")
            if name in weak
            else _("About {principle}: a principle you know, mixed in so that you keep it.")
        ).format(principle=title)
        self.exercise = self._exercise(self.item)
        self.exercise.record_folder = None if self.folder is None else str(self.folder)
        self.exercise.on_answer.append(self._answered)
        number = escape(_("Question {number}").format(number=self.asked))
        self.about_html.value = f"<p><b>{number}</b> · {escape(self.why)}</p>"
        self.box.children = [self.exercise]
        self.next_button.disabled = True
        self._tally()

    def answer(self, card: str) -> None:
        """Answer the question shown with ``card`` (its label, as on the button: ``"K♥"``)."""
        if self.exercise is None:
            raise LearnerRecordError(_("no question yet: press Next question"))
        self.exercise.respond(card)

    def _answered(self, exercise: Exercise) -> None:
        self.right += bool(exercise.correct)
        self.next_button.disabled = False
        self._tally()

    def _tally(self) -> None:
        answered = self.asked - (1 if self.exercise and self.exercise.chosen is None else 0)
        self.tally_html.value = escape(
            _("This session: {right} right, {answered} answered.").format(right=self.right, answered=answered)
        )

    def _exercise(self, item: PracticeItem) -> Exercise:
        if item.puzzle is None:
            return play_exercise(item.position)
        return puzzle_exercise(item.puzzle, item.principle)
