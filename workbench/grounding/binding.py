"""Local binding: a claim's elements must be found together, bound to the same partners.

A wrong answer made of the source's own words puts a true piece (a number, a name, a
date, a phrase) in a frame where the source has another one. The claim is aligned, word
by word and in order, with the sentence of its support that it follows most closely
(its *frame*). Where the two differ between aligned words (a *slot*), the claim holds a
word or number the frame does not, and the frame holds one the claim does not:

* a number in the claim's slot where the frame has another number: the number is bound
  to other partners ("35 עמדות" where the sentence says "60 עמדות, לעומת 35 בחדר הישן");
* a word in the claim's slot that the frame lacks but another sentence of the source
  holds, where the frame has a word the claim lacks: a piece moved from elsewhere ("ראש
  העירייה, עמוס גולדמן" where the sentence names דני שפירא and גולדמן heads another body).

Each conflict is an ``Issue`` of kind ``bound_elsewhere`` whose span is where the source
states the moved piece (or, for a number found nowhere else, the frame's own value).
A word that is nowhere else in the source is a reworded word (a synonym), not a conflict.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from workbench.grounding.index import SourceIndex, frame_forms
from workbench.grounding.params import MIN_ANCHORS
from workbench.grounding.prepare import Claim
from workbench.grounding.results import Issue, IssueKind
from workbench.hebrew import (
    AMOUNT_QUESTIONS,
    ENTITY_QUESTIONS,
    LIGHT_WORDS,
    QUANTITY_WORDS,
    RESTRICTORS,
    STOPWORDS,
    NumberMention,
    Token,
    extract_numbers,
    is_light,
    is_stopword,
    month_values,
    places,
)


@dataclass(frozen=True)
class _Word:
    """A content word or number of the claim or of a source sentence, with its forms."""

    tok: Token
    forms: frozenset[str]
    number: str | None


def _content(t: Token) -> bool:
    return t.number is not None or not (is_stopword(t) or t.key == "%")


def _word(t: Token, value: str | None = None) -> _Word:
    return _Word(t, frame_forms(t), value if value is not None else t.number)


def words_of(tokens: Sequence[Token], text: str) -> list[_Word]:
    """The content words and numbers of ``tokens``; a number written in several words
    (שלושת אלפים, 2.5 מיליון) is one word carrying its value."""
    value_at: dict[int, str] = {}
    inside: set[int] = set()
    for m in extract_numbers(text, list(tokens)):
        value_at[m.start] = m.value
        inside.update(t.start for t in tokens if m.start < t.start < m.end)
    out = []
    for t in tokens:
        if t.start in inside or not _content(t):
            continue
        out.append(_word(t, value_at.get(t.start)))
    return out


def _same(a: _Word, b: _Word) -> bool:
    if a.number is not None or b.number is not None:
        return a.number is not None and a.number == b.number
    return bool(a.forms & b.forms)


def align(claim: Sequence[_Word], frame: Sequence[_Word]) -> list[tuple[int, int]]:
    """The longest in-order alignment of the claim's words with the frame's (LCS), as
    (claim index, frame index) pairs."""
    n, k = len(claim), len(frame)
    by_form: dict[str, list[int]] = {}
    by_value: dict[str, list[int]] = {}
    for j, y in enumerate(frame):
        if y.number is not None:
            by_value.setdefault(y.number, []).append(j)
        else:
            for f in y.forms:
                by_form.setdefault(f, []).append(j)
    hits: list[set[int]] = []
    for x in claim:
        if x.number is not None:
            hits.append(set(by_value.get(x.number, ())))
        else:
            hits.append({j for f in x.forms for j in by_form.get(f, ())})
    if not any(hits):
        return []
    dp = [[0] * (k + 1) for _ in range(n + 1)]
    for i in range(n - 1, -1, -1):
        row, nxt, hit = dp[i], dp[i + 1], hits[i]
        for j in range(k - 1, -1, -1):
            row[j] = nxt[j + 1] + 1 if j in hit else max(nxt[j], row[j + 1])
    pairs = []
    i = j = 0
    while i < n and j < k:
        if j in hits[i] and dp[i][j] == dp[i + 1][j + 1] + 1:
            pairs.append((i, j))
            i += 1
            j += 1
        elif dp[i + 1][j] >= dp[i][j + 1]:
            i += 1
        else:
            j += 1
    return pairs


def _slots(pairs: list[tuple[int, int]], n: int, k: int, edge: int) -> list[tuple[range, range]]:
    """The gaps between aligned words, claim side and frame side; at the two ends, at most
    ``edge`` words on each side next to the first / last aligned word."""
    out = []
    first_c, first_f = pairs[0]
    out.append((range(max(0, first_c - edge), first_c), range(max(0, first_f - edge), first_f)))
    for (a, b), (c, d) in zip(pairs, pairs[1:], strict=False):
        out.append((range(a + 1, c), range(b + 1, d)))
    last_c, last_f = pairs[-1]
    out.append(
        (range(last_c + 1, min(n, last_c + 1 + edge)), range(last_f + 1, min(k, last_f + 1 + edge)))
    )
    return [(c, f) for c, f in out if len(c) and len(f)]


def _elsewhere(w: _Word, idx: SourceIndex, frame_sent: int) -> int | None:
    """A sentence other than the frame's that holds word ``w``, if any."""
    if w.number is not None:
        for i, vals in enumerate(idx.sent_values):
            if i != frame_sent and w.number in vals:
                return i
        return None
    for f in w.forms:
        for p in idx.form_pos.get(f, ()):
            if idx.flat_sent[p] != frame_sent:
                return idx.flat_sent[p]
    return None


