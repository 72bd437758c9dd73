"""Local binding: a claim's elements must be found together, bound to the same partners.

A wrong answer made of the source's own words puts a true piece (a number, a name, a
date, a phrase) in a frame where the source has another one. The claim is aligned, word
by word and in order, with the sentence of its support that it follows most closely
(its *frame*; ``reading.alignment``). Where the two differ between aligned words (a *slot*), the claim holds a
word or number the frame does not, and the frame holds one the claim does not:
* a number in the claim's slot where the frame has another number: the number is bound
  to other partners ("35 עמדות" where the sentence says "60 עמדות, לעומת 35 בחדר הישן");
* a word in the claim's slot that the frame lacks but another sentence of the source
  holds, where the frame has a word the claim lacks: a piece moved from elsewhere ("ראש
  העירייה, עמוס גולדמן" where the sentence names דני שפירא and גולדמן heads another body).

Whatever the slots, a year is read as the date of one event: a claim year the frame
lacks where the frame dates its event with another (``moved_year``), or a year the
source gives to the next, coordinated predicate (``predicate_year``: "נבנה ב-1987 ושופץ
ב-2011" -> "נבנה ב-2011").

Each conflict is a ``bound_elsewhere`` ``Issue`` spanning where the source states the moved
piece (else the frame's own value); a word nowhere else in the source is a synonym, no conflict.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

import numpy as np

from workbench.grounding.params import (
    FRAME_SHARE,
    FRAME_TOP,
    MAX_SLOT,
    MIN_ANCHORS,
    MOVED_MAX_DF,
    NEAR_ANCHORS,
    NEAR_SHARE,
    PARTNER_REACH,
    SLOT_EDGE,
)
from workbench.grounding.prepare import Claim
from workbench.grounding.quantifiers.scope import (
    added_universal,
    dropped_part,
    dropped_restricting_phrase,
    dropped_restriction,
    limited_universal,
    restricted_elsewhere,
)
from workbench.grounding.reading.alignment import FrameIndex, align_hits, frame_hits, frame_index
from workbench.grounding.reading.index import SourceIndex, frame_forms
from workbench.grounding.reading.pieces import (
    Word,
    excerpt,
    has_form,
    same_word,
    slots,
    words_of,
    year_word,
)
from workbench.grounding.results import Issue, IssueKind
from workbench.grounding.roles.clauses import (
    and_subject_clauses,
    crossed_slot,
    cut_off_slot,
    joined_clauses,
    mixed_in_frames,
    moved_phrase,
    split_clauses,
)
from workbench.grounding.roles.family_names import bearer_swap
from workbench.grounding.roles.fronted_object import fronted_object_subject
from workbench.grounding.roles.reference import continues_by_reference
from workbench.grounding.roles.swapped_clauses import swapped_clauses
from workbench.grounding.roles.verb_agreement import disagreeing_verb
from workbench.grounding.values.derived import span_units
from workbench.hebrew import QUANTITY_WORDS, is_light, places

Pairs = list[tuple[int, int]]
def _elsewhere(w: Word, idx: SourceIndex, frame_sent: int) -> int | None:
    """A sentence other than the frame's that holds word ``w``, if any."""
    if w.number is not None:
        for i, vals in enumerate(idx.sent_values):
            if i != frame_sent and w.number in vals:
                return i
        return None
    # The first such sentence in source order (not in the order of a set of forms, which
    # changes with Python's hash seed and would make the message differ between runs).
    return min(
        (
            idx.flat_sent[p]
            for f in w.forms
            for p in idx.form_pos.get(f, ())
            if idx.flat_sent[p] != frame_sent
        ),
        default=None,
    )


def _df(w: Word, idx: SourceIndex) -> int:
    """In how many sentences of the source word ``w`` occurs."""
    sents = {idx.flat_sent[p] for f in w.forms for p in idx.form_pos.get(f, ())}
    return len(sents)


