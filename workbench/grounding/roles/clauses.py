"""Clause binding: a claim's subject and predicate must come from one clause.

A sentence with two clauses, each with its own subject ("X בירך על הפתיחה, ואילו Y
התלונן", "את רוב הכסף תרם X, אבל Y..."), holds the words of a wrong claim that joins the
subject of one to the predicate of the other ("Y בירך"). The clause opener
(``hebrew.CLAUSE_OPENERS``: ואילו, אבל, אך, בעוד, לעומת...) marks where a new subject
begins. Read against the claim's frame sentence (``binding``), two ways:

* ``joined_clauses``: two words adjacent in the claim stand in the frame on both sides of
  an opener, with words of both clauses skipped between them (the first clause's
  predicate and the second's subject): "האבנים יוצגו" for "האבנים יועברו..., ואילו
  הקנקנים יוצגו";
* ``split_clauses``: the same without the adjacency: two claim words next to each other
  among its aligned words stand in two clauses of the frame, each with words of its own
  the claim drops (its subject, its verb, its object), whatever stands between them;
* ``mixed_clauses``: the same in whatever order the claim puts its words (a claim that
  reorders a fronted-object clause, "צוות מד"א ניהל את החילוץ" for "את החילוץ ניהל X,
  ואת הטיפול נתן צוות מד"א"): some of its words are found only in one clause, some only
  in the next, and each clause has words of its own the claim never uses;
* ``crossed_slot``: where the claim and the frame differ (a slot), the claim's word is
  one the frame states across an opener, in the other clause, while the frame's own
  words stand in the slot: "Y ... בירך" for "X בירך..., ואילו Y ... התלונן", or a figure
  the frame gives to another item after לעומת; or the subject of a ", וה<noun>" clause
  after the slot ("הנפגעים קיבלו 2,000 שקל" for "הנהגים קיבלו 2,000 שקל, והנפגעים
  קיבלו...");
* ``and_subject_clauses``: two claim words next to each other among its aligned words
  stand on the two sides of a ", וה<noun>" clause whose subject the claim drops, the
  first clause keeping words of its own ("משרד התקשורת ערער" for "משרד התקשורת קנס את
  החברה, והחברה ערערה"). After a comma, ו with a definite noun opens a clause with that
  noun as its subject (ו with a verb goes on with the same subject, and is not read).

Each is an ``Issue`` of kind ``bound_elsewhere`` whose span is where the source states
the piece the claim moved (the other clause's subject, or the moved word).
"""

from __future__ import annotations

from collections.abc import Sequence

from workbench.grounding.params import FRAME_SHARE, MIN_ANCHORS, MOVED_RUN, RUN_GAP, SLOT_EDGE
from workbench.grounding.prepare import Claim
from workbench.grounding.reading.index import SourceIndex, frame_forms
from workbench.grounding.reading.pieces import Word, clip, has_form, has_prefix, same_word, slots
from workbench.grounding.reading.sentence_clauses import (
    Cut,
    clause_at,
    cut_between,
    is_relative,
    marked,
)
from workbench.grounding.results import Issue, IssueKind
from workbench.grounding.values.partitive_count import same_part
from workbench.hebrew import STOPWORDS, Token, glues_to_function_word, is_clause_opener, is_light

Pairs = list[tuple[int, int]]


def _pos(idx: SourceIndex, w: Word) -> int:
    """The flat position of a frame word."""
    return idx.flat_at(w.tok.start)


def _opener(idx: SourceIndex, lo: int, hi: int) -> int | None:
    """The flat position of a clause opener strictly between flat positions lo and hi."""
    return cut_between(idx, lo, hi, Cut.OPENER)  # marks would cut a subject's apposition


def _claim_opens(claim: Claim) -> bool:
    """Whether the claim has a clause opener itself (it keeps both clauses apart)."""
    return any(is_clause_opener(t) for t in claim.tokens if claim.asserts(t))


def _own(ws: list[Word], cw: Sequence[Word]) -> list[Word]:
    """Words of ``ws`` that are neither light nor in the claim."""
    return [y for y in ws if not is_light(y.tok) and not any(same_word(y, c) for c in cw)]


def _issue(idx: SourceIndex, claim: Claim, x: Word, there: tuple[int, int], msg: str) -> Issue:
    said = claim.text[x.tok.start : x.tok.end]
    s, e = there
    text = clip(idx.source[s:e])
    return Issue(IssueKind.BOUND_ELSEWHERE, f"{said}: {msg} «{text}» (source [{s}:{e}])", there)


