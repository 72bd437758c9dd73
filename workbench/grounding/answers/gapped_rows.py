"""The row a question asks in a sentence of rows whose later rows gap the verb (round 41).

"ניתוח עיקור של נקבה עולה לעירייה 420 שקל, ואילו של זכר 250 שקל": the second row keeps
only its own words and its value, the verb and the rest shared with the first. Read by the
question's words, the first row holds most of them (the shared predicate), so the value
checks gave "כמה עולה ניתוח של זכר?" the first row's 420 and failed the right 250. A
question holding a word of a gapped row that no earlier clause of the sentence holds asks
that row: its value is the answer, and the first row's value, or another row's, is bound
elsewhere.

A gapped row is a later clause of the sentence (``value_clauses``) opened by ו or a clause
opener ("ואילו"), with at most ``ROW_WORDS`` content words besides its values and units,
stating one value of the answer's kind.
"""

from __future__ import annotations

from collections.abc import Sequence

from workbench.grounding.reading.index import SourceIndex
from workbench.grounding.results import Issue
from workbench.grounding.values.value_clauses import (
    Rows,
    Value,
    ValueClause,
    bound_issue,
    value_clauses,
)
from workbench.hebrew import UNITS, is_clause_opener, is_light, is_stopword

ROW_WORDS = 2  # content words of a gapped row, besides its values and units


def gapped_row_answer(
    idx: SourceIndex, given: Sequence[Value], rows: Rows, sents: Sequence[int], negated: bool
) -> list[Issue] | None:
    """``[]`` when the answer states the value of the gapped row the question asks, one
    ``bound_elsewhere`` issue when it states another row's value of that sentence, ``None``
    when no gapped row is asked (the other checks decide) or the question is ``negated``."""
    if len(given) != 1 or negated:
        return None  # "שאינו מצויר ביד" asks the complement of the row that says it
    fig = given[0]
    asked = frozenset().union(*(fs for _, fs in rows))
    for sent in sents:
        clauses = value_clauses(idx, sent)
        row = asked_row(clauses, fig, asked)
        if row is None:
            continue
        value = row.values[0]
        if value.same(fig):
            return []
        where = _stating(clauses, fig, row)
        if where is not None and fig.competes(value):
            said = next(v for v in where.values if v.same(fig))
            return [bound_issue(idx, said, where, value, row)]
    return None


def asked_row(clauses: list[ValueClause], fig: Value, asked: frozenset[str]) -> ValueClause | None:
    """The gapped row of a sentence's ``clauses`` that the question (its words' forms
    ``asked``) asks, stating a value of ``fig``'s kind: a word of the question stands in
    it and in no earlier clause, and an earlier row states the predicate it shares."""
    for k, row in enumerate(clauses):
        if k == 0 or not _gapped(row) or row.values[0].kind != fig.kind:
            continue
        earlier = frozenset().union(*(cl.forms for cl in clauses[:k]))
        if (row.forms - earlier) & asked and any(
            _first_row(cl, row, fig, asked) for cl in clauses[:k]
        ):
            return row
    return None


def _first_row(cl: ValueClause, row: ValueClause, fig: Value, asked: frozenset[str]) -> bool:
    """Whether clause ``cl`` is the row whose predicate ``row`` gaps: it states a value of
    the answer's kind and holds words of the question that ``row`` lacks (the verb and
    the rest both rows share)."""
    return any(v.kind == fig.kind for v in cl.values) and bool((cl.forms - row.forms) & asked)


def _gapped(cl: ValueClause) -> bool:
    """Whether clause ``cl`` opens with ו or a clause opener, states one value and holds
    at most ``ROW_WORDS`` content words besides its values and units."""
    if not cl.toks or len(cl.values) != 1:
        return False
    first = cl.toks[0]
    if not (first.key.startswith("ו") or is_clause_opener(first)) or first.key == "ועד":
        return False  # "מ-50 שקל ועד 120": a range's end, no row
    own = [t for t in cl.toks if t.number is None and not is_stopword(t) and not is_light(t)]
    return len([t for t in own if t.key not in UNITS]) <= ROW_WORDS


def _stating(clauses: list[ValueClause], fig: Value, row: ValueClause) -> ValueClause | None:
    """Another clause of the sentence that states the answer's value."""
    return next(
        (cl for cl in clauses if cl is not row and any(v.same(fig) for v in cl.values)), None
    )