def _conflict(idx: SourceIndex, claim: Claim, x: Word, y: Word, where: int | None) -> Issue:
    said = claim.text[x.tok.start : x.tok.end]
    theirs = idx.source[y.tok.start : y.tok.end]
    if where is None:
        msg = f"{said}: where the claim has it, the source says {theirs}"
        return Issue(IssueKind.BOUND_ELSEWHERE, msg, (y.tok.start, y.tok.end))
    s, e = idx.sentences[where]
    msg = (
        f"{said} appears in the source, but elsewhere: «{excerpt(idx, where)}» "
        f"(source [{s}:{e}]); here the source says {theirs}"
    )
    return Issue(IssueKind.BOUND_ELSEWHERE, msg, (s, e))


def _slot_conflict(
    claim: Claim,
    idx: SourceIndex,
    frame_sent: int,
    cw: Sequence[Word],
    fw: list[Word],
    slot: tuple[range, range],
    near: bool,
    figures_only: bool = False,
) -> Issue | None:
    """A conflict in one slot: see the module docstring (only a figure's: ``figures_only``)."""
    c_side = [cw[i] for i in slot[0]]
    f_side = [fw[j] for j in slot[1]]
    if near and not figures_only:
        return _near_copy_conflict(claim, idx, frame_sent, cw, c_side, f_side)
    f_nums = [y for y in f_side if y.number is not None and not any(same_word(y, c) for c in cw)]
    for x in c_side:
        if x.number is not None and f_nums and not any(same_word(x, y) for y in fw):
            where = _elsewhere(x, idx, frame_sent)
            if continues_by_reference(idx, claim, c_side, frame_sent, where):
                return None  # the next sentence's own statement about the frame's subject
            return _conflict(idx, claim, x, f_nums[0], where)
        if f_nums and not figures_only and x.number is None and has_form(x.tok, QUANTITY_WORDS):
            where = _elsewhere(x, idx, frame_sent)  # "half" where the source gives a figure
            if where is not None:
                return _conflict(idx, claim, x, f_nums[0], where)
    if figures_only or len(c_side) > MAX_SLOT or len(f_side) > MAX_SLOT:
        return None
    f_words = [
        y
        for y in f_side
        if y.number is None and not is_light(y.tok) and not any(same_word(y, c) for c in cw)
    ]
    moved = [
        x
        for x in c_side
        if x.number is None and not is_light(x.tok) and not any(same_word(x, y) for y in fw)
    ]
    if not f_words or not moved:
        return None
    got = _moved_piece(claim, moved, idx, frame_sent)
    if got is None:
        return None
    x, where, single = got
    if single:
        f_words = [y for y in f_words if _name_like(y, idx.source)]
        if not f_words:
            return None
    return _conflict(idx, claim, x, f_words[0], where)


def _anywhere(w: Word, idx: SourceIndex) -> int | None:
    """A sentence of the source that holds ``w``, if any."""
    if w.number is not None:
        return next((i for i, v in enumerate(idx.sent_values) if w.number in v), None)
    first = min((pos[0] for f in w.forms if (pos := idx.form_pos.get(f))), default=None)
    return None if first is None else idx.flat_sent[first]


def _near_copy_conflict(
    claim: Claim,
    idx: SourceIndex,
    frame_sent: int,
    cw: Sequence[Word],
    c_side: list[Word],
    f_side: list[Word],
) -> Issue | None:
    """In a near copy of the frame, a slot where the claim has a piece the source states
    somewhere (even elsewhere in the frame) and the frame has something the claim lacks."""
    theirs = [y for y in f_side if not any(same_word(y, c) for c in cw)]
    if not theirs:
        return None
    for x in c_side:
        if any(same_word(x, y) for y in f_side) or is_light(x.tok):
            continue
        if x.number is not None:
            where = _elsewhere(x, idx, frame_sent)  # a figure moved within its sentence
        elif _df(x, idx) <= MOVED_MAX_DF:  # is reordered, a rare word stands for one piece
            where = _anywhere(x, idx)
        else:
            continue
        if where is not None:
            return _conflict(idx, claim, x, theirs[0], where)
    return None


