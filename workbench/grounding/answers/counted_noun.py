"""The question's predicate without the noun a כמה counts: the words of "question?
answer" that ``answer_values`` binds the answer's value with (moved from
``answer_values``, which had reached its line cap, by review24b).

"כמה עובדים יפוטרו" counts workers, and both a whole and its part count them, so the
noun leaves the predicate and the verb tells the clauses apart (round 16). Hebrew also
puts the verb right after כמה ("כמה משלמת", "כמה עלה"): the word after כמה leaves only
when it names what is counted (round 24): a noun a source figure counts (in either state
of a plural: "250 עצי הדר" counts "עצים"), a measure or mass noun, a partitive ("כמה
מהחוב", "כמה מעובדי המפעל"), or a word the source never holds.
"""

from __future__ import annotations

from collections.abc import Sequence

from workbench.grounding.answers.answer_counts import partitive
from workbench.grounding.prepare import Claim
from workbench.grounding.reading.index import SourceIndex, frame_forms
from workbench.grounding.reading.pieces import has_form, sentence_numbers
from workbench.grounding.results import Issue, IssueKind
from workbench.grounding.values.value_clauses import Rows, value_clauses
from workbench.hebrew import (
    AMOUNT_QUESTIONS,
    MEASURED_NOUNS,
    QUANTITY_WORDS,
    SCALE_WORDS,
    UNITS,
    NumberMention,
    Token,
    construct_pair,
    extract_numbers,
    is_stopword,
    is_year,
    normalize,
)


def question_predicate(claim: Claim, rows: Rows, idx: SourceIndex) -> Rows:
    """The question's rows without the noun a כמה counts ("כמה עובדים יפוטרו": both the
    whole and the part count workers; the predicate יפוטרו tells them apart). The word
    after כמה is the counted noun only where it names what is counted (``_counts``):
    otherwise it is the verb, the predicate itself ("כמה משלמים בבתי המלון הגדולים",
    "כמה עלה התיקון": round 24), and stays."""
    asked = [t for t in claim.tokens if t.start < claim.question_end]
    counted = [
        forms
        for i, t in enumerate(asked[:-1])
        if has_form(t, AMOUNT_QUESTIONS)
        and _counts(idx, asked[i + 1 : i + 3], forms := frame_forms(asked[i + 1]))
    ]
    return [r for r in rows if not any(r[1] & c for c in counted)]


def count_verb(asked: Sequence[Token], idx: SourceIndex) -> Token | None:
    """The verb right after כמה ("כמה משלמת", "כמה מנכה"): the word ``_counts`` does not
    read as what is counted (round 25: ``count_verb``); ``None`` when the word after כמה
    names what is counted, or there is none."""
    at = next((i for i, t in enumerate(asked[:-1]) if has_form(t, AMOUNT_QUESTIONS)), None)
    if at is None:
        return None
    u = asked[at + 1]
    # a construct plural in -י names a thing ("כמה פיצויי פיטורים"); a verb in -תי is "I"
    noun = u.key.endswith("י") and not u.key.endswith("תי")
    # a function word names no event ("כמה זה עולה", "כמה היו": review25)
    if u.number is not None or noun or is_stopword(u):
        return None
    if _counts(idx, asked[at + 1 : at + 3], frame_forms(u)):
        return None
    return u


def asked_noun(asked: Sequence[Token], idx: SourceIndex) -> frozenset[str]:
    """The forms of the noun a כמה question counts ("כמה ילדים היו בקרון?": ילדים), when
    the word after כמה is a noun a figure of the source counts ("שישה ילדים") and no
    measure word ("כמה זמן", "כמה כסף" ask an amount in any unit); empty otherwise (round
    45, noun45)."""
    at = next((i for i, t in enumerate(asked[:-1]) if has_form(t, AMOUNT_QUESTIONS)), None)
    if at is None:
        return frozenset()
    u = asked[at + 1]
    forms = frame_forms(u)
    if u.number is not None or is_stopword(u) or has_form(u, MEASURED_NOUNS):
        return frozenset()
    return forms if construct_pair(forms) & _counted_nouns(idx) else frozenset()


def _counts(idx: SourceIndex, after: Sequence[Token], forms: frozenset[str]) -> bool:
    """Whether ``u``, the word after כמה (``after``: it and the next), names what is
    counted or measured: a noun a figure of the source counts ("58 שקל", "420 מקומות"), a
    measure or amount word ("כמה זמן", "כמה כסף"), or a partitive (``partitive``: "כמה
    מהחוב", "כמה מעובדי המפעל"). A word the source never holds has no clause to bind,
    and is left out as before. A word the source holds but never counts is no counted
    noun: Hebrew counts nouns, and what follows כמה uncounted is the question's verb."""
    u = after[0]
    return bool(
        construct_pair(forms) & _counted_nouns(idx)  # "עצים" counted as "250 עצי הדר"
        or has_form(u, MEASURED_NOUNS)
        or has_form(u, QUANTITY_WORDS)
        or partitive(u, after[1] if len(after) > 1 else None, idx)
        or not any(f in idx.form_pos for f in forms)
    )


def _counted_nouns(idx: SourceIndex) -> frozenset[str]:
    """The forms of every noun a figure of the source counts (computed once a source)."""
    got = idx.derived.get(("counted nouns", 0))
    if got is None:
        got = idx.derived[("counted nouns", 0)] = frozenset().union(
            *(
                v.noun
                for s in range(len(idx.sentences))
                if idx.sent_values[s]
                for cl in value_clauses(idx, s)
                for v in cl.values
                if v.kind == "figure"
            )
        )
    return got  # type: ignore[return-value]


