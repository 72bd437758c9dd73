"""A claim's date is the date of its own clause's predicate: read as the answer-value
reader reads a time question's answer.

Hebrew binds a date phrase to the predicate of the clause it stands in ("X נבנה ב-1950,
ושופץ ב-1987": 1950 dates the building, 1987 the renovation). A statement "X VERB ב-DATE"
asserts what "מתי VERB X? DATE" asks and answers, so its date must be the one the source
binds to that predicate: the source's clause stating the claim's predicate dates it with
another date, and the claim's date stands only in clauses stating less of it (the date of
another event of the same source). The claim's predicate is the content words of the
claim's clause holding the date (``sentence_clauses.token_clauses``, the source's cuts);
a date phrase fronted as a clause of its own ("ב-2005, ...") dates the clause after it.
The binding is ``answer_values.bound_rival``, the answer value's own reader.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from workbench.grounding.answers.answer_values import bound_rival
from workbench.grounding.params import MOVED_MAX_DF
from workbench.grounding.prepare import Claim
from workbench.grounding.reading.index import SourceIndex
from workbench.grounding.reading.pieces import has_form, has_prefix
from workbench.grounding.reading.sentence_clauses import token_clauses
from workbench.grounding.results import Issue
from workbench.grounding.values.value_clauses import (
    Rows,
    Value,
    ValueClause,
    bound_issue,
    read_values,
    value_clauses,
    value_forms,
)
from workbench.hebrew import (
    AT_THAT_TIME_WORDS,
    DATE_RELATION_WORDS,
    TIME_WORDS,
    Token,
    is_stopword,
    month_values,
    ordinals,
)


def _content(clause: Sequence[Token], values: Sequence[Value]) -> list[Token]:
    """The words of ``clause`` outside its values (no figure, month, date or function
    word). An ordinal stays: it names which event ("האלבום השני")."""
    return [
        t
        for t in clause
        if (t.number is None or ordinals([t]))
        and not is_stopword(t)
        and not month_values([t])
        and not any(v.start <= t.start < v.end for v in values)
    ]


TIME_MARKS = frozenset({"ב", "מ", "ל"})  # a date glued to a preposition ("ב-1950")


def _adverbial(toks: Sequence[Token], date: Value) -> bool:
    """Whether ``date`` is a time adverbial of its clause: a preposition marks it ("ב-1950",
    "בנובמבר 2025", "מאז 2016", "בשנת 1990"), not a noun's modifier ("הסקר של 2020")."""
    k = next(i for i, t in enumerate(toks) if t.start >= date.start)
    first = toks[k]
    if first.number is None:  # a month, glued to its preposition ("בנובמבר")
        return any(has_prefix(first, m) and month_values([first]) for m in TIME_MARKS)
    prev = toks[k - 1] if k else None
    return prev is not None and (prev.key in TIME_MARKS or has_form(prev, TIME_WORDS))


def _main_after(clauses: Sequence[Sequence[Token]], k: int) -> int:
    """The clause a date fronted alone in clause ``k`` dates: the next one, past any time
    clause put between ("ב-1971, אחרי שהנהר הציף את העיר, נבנתה סוללה": 1971 dates the
    building, not the flood)."""
    j = k + 1
    while j + 1 < len(clauses) and _time_clause(clauses[j]):
        j += 1
    return j


def _time_clause(toks: Sequence[Token]) -> bool:
    """Whether a clause is a time adverbial: opened by כש, or by אחרי / לפני / מאז / עד
    after nothing but a duration ("אחרי ש...", "חמש שנים אחרי ..."; not "הגשר נסגר עד
    להודעה חדשה")."""
    if toks and has_prefix(toks[0], "כש"):
        return True
    for t in toks:
        if t.key in DATE_RELATION_WORDS:
            return True
        if t.number is None and not has_form(t, TIME_WORDS):
            return False
    return False


