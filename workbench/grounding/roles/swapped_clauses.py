"""Two clauses of one sentence with their subjects swapped (round 40).

"עמותת נהגים בטוחים מבקשת לבדוק את כל 160 המצלמות, ואילו המשטרה טוענת שהתקלה נמצאה רק
בשתיים" -> "המשטרה מבקשת לבדוק את כל 160 המצלמות, ואילו עמותת נהגים בטוחים טוענת...": every
word of the claim is in its frame sentence, in the frame's order but for the two subjects,
so the clause rules, which read a claim that follows one clause, pass it. Read where the
claim and its frame sentence both have two clauses or more cut at openers (ואילו, אבל,
בעוד...): each claim clause has a home, the frame clause holding most of the words it
shares with only one frame clause (two at least); a claim clause holding a word found only
in another claim clause's home, while that clause holds a word found only in this one's
home, swaps a piece between them. A claim that names an elided subject again ("העירייה
אישרה את התוכנית, אבל העירייה לא הקצתה...") crosses one way only, and is left alone.
"""

from __future__ import annotations

from collections import Counter

from workbench.grounding.prepare import Claim
from workbench.grounding.reading.index import SourceIndex, frame_forms
from workbench.grounding.reading.pieces import Word, clip, is_content
from workbench.grounding.reading.sentence_clauses import Cut, sentence_clauses, token_clauses
from workbench.grounding.results import Issue, IssueKind
from workbench.hebrew import Token, is_light

Pairs = list[tuple[int, int]]
MIN_HOME = 2  # words a claim clause shares with its home clause alone


def _homes(
    parts: list[list[Token]], only: list[frozenset[str]]
) -> list[tuple[int | None, list[tuple[Token, int]]]]:
    """Each claim clause's home frame clause and its words found in one frame clause only
    (with that clause's number)."""
    out: list[tuple[int | None, list[tuple[Token, int]]]] = []
    for part in parts:
        hits = []
        for t in part:
            if t.number is not None or not is_content(t) or is_light(t):
                continue
            ks = [k for k, fs in enumerate(only) if frame_forms(t) & fs]
            if len(ks) == 1:
                hits.append((t, ks[0]))
        count = Counter(k for _, k in hits).most_common(1)
        home = count[0][0] if count and count[0][1] >= MIN_HOME else None
        out.append((home, hits))
    return out


def swapped_clauses(claim: Claim, idx: SourceIndex, fw: list[Word], pairs: Pairs) -> Issue | None:
    """``bound_elsewhere`` for a claim swapping pieces between two clauses of its frame."""
    if not fw:
        return None
    sent = idx.flat_sent[idx.flat_at(fw[0].tok.start)]
    clauses = sentence_clauses(idx, sent, Cut.OPENER)
    toks = [t for t in claim.tokens if claim.asserts(t)]
    parts = token_clauses(claim.text, toks, Cut.OPENER)
    if len(clauses) < 2 or len(parts) < 2:
        return None
    forms = [frozenset(f for t in cl.toks for f in frame_forms(t)) for cl in clauses]
    only = [
        fs - frozenset().union(*(o for j, o in enumerate(forms) if j != k))
        for k, fs in enumerate(forms)
    ]
    homes = _homes(parts, only)
    for a, (home_a, hits_a) in enumerate(homes):
        for b, (home_b, hits_b) in enumerate(homes):
            if a == b or home_a is None or home_b is None or home_a == home_b:
                continue
            moved = next((t for t, k in hits_a if k == home_b), None)
            back = any(k == home_a for _, k in hits_b)
            if moved is not None and back:
                cl = clauses[home_b]
                said = claim.text[moved.start : moved.end]
                msg = (
                    f"{said}: the source says it in another clause, «{clip(idx.source[cl.start : cl.end])}» "
                    f"(source [{cl.start}:{cl.end}]); the claim swaps pieces of the two clauses"
                )
                return Issue(IssueKind.BOUND_ELSEWHERE, msg, (cl.start, cl.end))
    return None