def other_count(claim: Claim, idx: SourceIndex) -> list[Issue]:
    """``bound_elsewhere`` when a כמה question's answer is a figure the source states only
    as a count of another noun, while it counts the question's noun with another figure
    (round 35): "כמה סירות יש היום בשבט? 280" for "יש בשבט כ-280 חניכים ו-12 סירות",
    "כמה מדריכים יש בשבט? שלוש" for "אני אחראי על השבט שלוש שנים, ויש אצלנו 26 מדריכים".
    Figures as the one number reader reads them (``extract_numbers``: "ארבעה עשר" is 14),
    checked or not ("שלוש"); the word a figure counts is the next word past a multiplier
    ("60 אלף טונות"), none at a mark; a word the question holds is its predicate, not
    another noun ("17 נשארו"), and a unit is another noun unless it measures the question's
    ("14 טונות ביום" for "כמה עובדים": round 36). Not for a measure, a duration or a frequency asked ("כמה
    זמן", "כמה שנים", "כמה פעמים")."""
    q = claim.question_end
    if q < 0:
        return []
    asked = [t for t in claim.tokens if t.start < q]
    k = next((i for i, t in enumerate(asked) if has_form(t, AMOUNT_QUESTIONS)), None)
    answer = [t for t in claim.tokens if t.start > q]
    if k is None or k + 1 >= len(asked) or not answer:
        return []
    head = asked[k + 1]
    if has_form(head, QUANTITY_WORDS | UNITS | MEASURED_NOUNS | _COUNTERS) or is_stopword(head):
        return []  # a measure, a duration or a frequency ("כמה מים", "כמה פעמים")
    counts = [c for s in range(len(idx.sentences)) for c in _counts_of(idx, s)]
    # the nouns this check's own figures count ("שני עובדים" too, which the value reader
    # leaves out: round 41)
    nouns = _counted_nouns(idx).union(*(frame_forms(u) for _, u in counts if u is not None))
    if not construct_pair(frame_forms(head)) & nouns:
        return []  # a word no source figure counts: the question's verb ("כמה עלה")
    said = extract_numbers(claim.text, answer)
    if not said or said[0].start > answer[0].start:
        return []  # the answer opens with its figure
    value, noun = said[0].value, frame_forms(head)
    question = {f for t in asked for f in frame_forms(t)}
    after = _noun_after(claim.text, answer, said[0].end)
    if after is not None and (frame_forms(after) & noun or has_form(after, UNITS)):
        return []  # the answer counts the question's noun itself, or measures it
    # a figure is matched in any form the number reader gives it ("60" in "60 אלף", round 40)
    mine = [(n, u) for n, u in counts if value == n.value or value in n.forms]
    other = [(n, u) for n, u in counts if u is not None and frame_forms(u) & noun]
    if not mine or not other or any(value == n.value or value in n.forms for n, _ in other):
        return []
    if any(_counts_asked(idx, u, noun, question) for _, u in mine):
        return []  # alone somewhere, counting what the question says, or any noun
    n, u = mine[0]
    o, ou = other[0]
    assert u is not None and ou is not None
    msg = (
        f"{said[0].text.strip()} counts «{idx.source[u.start : u.end]}» in the source (source "
        f"[{n.start}:{u.end}]); what the question counts the source gives as "
        f"«{idx.source[o.start : ou.end]}»"
    )
    return [Issue(IssueKind.BOUND_ELSEWHERE, msg, (o.start, ou.end))]


# Counters a כמה question asks a frequency or a head count by, not a noun of its own
_COUNTERS = frozenset(normalize(w).text for w in ("פעמים", "אנשים", "איש", "פרטים", "יחידות"))


def _noun_after(text: str, toks: Sequence[Token], end: int) -> Token | None:
    """The word a figure ending at ``end`` counts: the next word past a multiplier ("אלף";
    a unit of time is counted: "שבע שנים", round 36), none at a mark, a figure or a
    function word."""
    for t in toks:
        if t.start < end or (has_form(t, frozenset(SCALE_WORDS)) and t.number is None):
            continue
        if any(c in ".,;:" for c in text[end : t.start]) or t.number is not None or is_stopword(t):
            return None
        return t
    return None


def _counts_asked(
    idx: SourceIndex, u: Token | None, noun: frozenset[str], question: set[str]
) -> bool:
    """Whether a source figure counting ``u`` may be what the question asks: alone,
    counting a word of the question or a generic counter, or a unit measuring the
    question's noun ("3 ק״ג עגבניות" for "כמה עגבניות"). A unit that measures something
    else ("14 טונות ביום" for "כמה עובדים") counts another thing (round 36)."""
    if u is None or frame_forms(u) & (noun | question) or has_form(u, _COUNTERS):
        return True
    if not has_form(u, UNITS):
        return False
    sent = idx.flat_sent[idx.flat_at(u.start)]
    lo, hi = idx.sent_flat[sent]
    measured = _noun_after(idx.source, idx.flat[lo:hi], u.end)
    return measured is not None and bool(frame_forms(measured) & noun)


def _counts_of(idx: SourceIndex, sent: int) -> list[tuple[NumberMention, Token | None]]:
    """The figures of sentence ``sent`` (no year, no date) with the word each counts (once
    per source sentence: every כמה question of a source reads them)."""
    got = idx.derived.get(("figures with nouns", sent))
    if got is None:
        lo, hi = idx.sent_flat[sent]
        toks = idx.flat[lo:hi]
        got = idx.derived[("figures with nouns", sent)] = [
            (n, _noun_after(idx.source, toks, n.end))
            for n in sentence_numbers(idx, sent)
            if not n.is_date and not is_year(n.value)
        ]
    return got  # type: ignore[return-value]
