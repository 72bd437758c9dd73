"""`workbench report`: every number of the card, computed, beside the published value.

The report is a plain dict (the JSON format), rendered as text or markdown. Sections are
listed in ``SECTIONS``; each maps a dataset to a JSON-able dict, and the card's
published values (``data/card.json``) sit beside them under ``card`` in the same shape.
A value matches when it is equal at the card's precision: integers exactly, decimals
rounded to three places (the card prints three).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import polars as pl

from workbench.data.dataset import DEMO_BANNER, Dataset
from workbench.data.keynumbers import (
    difficulty_counts,
    genre_counts,
    key_numbers,
    load_card,
    stored_verified,
)
from workbench.data.schema import DIFFICULTY_MEANING
from workbench.formatting import fmt_float
from workbench.html import esc


def _key_numbers_section(ds: Dataset) -> dict[str, Any]:
    return key_numbers(ds.frames)


def _agreement_section(ds: Dataset) -> dict[str, Any]:
    from workbench.agreement.report_section import agreement_section

    return agreement_section(ds.frames.ratings, bootstrap=1000, seed=0)


def _engine_section(ds: Dataset) -> dict[str, Any]:
    from workbench.scoring.human_agreement import engine_vs_annotators

    section = engine_vs_annotators(ds.records, ds.frames.ratings, resamples=1000, seed=0)
    return {"demo": ds.is_demo, **section}


# (JSON key, title, function). Later features append their own sections here.
SECTIONS: list[tuple[str, str, Callable[[Dataset], dict[str, Any]]]] = [
    ("key_numbers", "Key numbers", _key_numbers_section),
    ("genre", "Genre distribution", lambda ds: genre_counts(ds.frames)),
    ("difficulty", "Difficulty distribution", lambda ds: difficulty_counts(ds.frames)),
    ("agreement", "Annotator agreement", _agreement_section),
    ("engine_vs_annotators", "Engine vs annotators", _engine_section),
]


def demo_banner_html(ds: Dataset) -> str:
    """A visible warning box for notebooks when the numbers come from the demo set."""
    if not ds.is_demo:
        return (
            f'<div style="padding:6px;border:1px solid #2a7;background:#efe">'
            f"Data: {esc(ds.source.describe())}</div>"
        )
    return (
        '<div style="padding:10px;border:2px solid #c60;background:#fff3e0;font-weight:bold">'
        f"⚠ {esc(DEMO_BANNER)}<br><small>{esc(ds.source.describe())}</small></div>"
    )


def build_report(ds: Dataset) -> dict[str, Any]:
    """The whole report as a JSON-able dict."""
    card = load_card()
    report: dict[str, Any] = {
        "source": ds.source.to_dict(),
        "demo": ds.is_demo,
        "banner": DEMO_BANNER if ds.is_demo else None,
        "skipped_records": ds.skipped,
    }
    for key, _title, fn in SECTIONS:
        report[key] = fn(ds)
    report["spans_verified_flag_in_file"] = stored_verified(ds.frames)
    report["card"] = {key: card[key] for key, _t, _f in SECTIONS if key in card}
    report["comparison"] = [
        {"metric": m, "computed": c, "published": p, "match": match(c, p)}
        for m, c, p in compare(report, report["card"])
    ]
    return report


def _flatten(value: Any, prefix: str = "") -> Iterator[tuple[str, Any]]:
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _flatten(v, f"{prefix}.{k}" if prefix else str(k))
    else:
        yield prefix, value


def compare(report: dict[str, Any], card: dict[str, Any]) -> list[tuple[str, Any, Any]]:
    """(metric path, computed, published) for every published number the card has."""
    computed = dict(_flatten({k: report.get(k) for k in card}))
    return [(m, computed.get(m), p) for m, p in _flatten(card)]


def match(computed: Any, published: Any) -> bool:
    """Equal at the card's precision: ints exactly, floats at three decimals."""
    if computed is None or published is None:
        return computed is published
    if isinstance(published, float) or isinstance(computed, float):
        return round(float(computed), 3) == round(float(published), 3)
    return computed == published


def _label(metric: str) -> str:
    section, _, name = metric.partition(".")
    if section == "difficulty" and name.isdigit():
        return f"difficulty {name} ({DIFFICULTY_MEANING[int(name)]})"
    return metric.replace("_", " ").replace(".", ": ")


def render_text(report: dict[str, Any]) -> str:
    rows = [
        (_label(r["metric"]), fmt_float(r["computed"]), fmt_float(r["published"]), r)
        for r in report["comparison"]
    ]
    w = max(len(r[0]) for r in rows) if rows else 10
    lines = []
    if report["banner"]:
        lines += ["!" * 78, report["banner"], "!" * 78, ""]
    src = report["source"]
    lines.append(f"Data: {src['kind']} {src['path']} (sha256 {src['sha256']})")
    if report["skipped_records"]:
        lines.append(f"Skipped {report['skipped_records']} invalid record(s) (lenient load).")
    lines.append("")
    lines.append(f"{'metric':<{w}}  {'computed':>9}  {'card':>9}  match")
    lines.append("-" * (w + 30))
    for label, comp, pub, r in rows:
        lines.append(f"{label:<{w}}  {comp:>9}  {pub:>9}  {'✓' if r['match'] else '✗'}")
    n_ok = sum(r["match"] for r in report["comparison"])
    lines += ["", f"{n_ok} of {len(rows)} published numbers reproduced."]
    if report.get("agreement"):
        from workbench.agreement.report_section import agreement_lines

        lines += ["", *agreement_lines(report["agreement"])]
    if report.get("engine_vs_annotators"):
        from workbench.scoring.human_agreement import engine_vs_annotators_lines

        lines += ["", *engine_vs_annotators_lines(report["engine_vs_annotators"])]
    return "\n".join(lines)


def render_markdown(report: dict[str, Any]) -> str:
    lines = []
    if report["banner"]:
        lines += [f"> **{report['banner']}**", ""]
    src = report["source"]
    lines += [f"Data: `{src['path']}` ({src['kind']}, sha256 `{src['sha256']}`)", ""]
    lines += ["| Metric | Computed | Card | Match |", "| --- | ---: | ---: | :---: |"]
    for r in report["comparison"]:
        lines.append(
            f"| {_label(r['metric'])} | {fmt_float(r['computed'])} | {fmt_float(r['published'])} "
            f"| {'✓' if r['match'] else '✗'} |"
        )
    if report.get("agreement"):
        from workbench.agreement.report_section import agreement_lines

        lines += ["", *agreement_lines(report["agreement"], markdown=True)]
    if report.get("engine_vs_annotators"):
        from workbench.scoring.human_agreement import engine_vs_annotators_lines

        section = report["engine_vs_annotators"]
        lines += ["", *engine_vs_annotators_lines(section, markdown=True)]
    return "\n".join(lines)


def comparison_table(report: dict[str, Any], section: str) -> pl.DataFrame:
    """One section's rows of the comparison as a frame: metric, computed, card, match.

    For notebooks: the card's tables side by side with the computed values.
    """
    rows = [r for r in report["comparison"] if r["metric"].split(".", 1)[0] == section]
    return pl.DataFrame(
        {
            "metric": [
                _label(r["metric"]).removeprefix(section.replace("_", " ") + ": ") for r in rows
            ],
            "computed": [fmt_float(r["computed"]) for r in rows],
            "card": [fmt_float(r["published"]) for r in rows],
            "match": ["✓" if r["match"] else "✗" for r in rows],
        }
    )
