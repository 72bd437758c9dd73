"""Stage 1 of the grounding pipeline: index the source, once per source text (LRU cache).

A source is normalised, split into sentences (and speaker turns in a dialogue) and
indexed by every word's key, number value, prefix stems, lemmas and root skeletons;
each sentence also keeps what the meaning checks read (``SentenceMeaning``, computed on
first use). The candidate spans (sentences, windows of two and three, long turns) are
listed here too, since they depend on the source only.

Over 500 lines: the index and the per-source tables the later stages keep on it (match
rows, positions, candidate values) are one unit, cached together per source.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import chain

import numpy as np

from workbench.grounding.params import (
    FUZZY_CUTOFF,
    FUZZY_MIN_LEN,
    INDEX_CACHE_SIZE,
    WINDOW_PENALTY,
)
from workbench.grounding.reading.meaning import SentenceMeaning, sentence_meaning
from workbench.grounding.reading.speakers import dialogue_speakers
from workbench.grounding.reading.word_forms import WordInfo, word_info
from workbench.grounding.reading.word_forms import frame_forms as frame_forms  # re-exported
from workbench.hebrew import (
    Token,
    Turn,
    extract_numbers,
    month_values,
    normalize,
    number_values,
    segment,
    tokenize_normalized,
)
from workbench.hebrew.normalization import shared_offsets

# --- the per-source index (cached) ---------------------------------------------------


@dataclass(frozen=True, slots=True)
class Candidate:
    """A candidate span: sentences first..last (inclusive) of the source."""

    first: int
    last: int
    start: int
    end: int
    kind: str  # "sentence", "window" or "turn"


@dataclass
class SourceIndex:
    """What grounding needs from a source, computed once per source text."""

    source: str
    sentences: list[tuple[int, int]]
    turns: list[Turn]
    candidates: list[Candidate]
    cand_first: np.ndarray
    cand_last: np.ndarray
    exact: dict[str, list[int]]  # key or number value -> sentence ids
    loose: dict[str, list[int]]  # key, value or stem -> sentence ids
    soft: dict[str, list[int]]  # any form incl. suffix-stripped lemmas -> sentence ids
    vocab: list[str]  # Hebrew word forms (len >= FUZZY_MIN_LEN), for spelling variants
    sent_keys: list[str]  # space-joined match keys, for fuzzy alignment
    sent_values: list[frozenset[str]]
    sent_months: list[frozenset[str]]
    sent_has_negation: np.ndarray
    all_values: frozenset[str]
    all_months: frozenset[str]
    words: dict[str, Token]  # each distinct word's first occurrence
    root: dict[str, list[int]] = field(default_factory=dict)  # consonant skeleton -> ids
    # per-sentence SentenceMeaning, computed on first use: the checks read it only for the
    # few sentences of a claim's chosen spans, and computing it for every sentence was
    # about 40% of the indexing time of a long source
    sent_meaning: LazyMeanings | list[SentenceMeaning] = field(default_factory=list)
    speakers: list[frozenset[str]] = field(default_factory=list)  # name words per speaker
    sent_speaker: list[int] = field(default_factory=list)  # speaker index, -1 when none
    speaker_labels: list[str] = field(default_factory=list)  # each speaker's label
    # every token of the source in order, its sentence, and where each form occurs (for
    # the copied-frame substitution check)
    flat: list[Token] = field(default_factory=list)
    flat_sent: list[int] = field(default_factory=list)
    sent_flat: list[tuple[int, int]] = field(default_factory=list)  # flat [lo, hi) per sentence
    flat_starts: list[int] = field(default_factory=list)  # each flat token's start offset
    # each flat token's sentence's flat [lo, hi), as arrays (2 x tokens), for the
    # question check's windows around many centres at once
    flat_bounds: np.ndarray = field(default_factory=lambda: np.zeros((2, 0), dtype=np.int64))
    # what later stages derive from one sentence (its clauses, its words), kept per source
    derived: dict[tuple[str, int], object] = field(default_factory=dict)
    form_pos: dict[str, list[int]] = field(default_factory=dict)
    _cand_key_cache: dict[int, str] = field(default_factory=dict)
    _cand_values: dict[int, tuple[frozenset[str], frozenset[str]]] = field(default_factory=dict)
    # WINDOW_PENALTY x each candidate's extra sentences (its score's width penalty)
    cand_penalty: np.ndarray = field(default_factory=lambda: np.zeros(0))
    # a claim word's key -> the sentences it matches and how strongly, packed (``candidates``)
    term_rows: dict[str, bytes] = field(default_factory=lambda: Bounded())
    # a claim word's key -> the flat positions of the source words it matches (``question``)
    term_positions: dict[str, set[int]] = field(default_factory=lambda: Bounded())
    _vocab_near: dict[int, list[str]] = field(default_factory=dict)

    def vocab_near(self, length: int) -> list[str]:
        """The ``vocab`` words a word of ``length`` characters may match as a spelling
        variant, in ``vocab`` order (computed once per length).

        ``fuzz.ratio`` is 100 x (1 - indel distance / (l1 + l2)) and the distance is at
        least |l1 - l2|, so a word scores at most 200 x min(l1, l2) / (l1 + l2): words
        whose bound is below ``FUZZY_CUTOFF`` cannot pass it and are left out (a margin
        of 1e-6 keeps any word the float rounding could let through).
        """
        got = self._vocab_near.get(length)
        if got is None:
            lengths = {len(v) for v in self.vocab}
            ok = {n for n in lengths if 200 * min(n, length) / (n + length) >= FUZZY_CUTOFF - 1e-6}
            got = self._vocab_near[length] = [v for v in self.vocab if len(v) in ok]
        return got

    def flat_at(self, offset: int) -> int:
        """The flat position of the first source token starting at or after character
        ``offset`` (``len(flat)`` when none does): a word's own position from its start,
        or the word right after a span from the span's end. The one reader of
        ``flat_starts`` (sorted, as the tokens are)."""
        return bisect.bisect_left(self.flat_starts, offset)

    def candidate_keys(self, k: int) -> str:
        got = self._cand_key_cache.get(k)
        if got is None:
            c = self.candidates[k]
            got = " ".join(self.sent_keys[c.first : c.last + 1])
            self._cand_key_cache[k] = got
        return got

    def candidate_text(self, k: int) -> str:
        """Candidate ``k``'s text, one string per source: every result naming the span
        shares it (claim results are memoised, and copies of sentences were the largest
        part of a scoring process's memory)."""
        got = self.derived.get(("text", k))
        if got is None:
            c = self.candidates[k]
            got = self.derived[("text", k)] = self.source[c.start : c.end]
        return got  # type: ignore[return-value]

    def sentences_of(self, chosen: Sequence[int]) -> list[int]:
        """The sentence ids that candidates ``chosen`` cover, ascending."""
        cands = self.candidates
        return sorted({i for k in chosen for i in range(cands[k].first, cands[k].last + 1)})

    def candidate_values(self, k: int) -> tuple[frozenset[str], frozenset[str]]:
        """``span_values`` of candidate ``k``'s sentences (computed once per candidate)."""
        got = self._cand_values.get(k)
        if got is None:
            c = self.candidates[k]
            got = self._cand_values[k] = self.span_values(range(c.first, c.last + 1))
        return got

    def span_values(self, ids: Sequence[int]) -> tuple[frozenset[str], frozenset[str]]:
        vals: set[str] = set()
        months: set[str] = set()
        for i in ids:
            vals |= self.sent_values[i]
            months |= self.sent_months[i]
        return frozenset(vals), frozenset(months)


TERMS_KEPT = 1024  # per-word entries a source keeps (``Bounded``): at most ~0.3 MB


class Bounded(dict):
    """A dict that empties itself when a new key would make it hold more than
    ``TERMS_KEPT`` entries: per-source tables keyed by claim words stay bounded however
    many different answers a source gets."""

    def __setitem__(self, key: object, value: object) -> None:
        if len(self) >= TERMS_KEPT and key not in self:
            self.clear()
        super().__setitem__(key, value)


class LazyMeanings:
    """``sentence_meaning`` of each sentence, computed when first indexed and kept."""

    __slots__ = ("_tokens", "_source", "_done")

    def __init__(self, sent_tokens: list[list[Token]], source: str) -> None:
        self._tokens, self._source = sent_tokens, source
        self._done: dict[int, SentenceMeaning] = {}

    def __len__(self) -> int:
        return len(self._tokens)

    def __getitem__(self, i: int) -> SentenceMeaning:
        got = self._done.get(i)
        if got is None:
            got = self._done[i] = sentence_meaning(self._tokens[i], self._source)
        return got


@dataclass
class _Tokens:
    """The source's tokens bucketed by sentence, in one pass.

    Words are told apart by ``word_id``: the key, and the stems where the context gave a
    word other stems than its first occurrence ("אי" before "אפשר" takes the stem לא), so
    an island met first does not decide for a later "אי אפשר" of the same source."""

    per_sentence: list[list[Token]]
    flat: list[Token]
    flat_sent: list[int]
    word_sents: dict[str, list[int]]  # word id -> sentence ids holding it, ascending
    word_pos: dict[str, list[int]]  # word id -> flat positions
    first: dict[str, Token]  # each distinct word's first occurrence, by key
    by_id: dict[str, Token]  # each word id's first occurrence


def _word_id(t: Token, first: dict[str, Token]) -> str:
    """``t``'s key, or its key and stems where they differ from its key's first token's
    (see ``_Tokens``; a space never stands in a key)."""
    seen = first.get(t.key)
    if seen is None or seen.stems is t.stems or seen.stems == t.stems:
        return t.key
    return f"{t.key} {'|'.join(t.stems)}"


def _bucket(tokens: list[Token], sentences: list[tuple[int, int]]) -> _Tokens:
    n = len(sentences)
    out = _Tokens([[] for _ in range(n)], [], [], {}, {}, {}, {})
    if not n:
        return out
    si = p = 0
    lo, hi = sentences[0]
    cur = out.per_sentence[0]
    for t in tokens:
        ts = t.start
        if ts >= hi and si < n - 1:
            while si < n - 1 and ts >= sentences[si][1]:
                si += 1
            lo, hi = sentences[si]
            cur = out.per_sentence[si]
        if not lo <= ts < hi:
            continue
        cur.append(t)
        wid = _word_id(t, out.first)
        ids = out.word_sents.get(wid)
        if ids is None:
            out.word_sents[wid] = [si]
            out.word_pos[wid] = [p]
            out.by_id[wid] = t
            out.first.setdefault(t.key, t)
        else:
            if ids[-1] != si:
                ids.append(si)
            out.word_pos[wid].append(p)
        out.flat.append(t)
        out.flat_sent.append(si)
        p += 1
    return out


def _sentence_values(
    source: str, toks: _Tokens, infos: dict[str, WordInfo]
) -> tuple[list[str], list[frozenset[str]], list[frozenset[str]]]:
    """Each sentence's joined match keys, number values and month values.

    Only sentences holding a number (or the עשר of a teen) can assert one, and only those
    holding a month name can name one.
    """
    maybe_number: set[int] = set()
    maybe_month: set[int] = set()
    for key, w in infos.items():
        if w.maybe_number:
            maybe_number.update(toks.word_sents[key])
        if w.month:
            maybe_month.update(toks.word_sents[key])
    sent_keys, sent_values, sent_months = [], [], []
    empty: frozenset[str] = frozenset()
    for i, ts in enumerate(toks.per_sentence):
        sent_keys.append(" ".join([t.key for t in ts]))
        sent_values.append(
            number_values(extract_numbers(source, ts)) if i in maybe_number else empty
        )
        sent_months.append(month_values(ts) if i in maybe_month else empty)
    return sent_keys, sent_values, sent_months


def _sentence_ranges(flat_sent: list[int], n: int) -> list[tuple[int, int]]:
    """Each sentence's [lo, hi) range of flat token positions (tokens come in order)."""
    lo = [0] * n
    hi = [0] * n
    for p, si in enumerate(flat_sent):
        if hi[si] == 0:
            lo[si] = p
        hi[si] = p + 1
    return list(zip(lo, hi, strict=True))


def _flat_bounds(sent_flat: list[tuple[int, int]], flat_sent: list[int]) -> np.ndarray:
    """Each flat token's sentence's [lo, hi) of flat positions: a 2 x tokens array."""
    ranges = np.array(sent_flat, dtype=np.int64).reshape(-1, 2)
    return ranges[np.array(flat_sent, dtype=np.int64)].T.copy()


def _add_part(parts: dict[str, list[list[int]]], form: str, ids: list[int]) -> None:
    got = parts.get(form)
    if got is None:
        parts[form] = [ids]
    else:
        got.append(ids)


def _inverted(
    toks: _Tokens, infos: dict[str, WordInfo], sent_values: list[frozenset[str]]
) -> tuple[list[dict[str, list[int]]], list[int]]:
    """The exact, loose, soft and root maps (form -> sentence ids) and the negated ids."""
    exact_p: dict[str, list[list[int]]] = {}
    loose_p: dict[str, list[list[int]]] = {}
    soft_p: dict[str, list[list[int]]] = {}
    root_p: dict[str, list[list[int]]] = {}
    neg_ids: list[int] = []
    for key, ids in toks.word_sents.items():
        w = infos[key]
        for parts, forms in (
            (exact_p, w.exact),
            (loose_p, w.loose),
            (soft_p, w.soft),
            (root_p, w.roots),
        ):
            for k in forms:
                _add_part(parts, k, ids)
        if w.negation:
            neg_ids.extend(ids)
    for i, values in enumerate(sent_values):
        for v in values:  # "אלף ומאתיים" matches a claim's "1,200"
            one = [i]
            for parts in (exact_p, loose_p, soft_p):
                _add_part(parts, v, one)
    return [_merge_ids(p) for p in (exact_p, loose_p, soft_p, root_p)], neg_ids


def _candidates(sentences: list[tuple[int, int]], turns: list[Turn]) -> list[Candidate]:
    """Sentences, windows of two and three adjacent sentences, then turns longer than three."""
    n = len(sentences)
    cands = [Candidate(i, i, s, e, "sentence") for i, (s, e) in enumerate(sentences)]
    for width in (2, 3):
        for i in range(n - width + 1):
            cands.append(
                Candidate(i, i + width - 1, sentences[i][0], sentences[i + width - 1][1], "window")
            )
    sent_starts = [s for s, _ in sentences]
    sent_ends = [e for _, e in sentences]
    for turn in turns:
        first = bisect.bisect_left(sent_starts, turn.start)
        last = bisect.bisect_right(sent_ends, turn.end) - 1
        if last - first + 1 > 3:  # shorter turns are already sentences or windows
            cands.append(Candidate(first, last, turn.start, turn.end, "turn"))
    return cands


def _form_positions(toks: _Tokens, infos: dict[str, WordInfo]) -> dict[str, list[int]]:
    """Frame form -> the flat positions of the words having it, in order."""
    form_parts: dict[str, list[list[int]]] = {}
    for key, pos in toks.word_pos.items():
        for f in infos[key].frame_order:
            _add_part(form_parts, f, pos)
    # each position belongs to one word: concatenated and sorted, the lists of the words
    # sharing a form are that form's positions in order
    return {
        f: (v[0] if len(v) == 1 else sorted(chain.from_iterable(v))) for f, v in form_parts.items()
    }


@lru_cache(maxsize=INDEX_CACHE_SIZE)
def index_source(source: str) -> SourceIndex:
    """Segment and index ``source`` (cached: the same text is indexed once).

    The LRU holds ``INDEX_CACHE_SIZE`` sources (more than the dataset's 132 records), about
    0.7 MB per 10,000 characters of source.
    """
    norm = shared_offsets(normalize(source))  # kept by the tokens: shared ints
    sentences, turns = segment(source, norm)
    if not sentences and source.strip():
        sentences = [(0, len(source))]
    n = len(sentences)
    toks = _bucket(tokenize_normalized(norm), sentences)
    infos = {wid: word_info(t) for wid, t in toks.by_id.items()}
    sent_keys, sent_values, sent_months = _sentence_values(source, toks, infos)
    (exact, loose, soft, root), neg_ids = _inverted(toks, infos, sent_values)
    has_neg = np.zeros(n, dtype=bool)
    if neg_ids:
        has_neg[neg_ids] = True
    cands = _candidates(sentences, turns)
    cand_first = np.array([c.first for c in cands], dtype=np.int64)
    cand_last = np.array([c.last for c in cands], dtype=np.int64)
    speakers, sent_speaker, speaker_labels = dialogue_speakers(turns, sentences)
    sent_flat = _sentence_ranges(toks.flat_sent, n)
    return SourceIndex(
        source=source,
        sentences=sentences,
        turns=turns,
        candidates=cands,
        cand_first=cand_first,
        cand_last=cand_last,
        cand_penalty=WINDOW_PENALTY * (cand_last - cand_first).astype(np.float64),
        exact=exact,
        loose=loose,
        soft=soft,
        vocab=sorted(k for k in loose if len(k) >= FUZZY_MIN_LEN and "\u05d0" <= k[0] <= "\u05ea"),
        sent_keys=sent_keys,
        sent_values=sent_values,
        sent_months=sent_months,
        sent_has_negation=has_neg,
        all_values=frozenset(v for vs in sent_values for v in vs),
        all_months=frozenset(m for ms in sent_months for m in ms),
        words=toks.first,
        root=root,
        sent_meaning=LazyMeanings(toks.per_sentence, source),
        speakers=speakers,
        sent_speaker=sent_speaker,
        speaker_labels=speaker_labels,
        flat=toks.flat,
        flat_sent=toks.flat_sent,
        sent_flat=sent_flat,
        flat_bounds=_flat_bounds(sent_flat, toks.flat_sent),
        flat_starts=[t.start for t in toks.flat],
        form_pos=_form_positions(toks, infos),
    )


def _merge_ids(parts: dict[str, list[list[int]]]) -> dict[str, list[int]]:
    """form -> sentence ids: the union of the id lists of the words having the form (a
    form of one word shares that word's list: the index's lists are never changed)."""
    return {k: (v[0] if len(v) == 1 else sorted(set().union(*v))) for k, v in parts.items()}