def _predicate(claim: Claim, date: Value, values: Sequence[Value], w: np.ndarray) -> Rows:
    """The claim's rows (weight, forms) of the clause holding ``date``: the clause after
    it when the date stands alone in its own ("ב-2005, ...", ``_main_after``); within "אחרי / לפני NOUN
    DATE" the noun's words only (the date dates the noun's event: "אחרי הקמתה ב-1985")."""
    clauses = token_clauses(claim.text, claim.tokens)
    k = next((i for i, cl in enumerate(clauses) if cl[0].start <= date.start <= cl[-1].start), None)
    if k is None:
        return []
    terms = {t.key for t in claim.terms}
    # "ב-1971, שנתיים אחרי שהנהר הציף...": words from a time word after the date on are
    # another event's (the claim cut keeps them in the date's clause)
    rel = [t.start for t in clauses[k] if t.key in DATE_RELATION_WORDS and t.start > date.start]
    words = _content([t for t in clauses[k] if not rel or t.start < rel[0]], values)
    if not any(t.key in terms for t in words) and k + 1 < len(clauses):
        words = _content(clauses[_main_after(clauses, k)], values)
    lead = [
        i for i, t in enumerate(clauses[k]) if t.key in DATE_RELATION_WORDS and t.start < date.start
    ]
    if lead and clauses[k][lead[-1] + 1].start < date.start:
        words = _content([t for t in clauses[k][lead[-1] :] if t.start < date.start], values)
    keys = {t.key for t in words}
    return [(float(w[r]), value_forms(t)) for r, t in enumerate(claim.terms) if t.key in keys]


def _dated(idx: SourceIndex, sent: int) -> dict[int, tuple[Value, ...]]:
    """The values of each clause of sentence ``sent`` (by its start), a date standing alone
    in a clause of its own ("ב-1965, בשיאה, היו...") given to the clause after it (the last
    clause's to the clause before): a fronted or trailing date phrase dates its neighbour.
    Computed once per source sentence."""
    got = idx.derived.get(("statement dates", sent))
    if got is not None:
        return got  # type: ignore[return-value]
    clauses = value_clauses(idx, sent)
    out = {cl.start: cl.values for cl in clauses}
    for k, cl in enumerate(clauses):
        if not cl.values or _content(cl.toks, cl.values) or len(clauses) < 2:
            continue
        nxt = _main_after([c.toks for c in clauses], k)  # past a כש / אחרי clause
        to = clauses[nxt] if k + 1 < len(clauses) else clauses[k - 1]
        out[to.start] = tuple(sorted((*out[to.start], *cl.values), key=lambda v: v.start))
        out[cl.start] = ()
    for k, cl in enumerate(clauses[1:], 1):
        # a clause opened by "when" / "then" with no date of its own shares the time of
        # the clause before ("והורחב ב-1840, כשנוספה לו קומה"; "בין 1994 ל-2003 נדבקו...,
        # ואז הוטל איסור": the last date before it)
        first = cl.toks[0]
        if out[cl.start] or not (has_prefix(first, "כש") or first.key in AT_THAT_TIME_WORDS):
            continue
        before = [v for v in out[clauses[k - 1].start] if v.kind == "time"]
        if before:
            out[cl.start] = (before[-1],)
    idx.derived[("statement dates", sent)] = out
    return out


def _dates_own_value(
    idx: SourceIndex, date: Value, own: Sequence[Value], sents: Sequence[int]
) -> bool:
    """Whether a clause dated by the claim's date, and by no other, states another value of
    the claim (a figure or percentage): "וב-2020 היו בה 650 חברים" dates the 650 of "ב-2020
    היו בעמותה 650 חברים", though the claim's words "היו בעמותה" stand in the clause of 2010
    (the source names the association there by a pronoun; round 30)."""
    figures = [o for o in own if o.kind != "time"]
    if not figures:
        return False
    for s in sents:
        for vals in _dated(idx, s).values():
            times = [v for v in vals if v.kind == "time"]
            if times and all(v.same(date) for v in times):
                if any(v.same(o) for v in vals for o in figures):
                    return True
    return False


