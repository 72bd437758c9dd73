"""A change the claim states against the direction of the source's own figures (round 31).

"בסקר של 2023 נמצאו בשמורה 35 זוגות של עיטים, לעומת 52 זוגות בסקר של 2013": the pairs
went down. "מספר זוגות העיטים בשמורה עלה בין 2013 ל-2023" states a rise, every word of it
in the source, and no antonym check can see it, since the source says neither "rose" nor
"fell". Read where the claim says one pole of "increase/decrease" and names two years, and
the source states, each in one clause with one of those years (or in a sentence whose
only year it is: "ב-2022, אחרי השיפוץ, ביקרו בו 41 אלף"), two figures counting the same
noun, a noun the claim names: the later year's figure against the earlier one's is
the direction the source gives.
"""

from __future__ import annotations

from decimal import Decimal

from workbench.grounding.prepare import Claim
from workbench.grounding.reading.index import SourceIndex, frame_forms
from workbench.grounding.reading.sentence_clauses import clause_at
from workbench.grounding.results import Issue, IssueKind
from workbench.grounding.values.bound_numbers import kind_of
from workbench.grounding.values.source_figures import Figure, figures, to_decimal
from workbench.hebrew import polarities

FAMILY = "increase/decrease"


def trend_against_figures(claim: Claim, idx: SourceIndex) -> list[Issue]:
    """``antonym`` when the claim's rise or fall runs against the source's figures for the
    two years it names (see the module)."""
    pole = polarities(list(claim.tokens)).get(FAMILY)
    if not pole or len(pole) != 1:
        return []
    years = sorted(
        {v for m in claim.numbers if kind_of(m) == "year" and (v := to_decimal(m.value))}
    )
    if len(years) != 2:
        return []
    said = {f for t in claim.tokens for f in frame_forms(t)}
    first, last = (_figures_of(idx, y, said) for y in years)
    for a in first:
        for b in last:
            if a.unit & b.unit and a.value != b.value:
                down = b.value < a.value
                if down != (next(iter(pole)) == 1):
                    way = "go down" if down else "go up"
                    msg = (
                        f"the claim says {FAMILY.split('/')[next(iter(pole))]}, but the "
                        f"source's figures {way}: {_shown(a)} in {_year(years[0])}, "
                        f"{_shown(b)} in {_year(years[1])}"
                    )
                    return [Issue(IssueKind.ANTONYM, msg, (b.mention.start, b.mention.end))]
    return []


def _figures_of(idx: SourceIndex, year: Decimal, said: set[str]) -> list[Figure]:
    """The figures stated in one clause with ``year`` that count a noun the claim names."""
    out = []
    for s in range(len(idx.sentences)):
        figs = figures(idx, s)
        years = [f for f in figs if f.kind == "year" and f.value == year]
        alone = len({f.value for f in figs if f.kind == "year"}) == 1  # dates its sentence
        for y in years:
            for f in figs:
                if f.kind == "figure" and f.unit & said and (alone or _one_clause(idx, f, y)):
                    out.append(f)
    return out


def _one_clause(idx: SourceIndex, a: Figure, b: Figure) -> bool:
    """Whether two figures stand in one clause (no clause opener or mark between them)."""
    return clause_at(idx, idx.flat_at(a.mention.start)) == clause_at(
        idx, idx.flat_at(b.mention.start)
    )


def _shown(f: Figure) -> str:
    return f.mention.text.strip()


def _year(v: Decimal) -> str:
    return str(int(v))