def joined_clauses(claim: Claim, idx: SourceIndex, fw: list[Word], pairs: Pairs) -> Issue | None:
    """Two words adjacent in the claim, on both sides of a clause opener in the frame,
    with words of both clauses skipped between them."""
    if _claim_opens(claim):
        return None
    cw = claim.words
    for (a, b), (c, d) in zip(pairs, pairs[1:], strict=False):
        if c != a + 1 or d <= b + 1:
            continue
        r = _opener(idx, _pos(idx, fw[b]), _pos(idx, fw[d]))
        if r is None:
            continue
        cut = idx.flat[r].start
        skipped = [y for y in fw[b + 1 : d] if not is_light(y.tok)]
        before = [y for y in skipped if y.tok.start < cut]
        after = [y for y in skipped if y.tok.start > cut]
        # the claim skips both clauses' words there, and uses none of them elsewhere
        if before and after and len(_own(skipped, cw)) == len(skipped):
            there = (after[0].tok.start, after[-1].tok.end)
            return _issue(idx, claim, cw[c], there, "the source says it of another subject:")
    return None


def _clause_of(idx: SourceIndex, fw: list[Word], j: int) -> list[int]:
    """The frame indices of the clause holding frame word ``j``: the frame's words with
    no clause opener between them and it (openers themselves aside)."""
    p = _pos(idx, fw[j])
    out = []
    for k, y in enumerate(fw):
        q = _pos(idx, y)
        if is_clause_opener(y.tok):
            continue
        if k == j or _opener(idx, min(p, q), max(p, q)) is None:
            out.append(k)
    return out


def _within(
    cw: Sequence[Word], fw: list[Word], pairs: Pairs, side: list[int], other: list[int]
) -> bool:
    """Whether every claim word aligned in clause ``side`` has its word in clause ``other``
    too: the alignment, which takes the first of two equal words, may have put it there
    ("ראש המועצה" of both clauses)."""
    mine = [cw[a] for a, j in pairs if j in side]
    return all(any(same_word(x, fw[k]) for k in other) for x in mine)


def _subordinator(t: Token) -> bool:
    """A word with a glued ש that opens a clause: ש before a function word ("שלא",
    "שהוא") that takes it ("שמן" is oil, "שלמה" a name: ``glues_to_function_word``) or
    before the article ("שהמעבר"). A glued כש ("כשסיים") is not read: a כ
    of "as" or "about" before a word opening with ש ("כשגריר", "כשחקן", "כשנה") is
    written the same way (round 20's reading of it was removed after a review)."""
    rest = t.key[1:]
    function_word = rest in STOPWORDS and glues_to_function_word(rest, "ש")
    return is_relative(t) and (function_word or rest[:1] == "ה")


def _claim_cut(claim: Claim, x: Word, y: Word) -> bool:
    """Whether the claim puts a clause boundary between its words ``x`` and ``y``: a
    comma, or a subordinate clause it opens ("המשטרה מסרה שלא היו נפגעים"), ``y`` itself
    opening it ("...רק אחרי שהפסולת תפונה": the boundary stands before ``y``)."""
    if marked(claim.text, x.tok, y.tok):
        return True
    return any(_subordinator(t) for t in claim.tokens if x.tok.end <= t.start <= y.tok.start)


def split_clauses(claim: Claim, idx: SourceIndex, fw: list[Word], pairs: Pairs) -> Issue | None:
    """Two claim words, next to each other among its aligned words and in one clause of
    the claim (no comma between), stand in two clauses of the frame across an opener,
    and each of the two clauses has words of its own the claim skips and never uses: the
    claim joins a piece of one clause to a piece of the other, whatever words stand
    between them ("משרד התרבות יממן את הטיסות, אבל את המלונות נצטרך לממן בעצמנו" ->
    "משרד התרבות יממן את המלונות"; "הרחבת התעלה תעלה 3.2 מיליון ותיקח שנה, ואילו ניקוי
    הפסולת יסתיים בסוף השבוע" -> "הרחבת התעלה תסתיים בסוף השבוע")."""
    if _claim_opens(claim):
        return None
    cw = claim.words
    aligned = {j for _, j in pairs}
    for (a, b), (c, d) in zip(pairs, pairs[1:], strict=False):
        if d <= b or _opener(idx, _pos(idx, fw[b]), _pos(idx, fw[d])) is None:
            continue
        if _claim_cut(claim, cw[a], cw[c]):
            continue  # the claim keeps two clauses of its own there
        lc, rc = _clause_of(idx, fw, b), _clause_of(idx, fw, d)
        if _within(cw, fw, pairs, lc, rc) or _within(cw, fw, pairs, rc, lc):
            continue  # the claim's words of one clause are all in the other one too
        left = [fw[k] for k in lc if k not in aligned]
        right = [fw[k] for k in rc if k not in aligned]
        if _own(left, cw) and _own(right, cw):
            there = (fw[d].tok.start, fw[d].tok.end)
            return _issue(idx, claim, cw[c], there, "the source says it in another clause:")
    return None


