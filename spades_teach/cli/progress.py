"""``spades-teach progress``: what the learner record says to work on, as *My progress* says it.

Prints the summary of :class:`~spades_teach.analysis.learner_model.LearnerModel` (the judged
decisions, the three principles to work on next with their lines and chapters) and each principle's
share right lately. ``--export FILE`` writes the record to a file, ``--import FILE`` merges one in (a
bad or foreign file is refused and nothing changes), ``--reset`` starts afresh (the old record kept
aside). ``--folder`` reads another data folder.
"""

from __future__ import annotations

import argparse

from spades_teach.analysis.learner_model import LearnerModel
from spades_teach.analysis.learner_record import RecordFile
from spades_teach.cli.common import Command, stdout
from spades_teach.i18n import N_, _, format_percent, ngettext


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--folder", metavar="FOLDER", help=_("the data folder to read (default: the learner's own)"))
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--export", metavar="FILE", help=_("write the learner record to FILE"))
    group.add_argument(
        "--import", dest="import_", metavar="FILE", help=_("merge the learner record in FILE into this one")
    )
    group.add_argument(
        "--reset", action="store_true", help=_("start a new record (the old one is kept aside, to import back)")
    )


def run(args: argparse.Namespace) -> int:
    out = stdout()
    store = RecordFile(args.folder)
    if args.export:
        path = store.export(args.export)
        print(_("learner record written to {path}").format(path=path), file=out)
        return 0
    if args.import_:
        before = len(store.load())
        record = store.import_(args.import_)
        print(
            ngettext(
                "{count} decision imported; your record now holds {total}.",
                "{count} decisions imported; your record now holds {total}.",
                len(record) - before,
            ).format(count=len(record) - before, total=len(record)),
            file=out,
        )
    if args.reset:
        aside = store.reset()
        if aside is None:
            print(_("there was no record to reset"), file=out)
        else:
            print(_("A new record is started; the old one is kept in {path}.").format(path=aside), file=out)
        return 0
    model = LearnerModel.from_record(store.load())
    for line in model.summary_lines():
        print(line, file=out)
    ranked = model.ranked()
    if ranked:
        print(file=out)
        print(_("Each principle, right lately:"), file=out)
        width = max(len(s.title) for s in ranked)
        for s in sorted(ranked, key=lambda s: (s.right_lately, s.principle)):
            print(f"  {s.title:<{width}}  {format_percent(s.right_lately):>5}  {s.lately_text()}", file=out)
    return 0


COMMAND = Command(
    "progress",
    N_("show what to work on, from your judged decisions"),
    configure,
    run,
    description=N_(
        "Show your learner record: how often you get each principle right lately and the three principles "
        "to work on next; export, import or reset the record."
    ),
)
