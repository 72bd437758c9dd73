"""Who did it: an act the claim gives to a person of the who-is-who table (``people``)
must not be the act the source states in a clause naming another agent (``agent_checks``,
the binding rule "who did it"). Split from ``people`` in round 34, when that module passed
the 500-line cap; the table, the role check and their readers stay there."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from workbench.grounding.params import NAME_MAX, STATEMENT_MIN, STATEMENT_RATIO
from workbench.grounding.prepare import Claim
from workbench.grounding.reading.index import SourceIndex, frame_forms
from workbench.grounding.reading.sentence_clauses import (
    EVERY,
    OBJECT_MARKERS,
    is_relative,
    marked,
    sentence_clauses,
)
from workbench.grounding.results import Issue, IssueKind
from workbench.grounding.roles.people import (
    name_at,
    name_mentions,
    noun_head,
    role_head,
    roles_by_name,
    who_is_who,
)
from workbench.hebrew import ROLE_WORDS, Token, is_clause_opener, is_stopword


def _sentence_mentions(idx: SourceIndex, name: tuple[str, ...]) -> list[int]:
    """The sentences of the source that mention ``name`` (once per source and name)."""
    table: dict[tuple[str, ...], list[int]]
    table = idx.derived.setdefault(("name sentences", 0), {})  # type: ignore[assignment]
    got = table.get(name)
    if got is None:
        got = [
            i for i, (lo, hi) in enumerate(idx.sent_flat) if name_mentions(idx.flat[lo:hi], name)
        ]
        table[name] = got
    return got


def _agent(t: Token) -> str | None:
    """The role head word ``t`` is as a doer: bare or with the article (האדריכלית), not
    after a preposition (לרופא, מהמנהל: an object, not the agent)."""
    h = role_head(t)
    if h is None or t.key in ROLE_WORDS or (t.key[:1] == "ה" and t.key[1:] in ROLE_WORDS):
        return h
    return None


def _act_segment(
    idx: SourceIndex, sent: int, act: list[frozenset[str]]
) -> tuple[list[Token], list[Token]]:
    """The clause of sentence ``sent`` holding most of the act's words (a relative
    clause is one of its own: ``EVERY``), and the tokens where its agent may stand: the
    clause, and the one before it when it is a relative clause ("האדריכל X, שתכנן גם
    את...")."""
    segs = [list(cl.toks) for cl in sentence_clauses(idx, sent, EVERY)]
    counts = [sum(1 for a in act if any(a & frame_forms(t) for t in s)) for s in segs]
    k = int(np.argmax(counts))
    seg = segs[k]
    first = seg[0]
    relative = is_relative(first)
    before = segs[k - 1] if relative and k else []
    opens = first.key in OBJECT_MARKERS or is_clause_opener(first)  # its doer comes later
    if not (before or opens) and 0 < k <= _APPOSED and not _has_doer(idx, seg):
        # "ד"ר מיכל שרון, מנהלת המחלקה, הודיעה על...": a sentence opening with its
        # subject and an apposition, each a short segment naming a person or a role, then
        # the act with no doer of its own: the act is that subject's (round 30)
        if all(len(s) <= _APPOSED_WORDS and _has_doer(idx, s) for s in segs[:k]):
            before = [t for s in segs[:k] for t in s]
    return seg, [*before, *seg]


_APPOSED, _APPOSED_WORDS = 2, 5  # a subject and its apposition: segments, words each


def _has_doer(idx: SourceIndex, toks: Sequence[Token]) -> bool:
    """Whether tokens ``toks`` name a person of the table or hold a role head as a doer."""
    return any(_agent(t) for t in toks) or any(name_mentions(toks, q.name) for q in who_is_who(idx))


def _names_another(toks: Sequence[Token], claim: Sequence[Token], text: str) -> bool:
    """Whether a clause opened by its object ("את האגודה ייסד הכוורן פריץ אוברמאייר,")
    closes with its subject named "ה-NOUN NAME", a person the claim does not name: a
    fronted object puts the subject after the verb, so the act is that person's."""
    if not toks or toks[0].key not in OBJECT_MARKERS:
        return False
    forms = {f for t in claim for f in (t.key, *t.stems)}
    for i, t in enumerate(toks[:-1]):
        if noun_head(t) is None or t.key[:1] != "ה" or marked(text, t, toks[i + 1]):
            continue
        if is_stopword(toks[i - 1]):
            continue  # "לבתו של הצייר יואב רז": a function word's noun is no subject
        other = name_at(toks, i + 1, text)
        end = i + 1 + len(other)  # the name closes its clause: "ה-NOUN NAME," / "."
        closed = end == len(toks) or marked(text, toks[end - 1], toks[end])
        if len(other) >= 2 and other[-1] not in forms and closed:
            return True
    return False


def _named_after(idx: SourceIndex, seg: Sequence[Token], name: tuple[str, ...]) -> bool:
    """Whether the words right after clause ``seg``, past its comma, name ``name``: the
    apposition of the clause's last noun ("זיהתה האחות הראשית של המרפאה, רבקה כהן,")."""
    p = idx.flat_at(seg[-1].start) + 1
    hi = idx.sent_flat[idx.flat_sent[p - 1]][1]
    return bool(name_mentions(idx.flat[p : min(hi, p + NAME_MAX + 1)], name))


def agent_checks(claim: Claim, idx: SourceIndex, m: np.ndarray, w: np.ndarray) -> list[Issue]:
    """An act the claim gives to a person of the table ("X תכנן את הבניין") that the
    source states in a clause naming another agent (another person of the table, or a
    role head word: "את הבניין תכננה האדריכלית Y"), and not with that person."""
    people = who_is_who(idx)
    if not people or not m.shape[1]:
        return []
    toks = [t for t in claim.tokens if claim.asserts(t)]
    p = next((q for q in people if name_mentions(toks, q.name)), None)  # the first named
    if p is None:
        return []
    name_forms = {k for q in people for k in q.name}
    # in "question? answer" the act is the question's: the answer's other words describe
    # the person it names ("עדי גורדוביץ', בתו של בעל הרפת"), not what they did
    q = claim.question_end
    rows = [
        claim.asserts(t)
        and not ({t.key, *t.stems} & name_forms)
        and role_head(t) is None
        and (q < 0 or t.start < q)
        for t in claim.terms
    ]
    keep = np.array(rows, dtype=bool)
    if not keep.any():
        return []
    score = w[keep] @ m[keep]
    best = int(np.argmax(score))
    if score[best] < STATEMENT_MIN * float(w[keep].sum()):
        return []
    own = _sentence_mentions(idx, p.name)
    if best not in own and own and float(score[own].max()) >= STATEMENT_RATIO * score[best]:
        return []
    act = [frame_forms(t) for t, r in zip(claim.terms, rows, strict=True) if r]
    seg, around = _act_segment(idx, best, act)
    if name_mentions(around, p.name):
        return []
    mine = roles_by_name(idx)[p.name]
    others = [t for t in around if (h := _agent(t)) and not any(r[0] == h for r in mine)]
    lead = around[: len(around) - len(seg)]  # the doer's segments before the act's clause
    named = any(name_mentions(lead, q.name) for q in people if q.name != p.name)
    if not others and not named:
        if _named_after(idx, seg, p.name) or not _names_another(seg, toks, idx.source):
            return []
    s, e = around[0].start, seg[-1].end
    msg = (
        f"the source gives this to another: «{idx.source[s:e]}» (source [{s}:{e}]), "
        f"not to {' '.join(p.name)}"
    )
    return [Issue(IssueKind.AGENT_MISMATCH, msg, (s, e))]