def _name_like(w: Word, text: str) -> bool:
    """A word that names rather than describes: Latin script, an abbreviation or title
    with gershayim (מנכ"ל, ד"ר), a place of ``hebrew.PLACES``."""
    t = w.tok
    if t.key.isascii() and t.key.isalpha():
        return True
    if any(c in text[t.start + 1 : t.end - 1] for c in '"\u05f4\u201d'):
        return True
    return bool(places([t]))


def _moved_piece(
    claim: Claim, moved: list[Word], idx: SourceIndex, frame_sent: int
) -> tuple[Word, int, bool] | None:
    """A piece of the claim's slot found in another sentence: two words in a row there
    (a name, a phrase), or one name-like word (then the third value is True)."""
    for a, b in zip(moved, moved[1:], strict=False):
        if b.tok.start - a.tok.end > 3 or _df(a, idx) > MOVED_MAX_DF:
            continue
        # positions in source order, whatever the (hash-seeded) order of the set of forms
        for p in sorted(q for f in a.forms for q in idx.form_pos.get(f, ())):
            s = idx.flat_sent[p]
            if s != frame_sent and any(
                q < len(idx.flat) and idx.flat_sent[q] == s and b.forms & frame_forms(idx.flat[q])
                for q in (p + 1, p + 2)
            ):
                return a, s, False
    for x in moved:
        if _name_like(x, claim.text):
            where = _elsewhere(x, idx, frame_sent)
            if where is not None:
                return x, where, True
    return None


def _rare_in(w: Word, idx: SourceIndex, sent: int) -> bool:
    """Whether ``w`` stands in sentence ``sent`` and in at most ``MOVED_MAX_DF`` sentences
    (not a word of the text's topic, which every sentence may hold)."""
    where = {idx.flat_sent[p] for f in w.forms for p in idx.form_pos.get(f, ())}
    return sent in where and len(where) <= MOVED_MAX_DF


def moved_year(claim: Claim, idx: SourceIndex, fw: list[Word], pairs: Pairs) -> Issue | None:
    """A year of the claim that its frame lacks, where the frame dates what the claim
    follows with another year the claim lacks: one event has one date, and the claim's
    year is another sentence's ("חפר בחאן ב-2012" where the sentence says "ערך חפירות
    ב-1986" and 2012 dates the restored khan). A claim that takes a rare word of the
    year's own sentence as well joins the two sentences, and is left alone."""
    cw = claim.words
    theirs = [y for y in fw if year_word(y) and not any(same_word(y, x) for x in cw)]
    if not theirs:
        return None
    frame_sent = idx.flat_sent[idx.flat_at(fw[0].tok.start)]
    for x in cw:
        if not year_word(x) or any(same_word(x, y) for y in fw):
            continue
        where = _elsewhere(x, idx, frame_sent)
        if where is None:
            continue
        own = [
            w
            for w in cw
            if w.number is None and not is_light(w.tok) and not any(same_word(w, y) for y in fw)
        ]
        if not any(_rare_in(w, idx, where) for w in own):
            return _conflict(idx, claim, x, theirs[0], where)
    return None


def predicate_year(claim: Claim, idx: SourceIndex, fw: list[Word], pairs: Pairs) -> Issue | None:
    """A claim year whose predicate (the claim's words right before it) the sentence
    holding that year dates with another year, right after the predicate, before the
    claim's year: the claim's year dates the next predicate ("נבנה ב-1987 ושופץ לאחרונה
    ב-2011" -> "נבנה ב-2011")."""
    cw = claim.words
    for i, x in enumerate(cw):
        if not year_word(x):
            continue
        pred = [w for w in cw[max(0, i - PARTNER_REACH) : i] if w.number is None]
        if not pred:
            continue
        for s, vals in enumerate(idx.sent_values):
            if x.number not in vals:
                continue
            words = _sentence_words(idx, s)[0]
            at = min((k for k, y in enumerate(words) if same_word(x, y)), default=-1)
            for k in range(at):
                if not any(same_word(words[k], w) for w in pred):
                    continue
                rival = [y for y in words[k + 1 : min(at, k + 3)] if year_word(y)]
                if rival and not any(same_word(rival[0], c) for c in cw):
                    return _conflict(idx, claim, x, rival[0], None)
    return None


