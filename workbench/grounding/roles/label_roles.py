"""A dialogue speaker's role given to another speaker in an apposition (round 47): "פקיד
הדלפק, מוחמד אלעטאונה, בדק את המסלול" where the labels read "טל נזרוב (פקיד הדלפק
בסניף)" and "מוחמד אלעטאונה (טכנאי מערכת האיתור)".

The who-is-who table (``people``) reads a label's role only when it opens with a role head
word of ``hebrew.ROLE_WORDS``; most labels name a trade the list lacks (פקיד, טכנאי, סוכן,
לקוחה). Here a label's role is its own words, wherever they come from: the first word in
its parentheses and the word after it ("פקיד הדלפק"; one word when that is all, "לקוח").
A claim that sets one speaker's role phrase right next to another speaker's name, as an
apposition ("ROLE, NAME" / "ROLE NAME" before the name, "NAME, ROLE" after it), while that
other speaker's own label gives a different role, gives that speaker someone else's role.
Only the apposition is read: a role phrase elsewhere in the claim may name the other
person ("פקיד הדלפק קיבל את הרכב ממוחמד").
"""

from __future__ import annotations

from collections.abc import Sequence

from workbench.grounding.prepare import Claim
from workbench.grounding.reading.index import SourceIndex
from workbench.grounding.results import Issue, IssueKind
from workbench.hebrew import Token, is_stopword, tokenize

Phrase = tuple[frozenset[str], ...]  # the forms of each word of a role phrase
_CLOSE = 2  # words after a role phrase set after a name within which a comma closes it


def label_role_swap(claim: Claim, idx: SourceIndex) -> Issue | None:
    """``role_mismatch`` for a speaker set in apposition with another speaker's role."""
    if not idx.speakers:
        return None
    roles = _label_roles(idx)
    toks = [t for t in claim.tokens if claim.asserts(t)]
    for k, name_words in enumerate(idx.speakers):
        own = roles[k]
        for i in _mentions(toks, name_words):
            for j, other in enumerate(roles):
                if j == k or not other or _same(other, own) or not _apposed(claim, toks, i, other):
                    continue
                label, theirs = idx.speaker_labels[k], idx.speaker_labels[j]
                turn = next(t for t in idx.turns if t.speaker == label)
                msg = (
                    f"the claim gives {label.partition('(')[0].strip()} the role of "
                    f"«{theirs}»; the source labels this speaker «{label}»"
                )
                return Issue(IssueKind.ROLE_MISMATCH, msg, (turn.start, turn.start + len(label)))
    return None


def _label_roles(idx: SourceIndex) -> list[Phrase]:
    """Each speaker's role phrase, in the order of ``idx.speaker_labels`` (read once per
    source, not once per claim)."""
    got = idx.derived.get(("label roles", 0))
    if got is None:
        got = idx.derived[("label roles", 0)] = [_label_role(lb) for lb in idx.speaker_labels]
    return got  # type: ignore[return-value]


def _label_role(label: str) -> Phrase:
    """The first two words of a label's parentheses (one when that is all), as forms."""
    _, paren, rest = label.partition("(")
    if not paren:
        return ()
    words = [t for t in tokenize(rest.partition(")")[0]) if not is_stopword(t)]
    return tuple(frozenset({t.key, *t.stems}) for t in words[:2])


def _same(a: Phrase, b: Phrase) -> bool:
    """Whether two role phrases are one role: the same words as far as both go."""
    return bool(b) and all(x & y for x, y in zip(a, b, strict=False))


def _mentions(toks: Sequence[Token], name_words: frozenset[str]) -> list[tuple[int, int]]:
    """The runs of claim tokens naming a speaker (by their name words): [first, last]."""
    out, i = [], 0
    while i < len(toks):
        if name_words & {toks[i].key, *toks[i].stems}:
            j = i
            while j + 1 < len(toks) and name_words & {toks[j + 1].key, *toks[j + 1].stems}:
                j += 1
            out.append((i, j))
            i = j + 1
        else:
            i += 1
    return out


def _apposed(claim: Claim, toks: Sequence[Token], at: tuple[int, int], role: Phrase) -> bool:
    """Whether ``role`` stands right before the name run ``at`` (with or without a comma)
    or right after it between commas ("X, ROLE, VERB"; "לפי X, הגננת ידעה" is no apposition:
    no comma closes it within ``_CLOSE`` words)."""
    first, last = at
    n = len(role)
    before = toks[first - n : first] if first >= n else []
    if before and _matches(before, role):
        return True
    after = toks[last + 1 : last + 1 + n]
    if len(after) < n or "," not in claim.text[toks[last].end : after[0].start]:
        return False
    tail = claim.text[after[-1].end : toks[min(len(toks) - 1, last + n + _CLOSE)].start]
    return _matches(after, role) and "," in tail


def _matches(words: Sequence[Token], role: Phrase) -> bool:
    return all(f & {t.key, *t.stems} for t, f in zip(words, role, strict=True))
