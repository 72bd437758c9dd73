"""A question that excludes a thing ("מעבר לדמי החבר", "מלבד מה שמשלמת קופת החולים",
"בנוסף לשכר", "חוץ מהמענק") asks for an amount beyond it, so the figure the source gives
for that thing is no answer: "כמה היו אמורים הגולשים לשלם מעבר לדמי החבר? 2,800" for
"דמי החבר במועדון הם 2,800 שקל לעונה, והגולשים באליפות היו אמורים לשלם עוד 450 שקל"
(round 38).

The excluded thing is the content words after the marker, up to a comma or the question's
end (at most ``_REACH``); the answer's first checked figure is flagged when every clause
of the source that states it (``value_clauses``) holds a word of the excluded thing and
no exclusion marker in its sentence ("מעבר לדמי החבר שילמו 450 שקל" states the rest).
"""

from __future__ import annotations

from workbench.grounding.prepare import Claim
from workbench.grounding.reading.index import SourceIndex, frame_forms
from workbench.grounding.reading.pieces import clip
from workbench.grounding.results import Issue, IssueKind
from workbench.grounding.values.value_clauses import value_clauses
from workbench.hebrew import Token, extract_numbers, is_stopword, normalize

# A marker and the prefix its complement takes ("מעבר ל-", "מלבד", "חוץ מ-"): the words
# "beyond / besides / apart from"; "עוד" is no marker (it adds to the thing it follows).
_MARKERS = {
    normalize(w).text: p
    for w, p in (("מעבר", "ל"), ("בנוסף", "ל"), ("מלבד", ""), ("חוץ", "מ"), ("פרט", "ל"))
}
_REACH = 3  # content words of the excluded thing
# Prepositions that open the question's next phrase, ending the excluded thing
_PHRASE_ENDS = frozenset(normalize(w).text for w in "על עם אל את בשביל עבור כדי".split())


def excluded_value(claim: Claim, idx: SourceIndex) -> list[Issue]:
    """``bound_elsewhere`` for an answer giving the figure of what the question excludes."""
    q = claim.question_end
    if q < 0:
        return []
    asked = [t for t in claim.tokens if t.start < q]
    thing = _excluded(claim.text, asked)
    said = [m for m in extract_numbers(claim.text, [t for t in claim.tokens if t.start > q])]
    said = [m for m in said if m.checked]
    if not thing or not said:
        return []
    value = said[0].value
    found = [
        cl
        for s in range(len(idx.sentences))
        if value in idx.sent_values[s]
        for cl in value_clauses(idx, s)
        if any(value in v.keys for v in cl.values)
    ]
    if not found or not all(cl.forms & thing and not _marked(idx, cl.start) for cl in found):
        return []
    cl = found[0]
    msg = (
        f"{said[0].text.strip()} is what the source gives for «{clip(idx.source[cl.start : cl.end])}», "
        f"which the question leaves out: it asks for what comes beyond it"
    )
    return [Issue(IssueKind.BOUND_ELSEWHERE, msg, (cl.start, cl.end))]


def _excluded(text: str, asked: list[Token]) -> frozenset[str]:
    """The forms of the content words the question's exclusion marker governs."""
    for i, t in enumerate(asked):
        prefix = _MARKERS.get(t.key)
        if prefix is None or i + 1 >= len(asked):
            continue
        nxt = asked[i + 1]
        if prefix and not (nxt.key.startswith(prefix) or nxt.key in ("מה", "מי")):
            continue
        out: set[str] = set()
        n = 0
        for u in asked[i + 1 :]:
            if any(c in ",;" for c in text[asked[i].end : u.start]) or n >= _REACH:
                break
            if u.key in _PHRASE_ENDS:
                break  # "מעבר למנוי השנתי על מאמן אישי": the thing ends at "על"
            if is_stopword(u) or u.number is not None:
                continue
            out |= frame_forms(u)
            n += 1
        return frozenset(out)
    return frozenset()


def _marked(idx: SourceIndex, start: int) -> bool:
    """Whether the sentence of the clause at ``start`` holds an exclusion marker itself:
    it states what comes beyond ("מעבר למנוי השנתי, משלמים 150 שקל")."""
    lo, hi = idx.sent_flat[idx.flat_sent[idx.flat_at(start)]]
    return any(t.key in _MARKERS for t in idx.flat[lo:hi])