def _frames(idx: SourceIndex, chosen: Sequence[int], m: np.ndarray, w: np.ndarray) -> list[int]:
    """Sentences the claim may follow: those of its chosen spans and the sentences that
    match most of its words (numbers aside)."""
    ids = set(idx.sentences_of(chosen))
    if m.shape[1]:
        score = w @ (m > 0)
        ids.update(int(i) for i in np.argsort(-score, kind="stable")[:FRAME_TOP])
    return sorted(ids)


def _sentence_words(idx: SourceIndex, i: int) -> tuple[list[Word], FrameIndex]:
    """``words_of`` sentence ``i`` of the source and their ``frame_index`` (computed once
    per source sentence)."""
    got = idx.derived.get(("words", i))
    if got is None:
        lo, hi = idx.sent_flat[i]
        fw = words_of(idx.flat[lo:hi], idx.source)
        # kept for every sentence a claim is framed in: tuples (one position: half a list)
        by_form, by_value = frame_index(fw)
        at = ({f: tuple(v) for f, v in by_form.items()}, {v: tuple(p) for v, p in by_value.items()})
        got = idx.derived[("words", i)] = (fw, at)
    return got  # type: ignore[return-value]


def frame_sentence(
    idx: SourceIndex, frames: Sequence[int], cw: Sequence[Word]
) -> tuple[int, list[Word], list[tuple[int, int]]]:
    """Of ``frames``, the sentence the claim follows most closely (most words aligned in
    order; of two as close, the one with more of the claim's figures), its words, pairs."""
    best: tuple[int, list[Word], list[tuple[int, int]]] = (-1, [], [])
    best_figs = 0
    for i in frames:
        fw, at = _sentence_words(idx, i)
        hits = frame_hits(cw, at)
        figs = sum(1 for x, h in zip(cw, hits, strict=True) if h and x.number is not None)
        # an alignment pairs each matched claim word once: fewer matched words than the
        # best alignment so far (or as many, and no more figures) cannot beat it
        if (sum(1 for h in hits if h), figs) <= (len(best[2]), best_figs):
            continue
        pairs = align_hits(hits, len(fw))
        if (len(pairs), figs) > (len(best[2]), best_figs):
            best, best_figs = (i, fw, pairs), figs
    return best


def _first(
    rules: Iterable[FrameRule], claim: Claim, idx: SourceIndex, fw: list[Word], pairs: Pairs
) -> Issue | None:
    """The first issue ``rules`` find in the claim's frame, if any."""
    return next(filter(None, (rule(claim, idx, fw, pairs) for rule in rules)), None)


def _claim_words(claim: Claim, derived: frozenset[int]) -> Sequence[Word]:
    """The claim's words, its derived figures (at ``derived``, with units of years) left out."""
    if not derived:
        return claim.words
    out = derived | span_units(claim, derived)
    return words_of([t for t in claim.tokens if claim.asserts(t) and t.start not in out], claim.text)


def binding_checks(
    claim: Claim,
    idx: SourceIndex,
    chosen: Sequence[int],
    m: np.ndarray,
    w: np.ndarray,
    derived: frozenset[int] = frozenset(),
    figures_only: bool = False,
    compared: bool = False,
) -> list[Issue]:
    """Pieces of the claim bound, in the source, to other partners than in the claim
    (the tokens starting at ``derived`` are figures derived from the source's, which no
    frame states: left out; ``figures_only``: only a figure in another figure's slot;
    ``compared``: the claim states a gap between two values, so its pieces may come from
    two clauses, and the clause rules, ``CLAUSE_RULES``, are not read: round 32)."""
    cw = _claim_words(claim, derived)
    if not cw or not idx.sent_flat:
        return []
    word_rows = np.array([t.number is None for t in claim.terms], dtype=bool)
    frames = _frames(idx, chosen, m[word_rows], w[word_rows])
    sent, fw, pairs = frame_sentence(idx, frames, cw)
    got = _first(EARLY_RULES.values() if pairs and not figures_only else (), claim, idx, fw, pairs)
    got = got or _in_frame(claim, idx, sent, cw, fw, pairs, figures_only, compared)
    if got is None and not figures_only:
        loose = [(i, _sentence_words(idx, i)[0]) for i in frames]
        last = [r for name, r in LAST_RULES.items() if not (compared and name in CLAUSE_RULES)]
        got = next(filter(None, (r(claim, idx, loose, sent) for r in last)), None)
    return [] if got is None else [got]


