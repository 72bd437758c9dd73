"""Two people of one family name in one sentence (round 35).

"מ-1990 עד 2014 עמדה בראש השבט מרים צ׳רקסקי, ואחריה בנה, עידו צ׳רקסקי, שהיה קודם חניך
בשבט": "עידו צ׳רקסקי ניהל את השבט מ-1990 ועד 2014" gives the son the mother's years, every
word of it in the sentence. The frame aligns a family name with its first bearer, so the
claim's given name sits in a slot where the frame has another given name that the sentence
also holds, and no slot rule reads it. Here each bearer is a given name right before the
shared family name; a claim naming one bearer whose other aligned words all stand nearer
to another bearer of the name than to its own gives that person another's facts.
"""

from __future__ import annotations

from collections.abc import Sequence

from workbench.grounding.prepare import Claim
from workbench.grounding.reading.index import SourceIndex
from workbench.grounding.reading.pieces import Word, clip, has_prefix, is_content
from workbench.grounding.reading.sentence_clauses import marked
from workbench.grounding.results import Issue, IssueKind
from workbench.grounding.roles.people import role_head
from workbench.hebrew import is_light, is_stopword

Pairs = list[tuple[int, int]]


def bearer_swap(claim: Claim, idx: SourceIndex, fw: list[Word], pairs: Pairs) -> Issue | None:
    """``bound_elsewhere`` when the claim's person, one of two bearers of a family name
    in the frame, is given what the frame says near another bearer (see the module). The
    claim's words are placed where the frame states them once, in any order (the in-order
    alignment, ``pairs``, may skip a fronted date)."""
    cw = claim.words
    for i in range(1, len(cw)):
        given, family = cw[i - 1], cw[i]
        if not (_name_word(given) and _name_word(family)):
            continue
        if marked(claim.text, given.tok, family.tok):
            continue
        bearers = _bearers(idx, fw, family)
        mine = [k for k in bearers if fw[k - 1].tok.key == given.tok.key]
        others = [k for k in bearers if fw[k - 1].tok.key != given.tok.key]
        if not mine or not others:
            continue
        names = {k for k in bearers} | {k - 1 for k in bearers}
        content = []
        for a, x in enumerate(cw):
            if a in (i - 1, i) or not (x.number is not None or _content(x)):
                continue
            at = [j for j, y in enumerate(fw) if j not in names and _written(x, y)]
            if len(at) == 1:  # a word the frame states once, whatever the claim's order
                content.append(idx.flat_at(fw[at[0]].tok.start))
        if not content:
            continue
        near = _nearest(idx, fw, content, mine, others)
        if near is not None:
            return _issue(claim, idx, fw, given, family, near)
    return None


def _written(x: Word, y: Word) -> bool:
    """The same word as written (a figure by value), prefixes aside: no root skeleton
    ("שנה" is no "בנה")."""
    if x.number is not None or y.number is not None:
        return x.number == y.number
    return bool(_forms(x) & _forms(y))


def _forms(w: Word) -> frozenset[str]:
    """A word as written and without its prefixes, three letters or more ("בנה" is no
    ב + "נה")."""
    return frozenset(f for f in (w.tok.key, *w.tok.stems) if len(f) >= 3)


def _name_word(w: Word) -> bool:
    """A word that may be part of a person's name: no figure, no function word, not
    definite ("המעבדה") and no role head ("ראש")."""
    t = w.tok
    return (
        w.number is None
        and not is_stopword(t)
        and not has_prefix(t, "ה")
        and role_head(t) is None
        and len(t.key) >= 2
    )


def _content(w: Word) -> bool:
    return is_content(w.tok) and not is_light(w.tok)


def _bearers(idx: SourceIndex, fw: list[Word], family: Word) -> list[int]:
    """Frame positions of ``family`` right after a given name of its own (no mark
    between), when the frame has two or more such bearers with different given names."""
    out = [
        k
        for k in range(1, len(fw))
        if fw[k].tok.key == family.tok.key  # a name is written alike: no prefix, no stem
        and _name_word(fw[k - 1])
        and not marked(idx.source, fw[k - 1].tok, fw[k].tok)
    ]
    names = {fw[k - 1].tok.key for k in out}
    return out if len(names) >= 2 else []


def _nearest(
    idx: SourceIndex, fw: list[Word], content: Sequence[int], mine: list[int], others: list[int]
) -> int | None:
    """Another bearer that every content position stands nearer to than to any of the
    claim's bearer's mentions, and that is the next bearer after it, if one: both
    readings must agree (in "הקימו האחים שמעון ודוד פנחסי, ומ-2015 מנהל אותה בנו, רון
    פנחסי" the 2015 is nearer David, but Ron's name closes its clause)."""
    own = [idx.flat_at(fw[m].tok.start) for m in mine]
    every = sorted([*own, *(idx.flat_at(fw[k].tok.start) for k in others)])
    for k in others:
        theirs = idx.flat_at(fw[k].tok.start)
        nearer = all(abs(p - theirs) < min(abs(p - o) for o in own) for p in content)
        # and the next bearer after each word is this one: a name closes its clause
        # ("מ-1990 עד 2014 עמדה בראש השבט מרים צ׳רקסקי, ואחריה...")
        closes = all(next((b for b in every if b > p), None) == theirs for p in content)
        if nearer and closes:
            return k
    return None


def _issue(
    claim: Claim, idx: SourceIndex, fw: list[Word], given: Word, family: Word, k: int
) -> Issue:
    said = claim.text[given.tok.start : family.tok.end]
    s, e = fw[k - 1].tok.start, fw[k].tok.end
    theirs = idx.source[s:e]
    msg = (
        f"{said}: what the claim says of this person the source says of {theirs} "
        f"(source [{s}:{e}], «{clip(idx.source[max(0, s - 60) : e])}»)"
    )
    return Issue(IssueKind.BOUND_ELSEWHERE, msg, (s, e))