def _df(w: _Word, idx: SourceIndex) -> int:
    """In how many sentences of the source word ``w`` occurs."""
    sents = {idx.flat_sent[p] for f in w.forms for p in idx.form_pos.get(f, ())}
    return len(sents)


def _excerpt(idx: SourceIndex, sent: int, limit: int = 70) -> str:
    s, e = idx.sentences[sent]
    text = " ".join(idx.source[s:e].split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _conflict(idx: SourceIndex, claim: Claim, x: _Word, y: _Word, where: int | None) -> Issue:
    said = claim.text[x.tok.start : x.tok.end]
    theirs = idx.source[y.tok.start : y.tok.end]
    if where is None:
        msg = f"{said}: where the claim has it, the source says {theirs}"
        return Issue(IssueKind.BOUND_ELSEWHERE, msg, (y.tok.start, y.tok.end))
    s, e = idx.sentences[where]
    msg = (
        f"{said} appears in the source, but elsewhere: «{_excerpt(idx, where)}» "
        f"(source [{s}:{e}]); here the source says {theirs}"
    )
    return Issue(IssueKind.BOUND_ELSEWHERE, msg, (s, e))


def _slot_conflict(
    claim: Claim,
    idx: SourceIndex,
    frame_sent: int,
    cw: list[_Word],
    fw: list[_Word],
    slot: tuple[range, range],
    near: bool,
) -> Issue | None:
    """A conflict in one slot: see the module docstring."""
    c_side = [cw[i] for i in slot[0]]
    f_side = [fw[j] for j in slot[1]]
    if near:
        return _near_copy_conflict(claim, idx, frame_sent, cw, c_side, f_side)
    f_nums = [y for y in f_side if y.number is not None and not any(_same(y, c) for c in cw)]
    for x in c_side:
        if x.number is not None and f_nums and not any(_same(x, y) for y in fw):
            return _conflict(idx, claim, x, f_nums[0], _elsewhere(x, idx, frame_sent))
        if f_nums and x.number is None and _has(x.tok, QUANTITY_WORDS):
            where = _elsewhere(x, idx, frame_sent)  # "half" where the source gives a figure
            if where is not None:
                return _conflict(idx, claim, x, f_nums[0], where)
    if len(c_side) > MAX_SLOT or len(f_side) > MAX_SLOT:
        return None
    f_words = [
        y
        for y in f_side
        if y.number is None and not is_light(y.tok) and not any(_same(y, c) for c in cw)
    ]
    moved = [
        x
        for x in c_side
        if x.number is None and not is_light(x.tok) and not any(_same(x, y) for y in fw)
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


def dropped_restriction(
    claim: Claim, idx: SourceIndex, fw: list[_Word], pairs: list[tuple[int, int]]
) -> Issue | None:
    """A restriction of the frame (חלק מ, רק, רובם, 40 מתוך 130) inside the part the
    claim follows, which the claim drops: the claim says of all what the source says of
    some."""
    if any(_has(t, RESTRICTORS) for t in claim.tokens if claim.asserts(t)):
        return None
    aligned = {fw[j].tok.start for _, j in pairs}
    a, b = fw[pairs[0][1]].tok.start, fw[pairs[-1][1]].tok.end
    lo = bisect.bisect_left(idx.flat_starts, a)
    hi = bisect.bisect_left(idx.flat_starts, b)
    for p in range(max(0, lo - 1), hi):
        t = idx.flat[p]
        nxt = [u for u in idx.flat[p + 1 : p + 3] if _content(u)][:1]
        if _has(t, RESTRICTORS) and nxt and nxt[0].start in aligned:
            s, e = t.start, t.end
            msg = (
                f"the source restricts this («{_clip(idx.source[max(0, s - 20) : e + 30])}», "
                f"source [{s}:{e}]); the claim drops {idx.source[s:e]}"
            )
            return Issue(IssueKind.GENERALISED, msg, (s, e))
    return None


def _anywhere(w: _Word, idx: SourceIndex) -> int | None:
    """A sentence of the source that holds ``w``, if any."""
    if w.number is not None:
        return next((i for i, v in enumerate(idx.sent_values) if w.number in v), None)
    for f in w.forms:
        pos = idx.form_pos.get(f)
        if pos:
            return idx.flat_sent[pos[0]]
    return None


def _near_copy_conflict(
    claim: Claim,
    idx: SourceIndex,
    frame_sent: int,
    cw: list[_Word],
    c_side: list[_Word],
    f_side: list[_Word],
) -> Issue | None:
    """In a near copy of the frame, a slot where the claim has a piece the source states
    somewhere (even elsewhere in the frame) and the frame has something the claim lacks."""
    theirs = [y for y in f_side if not any(_same(y, c) for c in cw)]
    if not theirs:
        return None
    for x in c_side:
        if any(_same(x, y) for y in f_side) or is_light(x.tok):
            continue
        if x.number is not None:
            where = _elsewhere(x, idx, frame_sent)  # a figure moved within its sentence
        elif _df(x, idx) <= MAX_DF:  # is reordered, a rare word stands for one piece
            where = _anywhere(x, idx)
        else:
            continue
        if where is not None:
            return _conflict(idx, claim, x, theirs[0], where)
    return None


def _name_like(w: _Word, text: str) -> bool:
    """A word that names rather than describes: Latin script, an abbreviation or title
    with gershayim (מנכ"ל, ד"ר), a place of ``hebrew.PLACES``."""
    t = w.tok
    if t.key.isascii() and t.key.isalpha():
        return True
    if any(c in text[t.start + 1 : t.end - 1] for c in '"\u05f4\u201d'):
        return True
    return bool(places([t]))


def _moved_piece(
    claim: Claim, moved: list[_Word], idx: SourceIndex, frame_sent: int
) -> tuple[_Word, int, bool] | None:
    """A piece of the claim's slot found in another sentence: two words in a row there
    (a name, a phrase), or one name-like word (then the third value is True)."""
    for a, b in zip(moved, moved[1:], strict=False):
        if b.tok.start - a.tok.end > 3 or _df(a, idx) > MAX_DF:
            continue
        for f in a.forms:
            for p in idx.form_pos.get(f, ()):
                s = idx.flat_sent[p]
                if s != frame_sent and any(
                    q < len(idx.flat)
                    and idx.flat_sent[q] == s
                    and b.forms & frame_forms(idx.flat[q])
                    for q in (p + 1, p + 2)
                ):
                    return a, s, False
    for x in moved:
        if _name_like(x, claim.text):
            where = _elsewhere(x, idx, frame_sent)
            if where is not None:
                return x, where, True
    return None


def _frames(idx: SourceIndex, chosen: Sequence[int], m: np.ndarray, w: np.ndarray) -> list[int]:
    """Sentences the claim may follow: those of its chosen spans and the sentences that
    match most of its words (numbers aside)."""
    ids = set(idx.sentences_of(chosen))
    if m.shape[1]:
        score = w @ (m > 0)
        ids.update(int(i) for i in np.argsort(-score, kind="stable")[:FRAME_TOP])
    return sorted(ids)


def _sentence_words(idx: SourceIndex, i: int) -> list[_Word]:
    """``words_of`` sentence ``i`` of the source (computed once per source sentence)."""
    got = idx.derived.get(("words", i))
    if got is None:
        lo, hi = idx.sent_flat[i]
        got = idx.derived[("words", i)] = words_of(idx.flat[lo:hi], idx.source)
    return got  # type: ignore[return-value]


def frame_sentence(
    idx: SourceIndex, frames: Sequence[int], cw: list[_Word]
) -> tuple[int, list[_Word], list[tuple[int, int]]]:
    """Of ``frames``, the sentence the claim follows most closely (most words aligned in
    order), its words and the alignment."""
    best: tuple[int, list[_Word], list[tuple[int, int]]] = (-1, [], [])
    for i in frames:
        fw = _sentence_words(idx, i)
        pairs = align(cw, fw)
        if len(pairs) > len(best[2]):
            best = (i, fw, pairs)
    return best


def binding_checks(
    claim: Claim, idx: SourceIndex, chosen: Sequence[int], m: np.ndarray, w: np.ndarray
) -> list[Issue]:
    """Pieces of the claim bound, in the source, to other partners than in the claim."""
    cw = words_of([t for t in claim.tokens if claim.asserts(t)], claim.text)
    if not cw or not idx.sent_flat:
        return []
    word_rows = np.array([t.number is None for t in claim.terms], dtype=bool)
    sent, fw, pairs = frame_sentence(idx, _frames(idx, chosen, m[word_rows], w[word_rows]), cw)
    if len(pairs) < MIN_ANCHORS or len(pairs) < FRAME_SHARE * len(cw):
        return []
    near = len(pairs) >= NEAR_ANCHORS and len(pairs) >= NEAR_SHARE * len(cw)
    for rule in FRAME_RULES.values():
        got = rule(claim, idx, fw, pairs)
        if got is not None:
            return [got]
    for slot in _slots(pairs, len(cw), len(fw), EDGE):
        got = _slot_conflict(claim, idx, sent, cw, fw, slot, near)
        if got is not None:
            return [got]
    return []


EDGE = 2
NEAR_ANCHORS = 4
NEAR_SHARE = 0.8
MAX_DF = 2
MAX_SLOT = 3
FRAME_SHARE = 0.5
FRAME_TOP = 3


def _positions(t: Token, idx: SourceIndex) -> set[int]:
    """Flat source positions of the words matching ``t`` (key, stems, lemmas, value)."""
    forms = frame_forms(t) | ({t.number} if t.number is not None else set())
    return {p for f in forms for p in idx.form_pos.get(f, ())}


def _window_cover(
    rows: list[tuple[float, set[int]]], centre: int, idx: SourceIndex, reach: int
) -> float:
    """Weighted share of ``rows`` (weight, positions) found within ``reach`` words of
    ``centre`` in its sentence."""
    sent = idx.flat_sent[centre]
    lo, hi = idx.sent_flat[sent]
    a, b = max(lo, centre - reach), min(hi, centre + reach + 1)
    total = sum(wt for wt, _ in rows) or 1.0
    return sum(wt for wt, pos in rows if any(a <= p < b for p in pos)) / total


def answer_place(claim: Claim, idx: SourceIndex, w: np.ndarray) -> tuple[float, list[Issue]]:
    """In "question? answer": the answer must stand where the question points, next to
    the words the question shares with the source, not only elsewhere.

    Around every place that holds the answer's words (``ANSWER_MIN`` of them within
    ``ANSWER_REACH`` words), the share of the question's weight found there; the best such
    place must score at least ``QUESTION_RATIO`` x the best place for the question alone.
    Otherwise the answer answers another question of the same source. Returns that
    ratio (1.0 when it does not apply) and the issue, if any.
    """
    q = claim.question_end
    if q < 0 or not idx.flat:
        return 1.0, []
    qrows = [(float(w[r]), _positions(t, idx)) for r, t in enumerate(claim.terms) if t.start < q]
    arows = [(1.0, _positions(t, idx)) for t in claim.terms if t.start > q]
    qrows = [r for r in qrows if r[1]]
    if not qrows or not arows or not any(pos for _, pos in arows):
        return 1.0, []
    reach = ANSWER_REACH
    best_q = max(_window_cover(qrows, p, idx, reach) for _, pos in qrows for p in pos)
    held = [
        p
        for _, pos in arows
        for p in pos
        if _window_cover(arows, p, idx, len(arows) + 2) >= ANSWER_MIN
    ]
    if not held or best_q <= 0:
        return 1.0, []

    def cover(p: int) -> float:
        here = _window_cover(qrows, p, idx, reach)
        before = idx.flat_sent[p] - 1  # a sentence that goes on about the one before
        if before >= 0 and idx.sent_flat[before][1] > idx.sent_flat[before][0]:
            prev = _window_cover(qrows, idx.sent_flat[before][0], idx, 10_000)
            here = max(here, ADJACENT * prev)
        return here

    at = max(held, key=cover)
    ratio = cover(at) / best_q
    if ratio >= QUESTION_RATIO:
        return min(1.0, ratio), []
    centre = max(
        (p for _, pos in qrows for p in pos), key=lambda p: _window_cover(qrows, p, idx, reach)
    )
    asked = idx.sentences[idx.flat_sent[centre]]
    found = idx.sentences[idx.flat_sent[at]]
    msg = (
        f"the answer is in the source, but not where the question points: the question "
        f"is answered at source [{asked[0]}:{asked[1]}] "
        f"(«{_clip(idx.source[asked[0] : asked[1]])}»); the answer's words are at "
        f"source [{found[0]}:{found[1]}]"
    )
    return ratio, [Issue(IssueKind.ANSWER_ELSEWHERE, msg, asked)]


def _clip(text: str, limit: int = 70) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


ANSWER_MIN = 0.5
ANSWER_REACH = 16
ADJACENT = 0.8
QUESTION_RATIO = 0.5


def _has(t: Token, words: frozenset[str]) -> bool:
    return t.key in words or not words.isdisjoint(t.stems)


def answer_kind_checks(claim: Claim) -> list[Issue]:
    """In "question? answer": an answer that repeats only the question's words, or whose
    kind does not fit the question word (no amount for כמה, a bare number for מי / איפה)."""
    q = claim.question_end
    if q < 0:
        return []
    asked = [t for t in claim.tokens if t.start < q]
    answer = [t for t in claim.tokens if t.start > q]
    asked_forms = {f for t in asked for f in frame_forms(t)}
    new = [
        t
        for t in answer
        if (t.number is not None or t.key not in STOPWORDS) and not (frame_forms(t) & asked_forms)
    ]
    if answer and not new:
        msg = "the answer only repeats words of the question"
        return [Issue(IssueKind.ANSWER_MISMATCH, msg)]
    numbers = extract_numbers(claim.text, answer)
    if any(_has(t, AMOUNT_QUESTIONS) for t in asked[:3]) and not (
        numbers or any(_has(t, QUANTITY_WORDS) for t in answer)
    ):
        msg = "the question asks for an amount (כמה) and the answer gives none"
        return [Issue(IssueKind.ANSWER_MISMATCH, msg)]
    words = [t for t in new if t.number is None]
    if any(_has(t, ENTITY_QUESTIONS) for t in asked[:2]) and numbers and not words:
        msg = "the question asks who or where, and the answer is a number"
        return [Issue(IssueKind.ANSWER_MISMATCH, msg)]
    return []


# --- numbers bound to their partners ------------------------------------------------------

_CLAUSE_MARKS = frozenset(',;:()"\u201c\u201d\u05f4–—')


def _kind_of(m: NumberMention) -> str:
    """A number's kind, for "another value of the same kind": a year or date, a
    percentage, or another figure."""
    if m.is_date:
        return "year"
    if m.percent:
        return "percent"
    digits = m.text.strip().lstrip("-בלמהוכש")
    if len(digits) == 4 and digits.isdigit() and 1000 <= int(digits) <= 2100:
        return "year"
    return "figure"


@dataclass(frozen=True)
class _Clause:
    """A clause of a source sentence: its words' forms and the numbers it states."""

    start: int
    end: int
    forms: frozenset[str]
    numbers: tuple[NumberMention, ...]


def _clauses(idx: SourceIndex, sent: int) -> list[_Clause]:
    """The clauses of sentence ``sent``: cut at commas, semicolons, colons, brackets and
    quotes between its words (computed once per source sentence)."""
    got = idx.derived.get(("clauses", sent))
    if got is None:
        got = idx.derived[("clauses", sent)] = _cut_clauses(idx, sent)
    return got  # type: ignore[return-value]


def _cut_clauses(idx: SourceIndex, sent: int) -> list[_Clause]:
    lo, hi = idx.sent_flat[sent]
    toks = idx.flat[lo:hi]
    if not toks:
        return []
    groups: list[list[Token]] = [[toks[0]]]
    for a, b in zip(toks, toks[1:], strict=False):
        if any(c in _CLAUSE_MARKS for c in idx.source[a.end : b.start]):
            groups.append([])
        groups[-1].append(b)
    mentions = extract_numbers(idx.source, list(toks))
    out = []
    for g in groups:
        s, e = g[0].start, g[-1].end
        forms = frozenset(f for t in g for f in frame_forms(t))
        nums = tuple(m for m in mentions if s <= m.start < e)
        out.append(_Clause(s, e, forms, nums))
    return out


def _partners(claim: Claim, mention: NumberMention, idx: SourceIndex) -> list[frozenset[str]]:
    """The claim's content words within ``PARTNER_REACH`` words of a number (the noun it
    counts, the event it dates) that the source holds somewhere."""
    toks = [t for t in claim.tokens if claim.asserts(t)]
    at = [i for i, t in enumerate(toks) if mention.start <= t.start < mention.end]
    if not at:
        return []
    lo, hi = max(0, at[0] - PARTNER_REACH), min(len(toks), at[-1] + PARTNER_REACH + 1)
    out = []
    for t in toks[lo:hi]:
        if mention.start <= t.start < mention.end or not _content(t) or t.number is not None:
            continue
        forms = frame_forms(t)
        if any(f in idx.form_pos for f in forms) and not is_light(t):
            out.append(forms)
    return out


def _counted(text: str, tokens: Sequence[Token], mention: NumberMention) -> frozenset[str]:
    """The forms of the word a number counts or measures: the first content word after it
    (a unit or a noun: "60 עמדות", "38 קילומטרים"), or nothing."""
    for t in tokens:
        if t.start >= mention.end and t.number is None and not is_stopword(t) and len(t.key) > 2:
            near = t.start - mention.end <= 3 and not month_values([t])
            return frame_forms(t) if near else frozenset()
    return frozenset()


def _followed_by(idx: SourceIndex, m: NumberMention, noun: frozenset[str]) -> bool:
    """Whether one of the two words after source number ``m`` has a form of ``noun``."""
    at = bisect.bisect_left(idx.flat_starts, m.end)
    return any(noun & frame_forms(t) for t in idx.flat[at : at + 2])


def _noun_conflict(
    idx: SourceIndex,
    mention: NumberMention,
    noun: frozenset[str],
    partners: list[frozenset[str]],
    others: frozenset[str],
) -> tuple[NumberMention, _Clause] | None:
    """A figure counting the claim's noun in the source, when the claim's own figure never
    counts it there ("38 דקות" where the source has "26 דקות" and "38 קילומטרים")."""
    kind = _kind_of(mention)
    noun_sents = sorted({idx.flat_sent[p] for f in noun for p in idx.form_pos.get(f, ())})
    found: tuple[int, NumberMention, _Clause] | None = None
    for sent in noun_sents:
        shared = sum(1 for fs in partners if any(fs & c.forms for c in _clauses(idx, sent)))
        shared += len(others & idx.sent_values[sent])
        for cl in _clauses(idx, sent):
            for m in cl.numbers:
                if _same_value(mention, m):
                    if noun & cl.forms or _followed_by(idx, m, noun):
                        return None
                elif _kind_of(m) == kind and _followed_by(idx, m, noun):
                    if found is None or shared > found[0]:
                        found = (shared, m, cl)
    return None if found is None else (found[1], found[2])


def _same_value(a: NumberMention, b: NumberMention) -> bool:
    return a.value == b.value or a.value in b.forms or b.value in a.forms


def _clause_conflict(
    idx: SourceIndex, mention: NumberMention, partners: list[frozenset[str]]
) -> tuple[NumberMention, _Clause] | None:
    """A clause holding the claim's words around a year or percentage that states another
    one, when no clause holds the claim's value with those words."""
    need = min(2, len(partners))
    kind = _kind_of(mention)
    sents = sorted(
        {idx.flat_sent[p] for fs in partners for f in fs for p in idx.form_pos.get(f, ())}
    )
    found: tuple[int, NumberMention, _Clause] | None = None
    for sent in sents:
        for cl in _clauses(idx, sent):
            n = sum(1 for fs in partners if fs & cl.forms)
            if n < need:
                continue
            if any(_same_value(mention, m) for m in cl.numbers):
                return None
            others = [m for m in cl.numbers if _kind_of(m) == kind]
            if others and (found is None or n > found[0]):
                found = (n, others[0], cl)
    return None if found is None else (found[1], found[2])


def number_binding_checks(claim: Claim, idx: SourceIndex) -> list[Issue]:
    """Each number of the claim must be bound in the source as in the claim: a figure to
    the noun it counts (or the unit it measures), a year or percentage to the words around
    it, in one clause. A value of the same kind bound there instead is a conflict."""
    asserted = [t for t in claim.tokens if claim.asserts(t)]
    words = [frame_forms(t) for t in asserted if _content(t) and t.number is None]
    values = frozenset(m.value for m in claim.numbers)
    for mention in claim.numbers:
        if mention.start <= claim.question_end or _glued(claim.text, mention):
            continue
        noun = _counted(claim.text, asserted, mention)
        partners = _partners(claim, mention, idx)
        if _bound_somewhere(idx, mention, [*partners, noun]):
            continue
        if _kind_of(mention) == "figure":
            got = (
                _noun_conflict(idx, mention, noun, words, values - {mention.value})
                if noun and not _is_light_forms(noun)
                else None
            )
        else:
            got = _clause_conflict(idx, mention, partners) if partners else None
        if got is not None:
            return [_number_conflict(claim, idx, mention, got[0], got[1])]
    return []


def _bound_somewhere(
    idx: SourceIndex, mention: NumberMention, partners: list[frozenset[str]]
) -> bool:
    """Whether a clause of the source states the claim's value with one of its partners."""
    sents = {i for v in (mention.value, *mention.forms) for i in idx.exact.get(v, ())}
    for sent in sorted(sents):
        for cl in _clauses(idx, sent):
            if any(_same_value(mention, m) for m in cl.numbers) and any(
                fs & cl.forms for fs in partners if fs
            ):
                return True
    return False


def _glued(text: str, m: NumberMention) -> bool:
    """A number that is part of a name (M4A1, F-35): a letter right before or after it."""
    before = text[m.start - 1] if m.start > 0 else " "
    after = text[m.end] if m.end < len(text) else " "
    return (before.isascii() and before.isalpha()) or (after.isascii() and after.isalpha())


def _is_light_forms(forms: frozenset[str]) -> bool:
    return not forms.isdisjoint(LIGHT_WORDS)


def _number_conflict(
    claim: Claim, idx: SourceIndex, mention: NumberMention, other: NumberMention, cl: _Clause
) -> Issue:
    said = claim.text[mention.start : mention.end]
    where = next((i for i, v in enumerate(idx.sent_values) if mention.value in v), None)
    if where is None:
        msg = f"{said}: the source states {other.text} here («{_clip(idx.source[cl.start : cl.end])}»)"
        return Issue(IssueKind.BOUND_ELSEWHERE, msg, (other.start, other.end))
    s, e = idx.sentences[where]
    msg = (
        f"{said} appears in the source, but for something else: «{_excerpt(idx, where)}» "
        f"(source [{s}:{e}]); for this, the source says {other.text}"
    )
    return Issue(IssueKind.BOUND_ELSEWHERE, msg, (s, e))


PARTNER_REACH = 2


FrameRule = Callable[[Claim, SourceIndex, list[_Word], list[tuple[int, int]]], Issue | None]
# Checks of a claim against its frame sentence before its slots (switched off one by one
# by ``tools/tune_grounding.py --ablate``).
FRAME_RULES: dict[str, FrameRule] = {"dropped restriction": dropped_restriction}