def _in_frame(
    claim: Claim,
    idx: SourceIndex,
    sent: int,
    cw: Sequence[Word],
    fw: list[Word],
    pairs: Pairs,
    figures_only: bool = False,
    compared: bool = False,
) -> Issue | None:
    """The first issue of a claim that follows its frame ``sent``: the frame rules (not
    the clause rules of a ``compared`` claim), its slots, the late rules (only the slots'
    figures with ``figures_only``)."""
    if len(pairs) < MIN_ANCHORS or len(pairs) < FRAME_SHARE * len(cw):
        return None
    near = len(pairs) >= NEAR_ANCHORS and len(pairs) >= NEAR_SHARE * len(cw)
    rules = [r for name, r in FRAME_RULES.items() if not (compared and name in CLAUSE_RULES)]
    if got := _first(() if figures_only else rules, claim, idx, fw, pairs):
        return got
    for slot in slots(pairs, len(cw), len(fw), SLOT_EDGE):
        if any(skip(claim, cw, fw, pairs, slot[0]) for skip in SLOT_SKIPS.values()):
            continue
        got = _slot_conflict(claim, idx, sent, cw, fw, slot, near, figures_only)
        if got is not None:
            return got
    return _first(() if figures_only else LATE_RULES.values(), claim, idx, fw, pairs)


SlotSkip = Callable[[Claim, Sequence[Word], list[Word], list[tuple[int, int]], range], bool]
# Claim slots not read as a piece put in the frame's place (switched off by --ablate).
SLOT_SKIPS: dict[str, SlotSkip] = {"cut-off end slot": cut_off_slot}

FrameRule = Callable[[Claim, SourceIndex, list[Word], list[tuple[int, int]]], Issue | None]
# EARLY_RULES read any share of the claim its frame aligns (a claim joining another sentence
# or saying "all" in its own words may align under half); then, for a claim following its
# frame, checks before its slots and, when no slot finds a piece, after them (--ablate).
EARLY_RULES: dict[str, FrameRule] = {
    "restricted elsewhere": restricted_elsewhere,
    "limited universal": limited_universal,
    "another bearer of the family name": bearer_swap,  # round 35: its words in any order
}
FRAME_RULES: dict[str, FrameRule] = {
    "dropped restriction": dropped_restriction,
    "dropped restricting phrase": dropped_restricting_phrase,
    "dropped part": dropped_part,
    "joined clauses": joined_clauses,
    "crossed slot": crossed_slot,
    "pieces of two clauses": split_clauses,
    "moved phrase": moved_phrase,
    "subject after , וה": and_subject_clauses,
    "swapped clauses": swapped_clauses,  # round 40
}
# An added universal is read last: a piece bound elsewhere (a figure of a part) says more.
LATE_RULES: dict[str, FrameRule] = {
    "added universal": added_universal,
    "moved year": moved_year,
    "predicate year": predicate_year,
}
LooseRule = Callable[[Claim, SourceIndex, list[tuple[int, list[Word]]], int], Issue | None]
# Read last, when nothing above finds an issue, in the frame holding most words (--ablate).
LAST_RULES: dict[str, LooseRule] = {"words of two clauses": mixed_in_frames}
LAST_RULES |= {"verb agreement": disagreeing_verb, "fronted object": fronted_object_subject}
# The rules that read a claim's pieces as taken from two clauses of one sentence: a claim
# comparing two values ("עיקור של נקבה עולה 170 שקל יותר מעיקור של זכר" for "420 שקל,
# ואילו של זכר 250") joins two clauses by what it says, so they are not read for it.
CLAUSE_RULES = frozenset(
    {"joined clauses", "crossed slot", "pieces of two clauses", "subject after , וה", "swapped clauses"}
    | {"words of two clauses"}
)