# "לעומת" (compared with) heads a noun phrase, a second case set beside the first, not
# a clause with a subject and predicate of its own: a claim reordering the comparison
# ("בהשוואה לרבעון המקביל, ההכנסות עלו") joins no two clauses.
_PHRASE_OPENERS = frozenset({"לעומת"})


def _clause_words(idx: SourceIndex, fw: list[Word], phrases: bool = False) -> list[int]:
    """For each frame word, the number of its clause (cut at each clause opener; at a
    phrase's, ``_PHRASE_OPENERS``, only with ``phrases``)."""
    out, k = [], 0
    for j, y in enumerate(fw):
        r = _opener(idx, _pos(idx, fw[j - 1]), _pos(idx, y) + 1) if j else None
        if r is not None and (phrases or not has_form(idx.flat[r], _PHRASE_OPENERS)):
            k += 1
        out.append(k)
    return out


def _claim_parts(claim: Claim) -> list[int]:
    """For each claim word, the number of its part: the claim cut at each mark and before
    each relative ש word (an apposition or a relative clause describes a noun, and may
    name it by what another clause says of it: "אהרן, אחיו של הקבלן")."""
    out, k = [], 0
    cw = claim.words
    for i, x in enumerate(cw):
        if i and (
            marked(claim.text, cw[i - 1].tok, x.tok) or _relative_between(claim, cw[i - 1], x)
        ):
            k += 1
        out.append(k)
    return out


def _relative_between(claim: Claim, a: Word, b: Word) -> bool:
    """Whether a relative ש word stands after claim word ``a`` up to ``b`` (itself
    included)."""
    return any(is_relative(t) for t in claim.tokens if a.tok.end <= t.start <= b.tok.start)


def _coordinates(claim: Claim) -> bool:
    """Whether the claim joins two clauses of its own with ", ו" (a mark, then a ו word):
    it may then state what each clause of the source says."""
    toks = claim.tokens
    return any(
        t.key.startswith("ו") and marked(claim.text, toks[k - 1], t)
        for k, t in enumerate(toks)
        if k
    )


def mixed_clauses(claim: Claim, idx: SourceIndex, fw: list[Word], pairs: Pairs) -> Issue | None:
    """In whatever order the claim puts them, its words come from two clauses of the
    frame across an opener, some found only in one and some only in the other, and each
    clause has words of its own the claim never uses: the claim joins part of one clause
    to part of the other ("צוות מד"א ניהל את החילוץ" for "את החילוץ ניהל X, ואת הטיפול
    נתן צוות מד"א"), which the in-order pieces above miss when the claim reorders the
    clause (a fronted object, a verb before or after its subject). Not when the claim
    keeps the two apart itself: its own opener or ", ו", or the words of one clause all
    in parts of the claim (an apposition, a relative clause) that hold none of the
    other's."""
    if _claim_opens(claim) or _coordinates(claim):
        return None
    cw = claim.words
    of = _clause_words(idx, fw)
    if of[-1] == 0:
        return None
    where: dict[int, list[int]] = {}  # clause -> claim indices found only there
    heavy = found_any = 0
    for i, x in enumerate(cw):
        if is_light(x.tok):
            continue
        heavy += 1
        found = {of[j] for j, y in enumerate(fw) if same_word(x, y)}
        found_any += bool(found)
        if len(found) == 1:
            where.setdefault(found.pop(), []).append(i)
    if found_any < MIN_ANCHORS or found_any < FRAME_SHARE * heavy:
        return None  # the claim does not follow this sentence, in any order
    parts = _claim_parts(claim)
    used = {j for j, y in enumerate(fw) if any(same_word(x, y) for x in cw)}
    for c in sorted(where):
        d = c + 1
        if d not in where:
            continue
        mine, theirs = where[c], where[d]
        if not {parts[i] for i in mine} & {parts[i] for i in theirs}:
            continue  # the claim keeps the two clauses' words in parts of their own
        left = [fw[j] for j in range(len(fw)) if of[j] == c and j not in used]
        right = [fw[j] for j in range(len(fw)) if of[j] == d and j not in used]
        if _own(left, cw) and _own(right, cw):
            x = cw[theirs[0]]
            y = next(fw[j] for j in range(len(fw)) if of[j] == d and same_word(x, fw[j]))
            msg = "the source says it in another clause:"
            return _issue(idx, claim, x, (y.tok.start, y.tok.end), msg)
    return None


