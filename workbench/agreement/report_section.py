"""The ``agreement`` section of ``workbench report``: its JSON and its table of lines.

The card's two figures (perfect agreement, ordinal alpha) in the card's shape, beside every
coefficient of :mod:`workbench.agreement.tables` per scope and, on request, bootstrap
intervals; rendered as text or markdown. The section and its rendering change together
whenever a figure is added to the report.
"""

from __future__ import annotations

import polars as pl

from workbench.agreement.alpha import RELIABLE, TENTATIVE, reliability_label
from workbench.agreement.bootstrap import bootstrap_alpha
from workbench.agreement.ratings import (
    POOLED,
    SCALE,
    perfect_on_cube,
    rating_cube,
    scope_coincidences,
)
from workbench.agreement.tables import COEFFICIENTS, coefficients
from workbench.data.schema import DIMENSIONS, SCORE_VALUES
from workbench.formatting import fmt_float


def agreement_section(ratings: pl.DataFrame, *, bootstrap: int = 0, seed: int = 0) -> dict:
    """The ``agreement`` section of ``workbench report`` (JSON-ready).

    Always holds the card's two figures in the card's shape::

        {"perfect_agreement": {"fraction", "records", "of"},
         "alpha_ordinal": {"pooled", "coherence", ..., "attribution"}, ...}

    plus ``perfect_agreement_identical`` {fraction, records, of}, the stricter reading of the
    card's definition (every score of every annotator on every dimension one single value; see
    :func:`perfect_agreement_identical` — only the real file, where the card says 50 of 132,
    can settle which reading the card used), labels, the reasons for any undefined value,
    nominal/interval alpha, AC1, AC2
    (Gwet ordinal weights), Fleiss' kappa and percent agreement per scope, and — when
    ``bootstrap > 0`` — seeded 95% percentile intervals for ordinal alpha. Values are unrounded
    floats or ``None``.
    """
    cube = rating_cube(ratings)
    perfect = perfect_on_cube(cube, identical=False)
    identical = perfect_on_cube(cube, identical=True)
    table = {scope: coefficients(cube.matrix(scope)) for scope in cube.scopes()}
    scopes = [POOLED, *DIMENSIONS] + [d for d in cube.dimensions if d not in DIMENSIONS]

    def per_scope(name: str) -> dict[str, float | None]:
        return {s: table[s][name].value if s in table else None for s in scopes}

    alpha = per_scope("alpha_ordinal")
    undefined = {
        f"{name}.{s}": (table[s][name].reason if s in table else "no ratings for this dimension")
        for name in COEFFICIENTS
        for s in scopes
        if s not in table or table[s][name].reason
    }
    section: dict = {
        "perfect_agreement": {
            "fraction": perfect.fraction,
            "records": perfect.count,
            "of": perfect.of,
        },
        "perfect_agreement_identical": {
            "fraction": identical.fraction,
            "records": identical.count,
            "of": identical.of,
        },
        "alpha_ordinal": alpha,
        "alpha_ordinal_label": {s: reliability_label(v) for s, v in alpha.items()},
        "thresholds": {"reliable": RELIABLE, "tentative": TENTATIVE},
        "value_domain": list(SCORE_VALUES),
        "n_records": len(cube.records),
        "n_annotators": len(cube.annotators),
    }
    for name in COEFFICIENTS[1:]:
        section[name] = per_scope(name)
    section["undefined"] = undefined
    if bootstrap > 0 and cube.records:
        boot = bootstrap_alpha(
            scope_coincidences(cube), SCALE, "ordinal", resamples=bootstrap, seed=seed
        )
        index = {s: i for i, s in enumerate(cube.scopes())}
        section["alpha_ordinal_interval"] = {
            "confidence": boot.confidence,
            "resamples": boot.resamples,
            "seed": seed,
            "method": "percentile bootstrap over records",
            # resamples in which alpha was 0/0 (no variation); the interval is taken over the
            # others, so a large count means the interval is conditional on variation existing
            "undefined_resamples": {
                s: int(boot.n_undefined[index[s]]) if s in index else bootstrap for s in scopes
            },
            **{s: list(boot.bounds(index[s])) if s in index else [None, None] for s in scopes},
        }
    return section


def agreement_lines(section: dict, *, markdown: bool = False) -> list[str]:
    """The agreement section as a table of lines (text or markdown) for the report.

    The title gives perfect agreement, then its stricter alternative reading (one single score
    on every dimension) when the section has it. One row per scope: ordinal alpha with its guideline label and bootstrap interval (if
    computed), nominal and interval alpha, AC1, AC2, Fleiss' kappa and percent agreement;
    then the reason for every undefined value.
    """
    interval = section.get("alpha_ordinal_interval")
    scopes = list(section["alpha_ordinal"])
    heads = ["scope", "alpha ord", "label"]
    if interval:
        heads.append(f"{interval['confidence']:.0%} CI ({interval['resamples']} boot)")
    heads += ["alpha nom", "alpha int", "AC1", "AC2 ord", "Fleiss", "% agree"]
    rows = []
    for s in scopes:
        row = [s, fmt_float(section["alpha_ordinal"][s]), section["alpha_ordinal_label"][s]]
        if interval:
            lo, hi = interval[s]
            flag = "*" if interval.get("undefined_resamples", {}).get(s) else ""
            row.append("n/a" if lo is None else f"[{lo:.3f}, {hi:.3f}]{flag}")
        row += [
            fmt_float(section[k][s])
            for k in COEFFICIENTS[1:]  # alpha_ordinal is shown first, with its interval
        ]
        rows.append(row)
    pa = section["perfect_agreement"]
    strict = section.get("perfect_agreement_identical")
    alternative = (
        f" Perfect agreement, alternative reading (one single score on every dimension): "
        f"{fmt_float(strict['fraction'])} ({strict['records']} of {strict['of']} records)."
        if strict
        else ""
    )
    title = (
        f"Annotator agreement: {section['n_annotators']} annotators, {section['n_records']} "
        f"records, scale {tuple(section['value_domain'])}. Perfect agreement "
        f"{fmt_float(pa['fraction'])} ({pa['records']} of {pa['of']} records).{alternative} "
        f"Krippendorff: reliable >= {RELIABLE:.3f}, tentative >= {TENTATIVE:.3f}, else "
        "unreliable."
    )
    by_reason: dict[str, list[str]] = {}
    for key, reason in section.get("undefined", {}).items():
        by_reason.setdefault(reason, []).append(key)
    notes = [f"undefined ({reason}): {', '.join(keys)}" for reason, keys in by_reason.items()]
    if interval and any(interval.get("undefined_resamples", {}).values()):
        counts = ", ".join(
            f"{k} {v}" for k, v in interval["undefined_resamples"].items() if v and k in scopes
        )
        notes.append(
            f"* interval over the resamples where alpha is defined; resamples with no "
            f"variation (alpha 0/0), of {interval['resamples']}: {counts}"
        )
    if markdown:
        lines = [f"**{title}**", "", "| " + " | ".join(heads) + " |"]
        lines.append("| --- | " + " | ".join("---:" for _ in heads[1:]) + " |")
        lines += ["| " + " | ".join(r) + " |" for r in rows]
        return lines + ([""] + [f"- {n}" for n in notes] if notes else [])
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(heads)]
    fmt = "  ".join(f"{{:<{w}}}" if i in (0, 2) else f"{{:>{w}}}" for i, w in enumerate(widths))
    lines = [title, fmt.format(*heads), "-" * (sum(widths) + 2 * (len(widths) - 1))]
    return lines + [fmt.format(*r) for r in rows] + notes