def _takes_own_word(
    idx: SourceIndex, rows: Rows, date: Value, own: Sequence[Value], sents: Sequence[int]
) -> bool:
    """Whether the claim takes a rare word (in at most ``MOVED_MAX_DF`` sentences) of a
    clause stating its date that no clause of a rival date holds ("ההרשמה לחוגי הקיץ
    תיסגר ב-20 באפריל" for "נפתחה ההרשמה לחוגי הקיץ ב-3 במרץ, וההרשמה תיסגר ב-20
    באפריל": "תיסגר" is the date's own predicate; the claim joins the other clause's
    words to it)."""
    rare = [
        forms
        for _, forms in rows
        if len({idx.flat_sent[p] for f in forms for p in idx.form_pos.get(f, ())}) <= MOVED_MAX_DF
    ]
    if not rare:
        return False
    mine: set[str] = set()
    rival: set[str] = set()
    for s in sents:
        dated = _dated(idx, s)
        for cl in value_clauses(idx, s):
            vals = dated.get(cl.start, ())
            if any(v.same(date) for v in vals):
                mine |= cl.forms
            elif any(date.competes(v) and not any(v.same(o) for o in own) for v in vals):
                rival |= cl.forms
    return any(forms & mine and not forms & rival for forms in rare)


def claim_date_checks(claim: Claim, idx: SourceIndex, w: np.ndarray) -> list[Issue]:
    """A statement's date the source binds to another predicate than the claim's, while
    it dates the claim's predicate with another date (``bound_elsewhere``)."""
    if claim.question_end >= 0:
        return []  # a question's answer: the answer value's own reading
    values = read_values(claim.text, claim.tokens)
    sents = [s for s in range(len(idx.sentences)) if idx.sent_values[s] or idx.sent_months[s]]

    def values_of(sent: int, cl: ValueClause) -> Sequence[Value]:
        return _dated(idx, sent).get(cl.start, ())

    for date in (v for v in values if v.kind == "time"):
        if not _adverbial(claim.tokens, date):
            continue
        rows = _predicate(claim, date, values, w)
        own = [v for v in values if v is not date]
        if not rows:
            continue
        got = bound_rival(idx, [date], own, rows, sents, values_of, statement=True)
        if got and not _takes_own_word(idx, rows, date, own, sents):
            if not _dates_own_value(idx, date, own, sents):
                return got  # the guards scan every dated clause: only for a date caught
        if crossed := _crossed_value(idx, date, own, sents):
            return crossed
    return []


def _crossed_value(
    idx: SourceIndex, date: Value, own: Sequence[Value], sents: Sequence[int]
) -> list[Issue]:
    """A figure of the claim the source dates only with another date, while the claim's
    date dates another figure counting the same thing: a row of one date joined to a
    figure of another ("ב-2010 היו בעמותה 650 חברים" for "ב-2010 היו בעמותה 400 חברים,
    וב-2020 היו בה 650 חברים"; round 30). ``bound_elsewhere``, pointing at the figure the
    claim's date has."""
    rows = [(cl, _dated(idx, s).get(cl.start, ())) for s in sents for cl in value_clauses(idx, s)]
    for o in (v for v in own if v.kind != "time"):
        with_o = [(cl, vals) for cl, vals in rows if any(v.same(o) for v in vals)]
        dated = [[v for v in vals if v.kind == "time"] for _, vals in with_o]
        if not with_o or not all(t and not any(v.same(date) for v in t) for t in dated):
            continue  # the figure stands with the claim's date, or undated, somewhere
        for cl, vals in rows:
            if not any(v.same(date) for v in vals if v.kind == "time"):
                continue
            rival = [v for v in vals if o.competes(v) and _same_thing(o, v, with_o[0][1])]
            if rival:
                said = next(v for v in with_o[0][1] if v.same(o))
                return [bound_issue(idx, said, with_o[0][0], rival[0], cl, statement=True)]
    return []


def _same_thing(o: Value, v: Value, beside: Sequence[Value]) -> bool:
    """Whether source value ``v`` counts what the claim's ``o`` counts: the noun of the
    source's own statement of ``o`` (``beside``; the claim's, where the source elides it:
    "וב-2022 נמכרו בה 5,100."), or no noun on either side."""
    theirs = next((x.noun for x in beside if x.same(o) and x.noun), o.noun)
    return bool(v.noun & theirs) if theirs and v.noun else not theirs and not v.noun