def mixed_in_frames(
    claim: Claim, idx: SourceIndex, frames: Sequence[tuple[int, list[Word]]], sent: int
) -> Issue | None:
    """``mixed_clauses`` read in the claim's frame ``sent``, then in the sentence of
    ``frames`` (id, words) holding most of the claim's words in any order: a claim
    reordering its sentence's clauses may align in order with no more of its words than
    another sentence it shares a name with ("יואב קרמר הגיש ערעור" with the sentence
    naming him, rather than "המפעל הגיש ערעור, ואילו קרמר דורש...")."""
    cw = claim.words
    best: list[Word] | None = None
    most, at = 1, -1
    for i, fw in frames:
        if i == sent:
            got = mixed_clauses(claim, idx, fw, [])
            if got is not None:
                return got
        n = sum(1 for x in cw if any(same_word(x, y) for y in fw))
        if n > most:
            best, most, at = fw, n, i
    if best is None or at == sent:
        return None
    return mixed_clauses(claim, idx, best, [])


def crossed_slot(claim: Claim, idx: SourceIndex, fw: list[Word], pairs: Pairs) -> Issue | None:
    """A slot whose claim word the frame states only across a clause opener, or as the
    subject of a ", וה<noun>" clause after it, while the frame's own words stand in the
    slot."""
    if _claim_opens(claim):
        return None
    cw = claim.words
    of = _clause_words(idx, fw, phrases=True)
    at = dict(pairs)
    for c_side, f_side in slots(pairs, len(cw), len(fw), SLOT_EDGE):
        theirs = _own([fw[j] for j in f_side], cw)
        if not theirs:
            continue
        here = _pos(idx, fw[f_side[0]]), _pos(idx, fw[f_side[-1]])
        # the clauses of the aligned words the slot stands between, in the claim
        side = [at[i] for i in (c_side.start - 1, c_side.stop) if i in at]
        for i in c_side:
            x = cw[i]
            if is_light(x.tok) or any(same_word(x, fw[j]) for j in f_side):
                continue
            for k, y in enumerate(fw):
                if (
                    k not in f_side
                    and same_word(x, y)
                    and _across(idx, fw, of, side, here, k)
                    and not same_part(claim, idx, x.tok, y.tok)
                ):
                    msg = "the source states it in another clause of the sentence:"
                    return _issue(idx, claim, x, (y.tok.start, y.tok.end), msg)
    return None


def _across(
    idx: SourceIndex, fw: list[Word], of: list[int], side: list[int], here: tuple[int, int], k: int
) -> bool:
    """Whether frame word ``k`` stands in another clause than the slot at flat positions
    ``here``, between the aligned frame words ``side`` (``of``: each frame word's clause):
    across a clause opener, unless it is in the clause of the slot's neighbours; or as the
    subject of a ", וה<noun>" clause after the slot and its neighbours."""
    p = _pos(idx, fw[k])
    if (
        p > max([here[1]] + [_pos(idx, fw[j]) for j in side])
        and _and_subject(idx, p - 1, p + 1) == p
    ):
        return True
    if {of[j] for j in side} == {of[k]}:
        return False  # a word of the clause of its neighbours stays in its clause
    lo, hi = (p, here[0]) if p < here[0] else (here[1], p)
    return _opener(idx, lo, hi) is not None


def _run_from(idx: SourceIndex, ws: list[Word], p: int, frame_sent: int) -> int:
    """How many of ``ws`` follow one another in the source from flat position ``p`` (the
    first's), in one sentence other than the frame's; function words may stand between."""
    s = idx.flat_sent[p]
    if s == frame_sent:
        return 0
    n, q = 1, p
    for w in ws[1:]:
        nxt = [
            r
            for r in range(q + 1, min(q + 1 + RUN_GAP, len(idx.flat)))
            if idx.flat_sent[r] == s and w.forms & frame_forms(idx.flat[r])
        ]
        if not nxt:
            break
        n, q = n + 1, nxt[0]
    return n


