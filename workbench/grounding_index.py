"""The per-source index of the grounding engine, built once per source text (LRU cache).

A source is normalised, split into sentences (and speaker turns in a dialogue) and
indexed by every word's key, number value, prefix stems, lemmas and root skeletons;
each sentence also keeps what the meaning checks read (``SentenceMeaning``).
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np

from workbench.grounding_params import FUZZY_MIN_LEN, INDEX_CACHE_SIZE, NEGATION_SCOPE
from workbench.hebrew import (
    Token,
    Turn,
    extract_numbers,
    is_negation,
    is_stopword,
    month_values,
    normalize,
    number_values,
    ordinals,
    places,
    polarities,
    segment,
    tokenize,
    tokenize_normalized,
)

# --- the per-source index (cached) ---------------------------------------------------


@dataclass(frozen=True)
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
    # every token of the source in order, its sentence, and where each form occurs (for
    # the copied-frame substitution check)
    flat: list[Token] = field(default_factory=list)
    flat_sent: list[int] = field(default_factory=list)
    form_pos: dict[str, list[int]] = field(default_factory=dict)
    _cand_key_cache: dict[int, str] = field(default_factory=dict)

    def candidate_keys(self, k: int) -> str:
        got = self._cand_key_cache.get(k)
        if got is None:
            c = self.candidates[k]
            got = " ".join(self.sent_keys[c.first : c.last + 1])
            self._cand_key_cache[k] = got
        return got

    def span_values(self, ids: Sequence[int]) -> tuple[frozenset[str], frozenset[str]]:
        vals: set[str] = set()
        months: set[str] = set()
        for i in ids:
            vals |= self.sent_values[i]
            months |= self.sent_months[i]
        return frozenset(vals), frozenset(months)


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


@lru_cache(maxsize=INDEX_CACHE_SIZE)
def index_source(source: str) -> SourceIndex:
    """Segment and index ``source`` (cached: the same text is indexed once).

    The LRU holds ``INDEX_CACHE_SIZE`` sources (more than the dataset's 132 records), about
    0.7 MB per 10,000 characters of source.
    """
    norm = normalize(source)
    sentences, turns = segment(source, norm)
    if not sentences and source.strip():
        sentences = [(0, len(source))]
    tokens = tokenize_normalized(norm)
    n = len(sentences)
    sent_tokens: list[list[Token]] = [[] for _ in range(n)]
    si = 0
    for t in tokens:
        while si < n - 1 and t.start >= sentences[si][1]:
            si += 1
        if n and sentences[si][0] <= t.start < sentences[si][1]:
            sent_tokens[si].append(t)
    # which sentences hold each distinct word, then expand each word's forms once
    word_sents: dict[str, set[int]] = {}
    analysis: dict[str, Token] = {}
    sent_keys, sent_values, sent_months = [], [], []
    for i, toks in enumerate(sent_tokens):
        for t in toks:
            word_sents.setdefault(t.key, set()).add(i)
            analysis.setdefault(t.key, t)
        sent_keys.append(" ".join(t.key for t in toks))
        sent_values.append(number_values(extract_numbers(source, toks)))
        sent_months.append(month_values(toks))
    exact: dict[str, set[int]] = {}
    loose: dict[str, set[int]] = {}
    soft: dict[str, set[int]] = {}
    root: dict[str, set[int]] = {}
    has_neg = np.zeros(n, dtype=bool)
    for key, ids in word_sents.items():
        t = analysis[key]
        exact.setdefault(key, set()).update(ids)
        if t.number is not None:
            exact.setdefault(t.number, set()).update(ids)
        for k in t.keys:
            loose.setdefault(k, set()).update(ids)
            soft.setdefault(k, set()).update(ids)
        for k in t.lemmas:
            soft.setdefault(k, set()).update(ids)
        for k in t.roots:
            root.setdefault(k, set()).update(ids)
        if is_negation(t):
            has_neg[list(ids)] = True
    for i, values in enumerate(sent_values):
        for v in values:  # "אלף ומאתיים" matches a claim's "1,200"
            exact.setdefault(v, set()).add(i)
            loose.setdefault(v, set()).add(i)
            soft.setdefault(v, set()).add(i)
    cands: list[Candidate] = [
        Candidate(i, i, s, e, "sentence") for i, (s, e) in enumerate(sentences)
    ]
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
    all_values: set[str] = set()
    for v in sent_values:
        all_values |= v
    speakers, sent_speaker = _speakers(turns, sentences)
    flat = [t for toks in sent_tokens for t in toks]
    flat_sent = [i for i, toks in enumerate(sent_tokens) for _ in toks]
    form_pos: dict[str, list[int]] = {}
    for p, t in enumerate(flat):
        for f in _frame_forms(t):
            form_pos.setdefault(f, []).append(p)
    return SourceIndex(
        source=source,
        sentences=sentences,
        turns=turns,
        candidates=cands,
        cand_first=np.array([c.first for c in cands], dtype=np.int64),
        cand_last=np.array([c.last for c in cands], dtype=np.int64),
        exact={k: list(v) for k, v in exact.items()},
        loose={k: list(v) for k, v in loose.items()},
        soft={k: list(v) for k, v in soft.items()},
        vocab=sorted(k for k in loose if len(k) >= FUZZY_MIN_LEN and "\u05d0" <= k[0] <= "\u05ea"),
        sent_keys=sent_keys,
        sent_values=sent_values,
        sent_months=sent_months,
        sent_has_negation=has_neg,
        all_values=frozenset(all_values),
        all_months=frozenset(m for ms in sent_months for m in ms),
        words=analysis,
        root={k: list(v) for k, v in root.items()},
        sent_meaning=LazyMeanings(sent_tokens, source),
        speakers=speakers,
        sent_speaker=sent_speaker,
        flat=flat,
        flat_sent=flat_sent,
        form_pos=form_pos,
    )


def _frame_forms(t: Token) -> frozenset[str]:
    """The forms a word shares with its neighbours in a copied phrase: itself, its prefix
    stems and its suffix-stripped lemmas (not root skeletons, which are too loose)."""
    return frozenset((*t.keys, *t.lemmas))


@dataclass(frozen=True)
class SentenceMeaning:
    """What the meaning checks need from a text: antonym poles, places, ordinals, Latin
    names, and the word forms said under a negation (``negated``) or not (``asserted``)."""

    poles: dict[str, frozenset[int]]
    places: frozenset[str]
    ordinals: frozenset[int]
    latin: frozenset[str]
    negated: frozenset[str]
    asserted: frozenset[str]


def _negation_groups(tokens: list[Token], text: str) -> list[tuple[int, Token]]:
    """Each content word with the index of the negation governing it (-1 when none).

    A negation (לא, אין, אינו..., and ללא / בלי) governs the next ``NEGATION_SCOPE``
    content words, up to a comma or another negation: "לא נרשמו הפסקות" negates both
    words, "לא מטופלים, שהוזרמו" only the first.
    """
    out: list[tuple[int, Token]] = []
    group, left, prev_end = -1, 0, -1
    for i, t in enumerate(tokens):
        if is_negation(t) or is_without(t):
            group, left, prev_end = i, NEGATION_SCOPE, t.end
            continue
        if is_stopword(t) or t.number is not None:
            continue
        if left > 0 and (
            t.start - prev_end > 3 or any(c in ",;:" for c in text[prev_end : t.start])
        ):
            left = 0  # too far from the negation, or past a comma
        if left > 0:
            out.append((group, t))
            left -= 1
            prev_end = t.end
        else:
            out.append((-1, t))
    return out


def _word_forms(t: Token) -> tuple[str, ...]:
    return (t.key, *t.stems, *t.lemmas, *t.roots)


def sentence_meaning(tokens: list[Token], text: str) -> SentenceMeaning:
    """The ``SentenceMeaning`` of a list of tokens (a sentence or a claim)."""
    negated: set[str] = set()
    asserted: set[str] = set()
    for group, t in _negation_groups(tokens, text):
        (negated if group >= 0 else asserted).update(_word_forms(t))
    latin = frozenset(
        t.key for t in tokens if t.key.isascii() and t.key.isalpha() and not is_stopword(t)
    )
    return SentenceMeaning(
        polarities(tokens),
        places(tokens),
        ordinals(tokens),
        latin,
        frozenset(negated),
        frozenset(asserted),
    )


_WITHOUT: frozenset[str] = frozenset(normalize(w).text for w in ("בלי", "ללא"))


def is_without(t: Token) -> bool:
    """בלי / ללא ("without"), possibly with a glued prefix: it negates the next word."""
    return t.key in _WITHOUT or any(s in _WITHOUT for s in t.stems)


def _speakers(
    turns: list[Turn], sentences: list[tuple[int, int]]
) -> tuple[list[frozenset[str]], list[int]]:
    """Each dialogue speaker's name words, and which speaker says each sentence.

    A speaker's name words are the words of the label outside parentheses, minus function
    words and words that several speakers share ("חבר המועצה מאיר" / "חברת המועצה שרון"
    -> {חבר, מאיר} / {חברת, שרונ}).
    """
    labels: list[str] = []
    n_turns: dict[str, int] = {}
    for t in turns:
        if t.speaker and t.speaker not in labels:
            labels.append(t.speaker)
        n_turns[t.speaker] = n_turns.get(t.speaker, 0) + 1
    # a dialogue: two speakers or more who each speak at least twice (a text whose lines
    # open with headings, "מקורות הזרימה: ...", is not one)
    if sum(1 for lb in labels if n_turns[lb] >= 2) < 2:
        return [], [-1] * len(sentences)
    words: list[set[str]] = []
    for label in labels:
        depth, kept = 0, []
        for ch in label:
            depth += ch == "("
            if depth == 0:
                kept.append(ch)
            depth -= ch == ")" and depth > 0
        ws: set[str] = set()
        for tok in tokenize("".join(kept)):
            if not is_stopword(tok) and tok.number is None:
                ws.add(tok.key)
                ws.update(tok.stems)
        words.append(ws)
    counts: dict[str, int] = {}
    for ws in words:
        for w in ws:
            counts[w] = counts.get(w, 0) + 1
    speakers = [frozenset(w for w in ws if counts[w] == 1) for ws in words]
    sent_speaker = [-1] * len(sentences)
    starts = [s for s, _ in sentences]
    for t in turns:
        if not t.speaker:
            continue
        k = labels.index(t.speaker)
        lo = bisect.bisect_left(starts, t.start)
        hi = bisect.bisect_left(starts, t.end)
        for i in range(lo, hi):
            sent_speaker[i] = k
    return speakers, sent_speaker
