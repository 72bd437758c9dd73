"""`workbench check`: ground an answer in one record's source and show the result.

``workbench check --record ID (--answer TEXT | --answer-file F) [--format text|json|html]``
splits the answer into claims, grounds each in the record's ``source_text``
(``workbench.grounding.engine.ground``) and prints a text summary, the JSON of the result
(``{"record", "claims", "supported_fraction", "probability", "mean_probability",
"confidence"}``; each claim with its calibrated ``probability`` and ``confidence`` tier)
or an RTL HTML page.
"""

from __future__ import annotations

import argparse
import re
import textwrap
from pathlib import Path

from workbench.cli.options import add_data, add_format
from workbench.errors import InputFileError, UsageError
from workbench.formatting import fmt_float
from workbench.grounding.engine import Grounding, ground
from workbench.grounding.results import (
    CONFIDENCE_GUIDE,
    MARK_GUIDE,
    PROBABILITY_GUIDE,
    VERDICT_GUIDE,
)
from workbench.html import MARK_STYLES, claim_mark
from workbench.terminal import json_text, visible


def read_answer_file(path: str | Path) -> str:
    """The answer text from a UTF-8 file, or a one-line error naming the file."""
    p = Path(path)
    if not p.exists():
        raise InputFileError(f"{p}: answer file not found")
    if not p.is_file():
        raise InputFileError(f"{p}: answer file is not a regular file")
    try:
        return p.read_bytes().decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputFileError(f"{p}: answer file is not UTF-8 text (byte {exc.start})") from None
    except OSError as exc:
        raise InputFileError(f"{p}: cannot read answer file: {exc.strerror or exc}") from None


def render_text(g: Grounding) -> str:
    """Claims one per block: the claim's mark (``claim_mark``'s symbol: ✓ only for a
    supported claim of high confidence, ``?`` supported but unconfirmed, ``~`` partial,
    ``!`` low confidence, ``✗`` unsupported; no colour codes), verdict, score, calibrated
    probability (P), confidence tier, text; support spans and issues indented; then the
    answer's probability (its weakest claim's) and tier, and what the marks, the
    probability, the tiers and the verdicts mean."""
    if not g.claims:
        return f"record {g.record}: {g.message}"
    lines = []
    for i, c in enumerate(g.claims, 1):
        p = fmt_float(c.probability, 2)
        symbol = MARK_STYLES[claim_mark(c.verdict, c.confidence)].symbol
        tier = c.confidence.value if c.confidence else "-"
        lines.append(f"{i}. {symbol} [{c.verdict}] {c.score:.2f}  P {p} {tier}  {c.text}")
        for s in c.spans:
            excerpt = " ".join(s.text.split())
            if len(excerpt) > 160:
                excerpt = excerpt[:157] + "..."
            lines.append(f"     [{s.start}:{s.end}] {s.score:.2f}  {excerpt}")
        for issue in c.issues:
            where = (
                ""
                if issue.span is None or "source [" in issue.message
                else (f" (source [{issue.span[0]}:{issue.span[1]}])")
            )
            lines.append(f"     ! {issue.message}{where}")
    k = sum(c.supported for c in g.claims)
    lines.append(
        f"record {g.record}: {k} of {len(g.claims)} claims supported "
        f"(supported_fraction {g.supported_fraction:.2f})"
    )
    lines.append(
        f"answer probability {fmt_float(g.probability, 2)} (its weakest claim; "
        f"mean of the claims {fmt_float(g.mean_probability, 2)}); "
        f"confidence {g.confidence.value if g.confidence else '-'}"
    )
    if g.message:
        lines.append(g.message)
    lines += ["", textwrap.fill(MARK_GUIDE, width=88)]
    lines += ["", textwrap.fill(PROBABILITY_GUIDE, width=88)]
    lines += ["", textwrap.fill(CONFIDENCE_GUIDE, width=88)]
    lines += ["", textwrap.fill(VERDICT_GUIDE, width=88)]
    return "\n".join(lines)


DESCRIPTION = (
    "Split the answer into claims and find the source spans that support each; flag\n"
    "claims (and numbers) the source does not hold. `workbench records` lists the ids."
)


def add_arguments(p: argparse.ArgumentParser) -> None:
    add_data(p)
    p.add_argument(
        "--record", metavar="ID", help="record id (required; `workbench records` lists them)"
    )
    ans = p.add_mutually_exclusive_group(required=True)
    ans.add_argument("--answer", metavar="TEXT", help="the answer text")
    ans.add_argument("--answer-file", metavar="FILE", help="a UTF-8 file holding the answer")
    add_format(p, ("text", "json", "html"))


def run(args: argparse.Namespace) -> int:
    from workbench.data.dataset import load_dataset

    if not args.record:
        raise UsageError("which record? give --record ID (`workbench records` lists the ids)")
    answer = args.answer if args.answer is not None else read_answer_file(args.answer_file)
    # bytes that were not UTF-8 on the command line arrive as lone surrogates: show them as �
    answer = re.sub("[\ud800-\udfff]", "\ufffd", answer)
    ds = load_dataset(args.data)
    record = ds.record(args.record)
    source = record["source_text"]
    g = ground(answer, source, record=record["id"], question=record.get("question"))
    if args.format == "json":
        print(json_text(g.to_dict()))
    elif args.format == "html":
        from workbench.grounding.html_report import render_html

        print(visible(render_html(g, source)), end="")
    else:
        print(visible(render_text(g)))
    return 0