def moved_phrase(claim: Claim, idx: SourceIndex, fw: list[Word], pairs: Pairs) -> Issue | None:
    """A slot whose claim side holds a phrase of another sentence, word after word
    (``MOVED_RUN`` words or more), where the frame has words the claim lacks: a piece
    moved in from elsewhere, however long ("מתמחה בשבב RFID בכף היד" where the sentence
    says "מתמחה בהקמה ותפעול של נקודות מכירה")."""
    cw = claim.words
    frame_sent = idx.flat_sent[_pos(idx, fw[0])]
    for c_side, f_side in slots(pairs, len(cw), len(fw), SLOT_EDGE):
        if not _own([fw[j] for j in f_side], cw):
            continue
        ws = [cw[i] for i in c_side if not any(same_word(cw[i], fw[j]) for j in f_side)]
        for k in range(len(ws) - MOVED_RUN + 1):
            for f in sorted(ws[k].forms):
                for p in idx.form_pos.get(f, ()):
                    if _run_from(idx, ws[k:], p, frame_sent) >= MOVED_RUN:
                        x, s = ws[k], idx.sentences[idx.flat_sent[p]]
                        msg = "the source states this phrase elsewhere:"
                        return _issue(idx, claim, x, s, msg)
    return None


_STATEMENT_MARKS = frozenset(";:")


def cut_off_slot(
    claim: Claim, cw: Sequence[Word], fw: list[Word], pairs: list[tuple[int, int]], c_side: range
) -> bool:
    """An end slot of the claim cut off from the words it aligns: by a colon or semicolon
    (a statement of the claim's own: "...פגעו במגוון הביולוגי: ב-1989 נותרו..."), or by a
    comma after a phrase the frame itself holds elsewhere (an adverbial put first: "ביום,
    רחוב מוצל..." for "רחוב מוצל קריר בשעות היום"). Not a word put in the frame's place."""
    first, last = pairs[0][0], pairs[-1][0]
    if c_side.stop <= first:
        gap = claim.text[cw[c_side.stop - 1].tok.end : cw[first].tok.start]
    elif c_side.start > last:
        gap = claim.text[cw[last].tok.end : cw[c_side.start].tok.start]
    else:
        return False
    if any(c in _STATEMENT_MARKS for c in gap):
        return True
    own = all(any(same_word(cw[i], y) for y in fw) for i in c_side if not is_light(cw[i].tok))
    return "," in gap and own


def _and_subject(idx: SourceIndex, lo: int, hi: int) -> int | None:
    """The flat position of a ", וה<noun>" word strictly between ``lo`` and ``hi``: after
    a comma, ו with a definite noun opens a clause with that noun as its subject
    ("משרד התקשורת קנס את החברה, והחברה ערערה על הקנס")."""
    for r in range(lo + 1, hi):
        t = idx.flat[r]
        if has_prefix(t, "וה") and marked(idx.source, idx.flat[r - 1], t):
            return r
    return None


def _start(idx: SourceIndex, p: int) -> int:
    """The flat position before the clause holding ``p`` (cut at marks and openers)."""
    return clause_at(idx, p).lo - 1


def and_subject_clauses(
    claim: Claim, idx: SourceIndex, fw: list[Word], pairs: Pairs
) -> Issue | None:
    """Two claim words, next to each other among its aligned words and in one clause of
    the claim, stand in the frame on the two sides of a ", וה<noun>" clause whose subject
    the claim drops, and the first clause has words of its own the claim never uses: the
    claim gives the second clause's predicate to the first clause's subject ("משרד
    התקשורת ערער על הקנס" for "משרד התקשורת קנס את החברה, והחברה ערערה על הקנס")."""
    if _claim_opens(claim):
        return None
    cw = claim.words
    aligned = {j for _, j in pairs}
    for (a, b), (c, d) in zip(pairs, pairs[1:], strict=False):
        if d <= b or _claim_cut(claim, cw[a], cw[c]):
            continue
        pb, pd = _pos(idx, fw[b]), _pos(idx, fw[d])
        r = _and_subject(idx, pb, pd)
        if r is None:
            continue
        subj = [y for y in fw if y.tok.start == idx.flat[r].start]
        if not subj or not _own(subj, cw):
            continue  # the claim names the second clause's subject itself
        first = _start(idx, pb)
        left = [y for k, y in enumerate(fw) if k not in aligned and first < _pos(idx, y) < r]
        if _own(left, cw):
            there = (fw[d].tok.start, fw[d].tok.end)
            return _issue(idx, claim, cw[c], there, "the source says it in another clause:")
    return None
