"""HTML of the review session: question, answer, claims with decisions, marked source.

Pure functions from a session's state (``ReviewSession.state()``) and its record to
HTML. Text goes through ``workbench.html.esc``; the source's gold spans are marked by
``workbench.html.highlight`` in each claim's colour.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from workbench.html import DECISION_COLOURS, MARK_CSS, Highlight, claim_colour, esc, highlight

_SOURCE_STYLE = (
    "white-space:pre-wrap;line-height:1.7;border:1px solid #ddd;padding:8px;"
    "max-height:420px;overflow:auto"
)


def gold_highlights(claims: Sequence[Mapping[str, Any]]) -> list[Highlight]:
    """Each claim's attribution spans, coloured by the claim's position, titled by its id."""
    return [
        Highlight(
            int(s.get("start_char", 0)),
            int(s.get("end_char", 0)),
            k,
            title=f"claim {c.get('claim_id', k)}",
        )
        for k, c in enumerate(claims)
        for s in c.get("attribution") or []
    ]


def _claim_item(k: int, claim: Mapping[str, Any], decision: str | None) -> str:
    badge = (
        f'<b style="color:{DECISION_COLOURS[decision]}">{esc(decision)}</b>'
        if decision
        else '<span style="color:#888">not reviewed</span>'
    )
    return (
        f'<li><span style="background:{claim_colour(k)[0]};padding:0 4px">'
        f"claim {esc(claim['claim_id'])}</span> "
        f'<span dir="rtl" lang="he">{esc(claim["text"])}</span> · {badge}</li>'
    )


def session_html(st: Mapping[str, Any], rec: Mapping[str, Any]) -> str:
    """The review view of record ``rec`` in session state ``st``."""
    claims = rec.get("claims") or []
    items = [_claim_item(k, c, st["claims"][c["claim_id"]]) for k, c in enumerate(claims)]
    edited = " <i>(edited)</i>" if st["answer_edited"] else ""
    fact = esc(st["fact"]) if st["fact"] else '<span style="color:#888">none</span>'
    excluded = (
        f'<p style="color:{DECISION_COLOURS["hallucinated"]}">'
        "<b>excluded from the reviewed copy</b></p>"
        if st["excluded"]
        else ""
    )
    if st.get("log_problems"):
        line, message = st["log_problems"][0]
        excluded += (
            f'<p style="color:{DECISION_COLOURS["hallucinated"]}">'
            f"{len(st['log_problems'])} corrupt line(s) of the review log skipped "
            f"(line {line}: {esc(message)})</p>"
        )
    source = highlight(rec["source_text"], gold_highlights(claims), attrs={"style": _SOURCE_STYLE})
    return (
        f'<div class="review"><style>{MARK_CSS}</style>'
        f'<p style="color:#555">record {st["index"] + 1} of {st["total"]} · '
        f"<b>{esc(st['record_id'])}</b> · {esc(rec.get('genre'))} · "
        f"difficulty {esc(rec.get('difficulty'))} · "
        f"{st['reviewed']} of {st['total']} reviewed</p>{excluded}"
        f'<h4>Question</h4><div dir="rtl" lang="he">{esc(rec["question"])}</div>'
        f'<h4>Reference answer{edited}</h4><div dir="rtl" lang="he">{esc(st["answer"])}</div>'
        f'<h4>Fact</h4><div dir="rtl" lang="he">{fact}</div>'
        f'<h4>Claims</h4><ul dir="ltr">{"".join(items)}</ul>'
        f"<h4>Source (gold spans marked)</h4>{source}</div>"
    )
