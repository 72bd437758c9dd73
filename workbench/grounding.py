"""Ground an answer in its source: split it into claims, find each claim's support spans.

``ground(answer, source)`` splits the answer into claims (its sentences; very long ones
are cut at clause or word boundaries) and grounds each with ``ground_claim``. For every
claim the engine returns the source spans that support it (offsets into the original
source), a support score in [0, 1], a verdict (``supported`` / ``partial`` /
``unsupported``) and issues such as ``number 15% not found in source``.

How a claim is grounded
-----------------------
1. The source is indexed once and cached (LRU keyed by the source text): normalised
   (``workbench.hebrew``), split into sentences (and speaker turns in a dialogue), and an
   inverted index built from every word's key, its number value and its prefix stems.
2. Candidate spans are the sentences, the speaker turns and windows of two and three
   adjacent sentences. For each content word of the claim (function words weigh nothing)
   the engine records how it matches each sentence: exactly (1.0), once glued prefixes
   are removed (0.8, "בבית" ~ "הבית"), once an inflection suffix is removed (0.6,
   "מכשירים" ~ "מכשירי"), as a spelling variant (0.5, rapidfuzz, "רישמית" ~ "רשמית"), or
   by root skeleton (0.45, "הקטינה" ~ "קטנו", see ``hebrew.root_forms``).
3. A candidate's score mixes (a) IDF-weighted overlap (rare words count more; IDF over the
   source's sentences), (b) coverage, the unweighted share of the claim's content words it
   holds, and (c) for near-verbatim claims, a rapidfuzz ``partial_ratio`` alignment of the
   claim's normalised words against the span's, scaled down when the claim is longer than
   the span. Wider windows pay a small penalty, so a single sentence wins unless its
   neighbours add content.
4. When the best span leaves two or more content words uncovered, the sentence that
   covers most of what is left is added, up to ``MAX_SPANS`` spans, wherever it is in the
   source: support split across distant parts gets several spans. A sentence holding a
   missing claim number and sharing another word with the claim is added too (not for a
   near copy of one sentence, whose figures must come from that sentence).
5. Consistency checks on the chosen spans: every number, percentage and date in the
   claim must be in them (after normalisation: 1,234 = 1234, 15% = 15 אחוז, 2.5 מיליון =
   2500000), and a negation (לא, אין...) in the claim must be matched in the span. A failed
   check adds an issue, multiplies the score by ``ISSUE_PENALTY`` and caps the verdict at
   ``partial``: a hallucinated figure is never ``supported``. A claim that is a near copy
   of its span (alignment >= ``NEAR_COPY``) must also not swap a content word or drop the
   span's negation (``WORD_PENALTY``, verdict at most ``partial``).
   Unexplained content: the IDF share of the claim's content words (light words and
   number words aside) that match nothing anywhere in the source costs
   ``UNEXPLAINED_WEIGHT`` x its excess over ``UNEXPLAINED_FREE``, so a claim that adds
   unstated facts to a supported core falls to ``partial`` (``_unexplained``).
6. Meaning checks against the best span, for contradictions written as paraphrases
   (``_meaning_checks``, ``CONFLICT_PENALTY``, verdict at most ``partial``): an antonym or
   direction pair (``hebrew.polarities``: עלה / ירד, תמך / התנגד, כבר / צפוי...), a
   name-like word (מנכ"לית, a month, Latin) standing in a source word's place inside a
   phrase the claim copies (``_frame_substitutions``), a negation added or
   removed on a shared word (scope: the next two content words), another place, ordinal
   or Latin-script name than the span's, and in a dialogue another speaker than the
   span's.
7. Optionally a verifier ``(claim, span_text) -> float in [0, 1]`` rescores the top
   spans (see "Plugging in a verifier" below).

Verdict thresholds and how they were calibrated
-----------------------------------------------
``supported`` when the score is at least ``SUPPORTED_THRESHOLD`` (0.30) and no check
failed; ``partial`` when at least ``PARTIAL_THRESHOLD`` (0.18), or when a check failed on
a claim whose words are there; else ``unsupported``.

Calibration data: (1) the HeQ development pairs, 375 real Hebrew pairs built from the
validation split of HeQ (NNLP-IL/Hebrew-Question-Answering-Dataset: Hebrew Wikipedia and
Geektime paragraphs, CC BY 4.0): 100 verbatim source sentences, 100 "question + answer"
paraphrase claims, 75 source sentences with one number changed and 100 sentences from
another article of the same domain; (2) the bundled demo set's 48 gold claims (written to
paraphrase their sources) with the negatives ``eval-grounding`` builds from them. Method:
the score distribution of each kind was measured with ``workbench eval-grounding``; the
claims that nothing in the source supports (other articles, claims moved to another
record) never score above 0.17 (99th percentile 0.10 on HeQ), while the paraphrases'
5th percentile is 0.44 (HeQ) and 0.34 (demo). ``SUPPORTED_THRESHOLD`` is the midpoint
between the unsupported maximum and the paraphrase 5th percentile, rounded (0.30); on both
sets it sits on the F1 plateau of the ``supported`` verdict (HeQ F1 0.99 to 1.00 for
thresholds 0.25 to 0.40). ``PARTIAL_THRESHOLD`` sits just above the unsupported maximum,
so ``partial`` means "some of the claim's content words are in the source". The figures
per kind are in ``docs/grounding.md``; recalibrate on your own labelled pairs with
``workbench eval-grounding --pairs FILE`` and pass ``thresholds=Thresholds(...)``.

Plugging in a verifier
----------------------
``ground(answer, source, verifier=fn, verifier_weight=0.5)`` where ``fn(claim, span_text)``
returns a support probability in [0, 1]. The engine calls it on the ``verifier_top_k``
best spans of each claim and scores each as ``(1 - w) * lexical + w * verifier``; with
``verifier_weight=1.0`` the verifier alone decides (then set ``thresholds`` to suit its
scale). The number and negation checks still apply. An NLI model, for example::

    from transformers import pipeline            # not a dependency of the workbench
    nli = pipeline("text-classification", model="<a multilingual NLI model>", top_k=None)

    def entails(claim: str, span: str) -> float:
        scores = {d["label"].lower(): d["score"] for d in nli({"text": span, "text_pair": claim})}
        return scores.get("entailment", 0.0)

    ground(answer, source, verifier=entails)

An LLM judge is the same shape: a function that asks "does SPAN support CLAIM? answer with
a probability" and parses the number. The verifier runs in your process; the workbench
never downloads a model and its tests never touch the network.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import numpy as np
from rapidfuzz import fuzz, process

from workbench.hebrew import (
    NumberMention,
    Token,
    Turn,
    extract_numbers,
    is_light,
    is_negation,
    is_negation_key,
    is_question_word,
    is_stopword,
    month_values,
    normalize,
    number_found,
    number_values,
    ordinals,
    places,
    polarities,
    polarity_conflicts,
    pole_word,
    segment,
    split_sentences,
    tokenize,
    tokenize_normalized,
)

VERDICTS: tuple[str, ...] = ("supported", "partial", "unsupported")
SUPPORTED_THRESHOLD = 0.30
PARTIAL_THRESHOLD = 0.18
ISSUE_PENALTY = 0.25  # score multiplier when a number or negation check fails
WORD_PENALTY = 0.5  # score multiplier when a near copy swaps a content word

EXACT = 1.0
PREFIX = 0.8
SOFT = 0.6
FUZZY = 0.5
ROOT = 0.45  # same consonant skeleton (הקטינה ~ קטנו ~ הוקטן), see hebrew.root_forms
NEGATION_SCOPE = 2  # a negation governs the first content word within two ("לא תחלק")
CONFLICT_PENALTY = 0.3  # score multiplier when a meaning check finds a contradiction
# antonym families whose pole in the span must sit in a sentence sharing LOCAL_SHARED
# content words with the claim (status words such as הבאה often plan something else)
LOCAL_FAMILIES: frozenset[str] = frozenset({"done/planned"})
LOCAL_SHARED = 2
FUZZY_MIN_LEN = 4
FUZZY_CUTOFF = 80
NUMBER_SWITCH = 0.5  # prefer a span holding the claim's numbers if it scores >= this x best
OVERLAP_WEIGHT = 0.5  # lexical score = OVERLAP_WEIGHT * idf overlap + rest * coverage
WINDOW_PENALTY = 0.03  # per extra sentence in a candidate window or turn
WINDOW_MIN_NEW = 2  # content words a window must add over its best sentence
FUZZ_MIN_TOKENS = 4  # fuzzy alignment only for claims of at least this many words
FUZZ_TOP = 6  # candidates (best by lexical score) that get a fuzzy alignment
MAX_SPANS = 3
EXTRA_SPAN_MIN_GAIN = 0.12  # share of the claim's weight an extra span must add
EXTRA_SPAN_PENALTY = 0.05  # score cost of each extra span
MAX_CLAIM_CHARS = 400  # longer answer sentences are cut at clause / word boundaries
VERIFIER_TOP_K = 3
INDEX_CACHE_SIZE = 192
NEAR_COPY = 0.85  # fuzzy alignment above which a claim is a near copy of its span
# Unexplained content: the IDF share of the claim's asserted content words (light words
# and number words aside) that match nothing anywhere in the source. A share above
# UNEXPLAINED_FREE costs UNEXPLAINED_WEIGHT x the excess, so a claim whose core is in the
# source but which adds unstated facts ("...ערב מדורה", "...ביחידת מודיעין") falls to
# ``partial``. Calibrated on the HeQ pairs, the project pairs' dev split and the demo set.
UNEXPLAINED_FREE = 0.30
UNEXPLAINED_WEIGHT = 0.5

Verifier = Callable[[str, str], float]


# --- results -------------------------------------------------------------------------


@dataclass(frozen=True)
class SpanResult:
    """A source span: [start, end) offsets into the original source, its text, its score."""

    start: int
    end: int
    text: str
    score: float

    def to_dict(self) -> dict[str, Any]:
        return {"start": self.start, "end": self.end, "text": self.text, "score": self.score}


@dataclass(frozen=True)
class ClaimResult:
    """One claim: where it sits in the answer, its verdict, score, support spans, issues.

    ``candidates`` (not serialised) is the ranked list of candidate spans, best first,
    which the evaluation uses for recall@k.
    """

    text: str
    start: int
    end: int
    verdict: str
    score: float
    spans: list[SpanResult]
    issues: list[str]
    candidates: list[SpanResult] = field(default_factory=list, repr=False, compare=False)

    @property
    def supported(self) -> bool:
        return self.verdict == "supported"

    def to_dict(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "start": self.start,
            "end": self.end,
            "verdict": self.verdict,
            "supported": self.supported,
            "score": self.score,
            "spans": [s.to_dict() for s in self.spans],
            "issues": list(self.issues),
        }


@dataclass(frozen=True)
class Grounding:
    """Every claim of an answer grounded in one source.

    ``supported_fraction`` is the share of claims whose verdict is ``supported`` (0.0 when
    there are no claims; ``message`` then says why).
    """

    claims: list[ClaimResult]
    record: str | None = None
    message: str = ""

    @property
    def supported_fraction(self) -> float:
        if not self.claims:
            return 0.0
        return round(sum(c.supported for c in self.claims) / len(self.claims), 4)

    def to_dict(self) -> dict[str, Any]:
        return {
            "record": self.record,
            "claims": [c.to_dict() for c in self.claims],
            "supported_fraction": self.supported_fraction,
        }


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
    sent_meaning: list[SentenceMeaning] = field(default_factory=list)
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
        sent_meaning=[sentence_meaning(toks, source) for toks in sent_tokens],
        speakers=speakers,
        sent_speaker=sent_speaker,
        flat=flat,
        flat_sent=flat_sent,
        form_pos=form_pos,
    )


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


# --- claims ----------------------------------------------------------------------------


@dataclass
class _Claim:
    text: str
    tokens: list[Token]
    terms: list[Token]  # content words, one per key
    key_string: str
    numbers: list[NumberMention]
    negated: bool
    meaning: SentenceMeaning | None = None


def _prepare_claim(claim: str) -> _Claim:
    tokens = tokenize(claim)
    seen: set[str] = set()
    terms = []
    for t in tokens:
        if t.key in seen or is_stopword(t) or is_question_word(t) or t.key == "%":
            continue
        seen.add(t.key)
        terms.append(t)
    numbers = [m for m in extract_numbers(claim, tokens) if m.checked]
    negated = any(is_negation(t) for t in tokens)
    # "question? answer": the question asks and does not assert, so the meaning checks
    # (antonyms, places, names, speakers) read the answer only
    q = claim.rfind("?", 0, len(claim.rstrip()) - 1)
    asserted = [t for t in tokens if t.start > q] if q >= 0 else tokens
    return _Claim(
        claim,
        tokens,
        terms,
        " ".join(t.key for t in tokens),
        numbers,
        negated,
        sentence_meaning(asserted, claim),
    )


def _match_matrix(claim: _Claim, idx: SourceIndex) -> np.ndarray:
    """terms x sentences: 1.0 exact match, 0.8 a match once prefixes are stripped."""
    m = np.zeros((len(claim.terms), len(idx.sentences)), dtype=np.float64)
    for r, t in enumerate(claim.terms):
        for k in t.roots:
            ids = idx.root.get(k)
            if ids is not None:
                m[r, ids] = ROOT
        for k in (*t.keys, *t.lemmas):
            ids = idx.soft.get(k)
            if ids is not None:
                m[r, ids] = SOFT
        for k in t.keys:
            ids = idx.loose.get(k)
            if ids is not None:
                m[r, ids] = PREFIX
        hit = idx.exact.get(t.key)
        if hit is not None:
            m[r, hit] = EXACT
        elif (
            len(t.key) >= FUZZY_MIN_LEN
            and t.number is None
            and idx.vocab
            and not (m[r] >= SOFT).any()
        ):
            # spelling variants (ktiv male / haser: רישמית ~ רשמית, אוזניות ~ אזניות)
            got = process.extractOne(t.key, idx.vocab, scorer=fuzz.ratio, score_cutoff=FUZZY_CUTOFF)
            if got is not None:
                ids = idx.loose[got[0]]
                m[r, ids] = np.maximum(m[r, ids], FUZZY)
        if t.number is not None:
            hit = idx.exact.get(t.number)
            if hit is not None:
                m[r, hit] = EXACT
    return m


def _candidate_max(m: np.ndarray, idx: SourceIndex) -> np.ndarray:
    """Per candidate, the max of ``m`` (last axis: sentences) over its sentences.

    Candidates are ordered sentences, windows of two, windows of three, then turns.
    """
    n = m.shape[-1]
    cols = [m]
    if n >= 2:
        cols.append(np.maximum(m[..., :-1], m[..., 1:]))
    if n >= 3:
        cols.append(np.maximum(cols[1][..., :-1], m[..., 2:]))
    out = np.concatenate(cols, axis=-1)
    extra = idx.candidates[out.shape[-1] :]
    if extra:
        turns = np.stack([m[..., c.first : c.last + 1].max(axis=-1) for c in extra], axis=-1)
        out = np.concatenate([out, turns], axis=-1)
    return out


def _candidate_matrix(m: np.ndarray, idx: SourceIndex) -> np.ndarray:
    """terms x candidates: a term's best match over the candidate's sentences."""
    return _candidate_max(m, idx)


def _term_weights(m: np.ndarray, claim: _Claim) -> np.ndarray:
    """BM25-style IDF of each term over the source's sentences (absent terms weigh most)."""
    n = m.shape[1]
    df = (m > 0).sum(axis=1)
    idf = np.log1p((n - df + 0.5) / (df + 0.5))
    return idf


def _scores(
    c: np.ndarray, w: np.ndarray, idx: SourceIndex
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Lexical score per candidate and its two parts (weighted overlap, coverage)."""
    wsum = w.sum()
    n_terms = c.shape[0]
    overlap = (w @ c) / wsum if wsum > 0 else np.zeros(c.shape[1])
    coverage = c.sum(axis=0) / n_terms if n_terms else np.zeros(c.shape[1])
    width = (idx.cand_last - idx.cand_first).astype(np.float64)
    lex = OVERLAP_WEIGHT * overlap + (1 - OVERLAP_WEIGHT) * coverage - WINDOW_PENALTY * width
    # A window or turn is a candidate only when it holds at least WINDOW_MIN_NEW more
    # content words than its best sentence: one shared word (or a number) in a neighbour
    # is not support.
    n = len(idx.sentences)
    if c.shape[1] > n:
        counts = (c > 0).sum(axis=0)
        best_member = _candidate_max(counts[:n], idx)
        weak = counts[n:] - best_member[n:] < WINDOW_MIN_NEW
        lex[n:][weak] = -1.0
    return lex, overlap, coverage


def _fuzzy(claim: _Claim, idx: SourceIndex, order: np.ndarray) -> dict[int, float]:
    """Character alignment of the claim's words against the top candidates, in [0, 1]."""
    out: dict[int, float] = {}
    if len(claim.tokens) < FUZZ_MIN_TOKENS or not claim.key_string:
        return out
    q = claim.key_string
    for k in order[:FUZZ_TOP]:
        k = int(k)
        s = idx.candidate_keys(k)
        if not s:
            continue
        r = fuzz.partial_ratio(q, s) / 100.0
        r *= min(1.0, len(s) / len(q))
        out[k] = r
    return out


def _fuzz_to_score(r: float) -> float:
    """Map an alignment ratio to a support score: below 0.6 it says nothing."""
    return max(0.0, (r - 0.6) / 0.4)


@dataclass(frozen=True)
class Thresholds:
    """Verdict thresholds on the support score."""

    supported: float = SUPPORTED_THRESHOLD
    partial: float = PARTIAL_THRESHOLD


def _rank(
    pc: _Claim, idx: SourceIndex, c: np.ndarray, w: np.ndarray
) -> tuple[np.ndarray, dict[int, float]]:
    """Score every candidate span: lexical score, raised by fuzzy alignment when verbatim.

    Also returns the fuzzy alignment ratios computed (candidate -> ratio in [0, 1]).
    """
    lex, _overlap, _coverage = _scores(c, w, idx)
    order = np.argsort(-lex, kind="stable")
    score = lex.copy()
    width = idx.cand_last - idx.cand_first
    fz = _fuzzy(pc, idx, order)
    for k, r in fz.items():
        score[k] = max(score[k], _fuzz_to_score(r) - WINDOW_PENALTY * width[k])
    return np.clip(score, 0.0, 1.0), fz


def _numbers_first(
    pc: _Claim, idx: SourceIndex, score: np.ndarray, order: np.ndarray
) -> np.ndarray:
    """Put first the best span holding all the claim's numbers, if it scores well enough.

    The support must hold the claim's numbers: when the best span lacks one and a span
    scoring at least NUMBER_SWITCH x as well holds them all, that span leads. The same goes
    for the Latin-script names the claim asserts (product and company names: "Feedy").
    """
    names = pc.meaning.latin if pc.meaning is not None else frozenset()
    if not pc.numbers and not names:
        return order
    best_score = float(score[order[0]])
    for k in order[:FUZZ_TOP]:
        k = int(k)
        if score[k] < NUMBER_SWITCH * best_score:
            break
        cand = idx.candidates[k]
        sents = range(cand.first, cand.last + 1)
        vals, months = idx.span_values(sents)
        if names and not names <= {w for i in sents for w in idx.sent_meaning[i].latin}:
            continue
        if all(number_found(mm, vals, months) for mm in pc.numbers):
            if k != int(order[0]):
                order = np.concatenate([[k], order[order != k]])
            break
    return order


def _sentences_of(idx: SourceIndex, chosen: list[int]) -> list[int]:
    return sorted(
        {i for k in chosen for i in range(idx.candidates[k].first, idx.candidates[k].last + 1)}
    )


def _extra_spans(
    pc: _Claim,
    idx: SourceIndex,
    m: np.ndarray,
    w: np.ndarray,
    chosen: list[int],
    *,
    numbers: bool = True,
) -> np.ndarray:
    """Add sentences (anywhere in the source) that hold what the chosen spans lack.

    A sentence is added when it brings at least WINDOW_MIN_NEW content words worth
    EXTRA_SPAN_MIN_GAIN of the claim's weight, or when it holds a claim number the spans
    lack and shares another content word with the claim (exactly or by prefix; only
    when ``numbers``: a near copy of one sentence with another figure is not rescued).
    Returns the per-term coverage of the chosen spans; ``chosen`` is extended in place.
    """
    covered = np.max(m[:, _sentences_of(idx, chosen)], axis=1)
    wsum = float(w.sum()) or 1.0
    while len(chosen) < MAX_SPANS:
        missing = np.clip(m - covered[:, None], 0.0, None)  # terms x sentences
        gain = (w @ missing) / wsum
        gain[_sentences_of(idx, chosen)] = -1.0
        j = int(np.argmax(gain))
        if gain[j] < EXTRA_SPAN_MIN_GAIN or int((missing[:, j] > 0).sum()) < WINDOW_MIN_NEW:
            break
        chosen.append(j)  # sentence j is candidate j (sentences come first)
        covered = np.maximum(covered, m[:, j])
    word_rows = np.array([t.number is None for t in pc.terms])
    for mention in pc.numbers if numbers else ():
        if len(chosen) >= MAX_SPANS:
            break
        ids = _sentences_of(idx, chosen)
        vals, months = idx.span_values(ids)
        if number_found(mention, vals, months):
            continue
        best_j, best_shared = -1, 0
        used = set(ids)
        for j, sv in enumerate(idx.sent_values):
            if j in used or not number_found(mention, sv, idx.sent_months[j]):
                continue
            shared = int((m[word_rows, j] >= PREFIX).sum()) if word_rows.any() else 0
            if shared > best_shared:
                best_j, best_shared = j, shared
        if best_j >= 0:
            chosen.append(best_j)
            covered = np.maximum(covered, m[:, best_j])
    return covered


def _substitutions(pc: _Claim, covered: np.ndarray) -> list[str]:
    """Content words of a near-copy claim that its span does not hold at all.

    A claim that copies a sentence but swaps a word (an entity, an antonym) is the
    textbook contradiction; in a genuine paraphrase the alignment is too loose for this
    check to run.
    """
    out = []
    # In "question? answer" the question asks and does not assert: only the answer counts.
    q = pc.text.rfind("?", 0, len(pc.text.rstrip()) - 1)
    for r, t in enumerate(pc.terms):
        if t.start < q:
            continue
        if t.number is None and covered[r] == 0 and len(t.key) >= 2:
            out.append(f"word {pc.text[t.start : t.end]} not found in the span the claim copies")
    return out


def _frame_forms(t: Token) -> frozenset[str]:
    """The forms a word shares with its neighbours in a copied phrase: itself, its prefix
    stems and its suffix-stripped lemmas (not root skeletons, which are too loose)."""
    return frozenset((*t.keys, *t.lemmas))


_CLAUSE_MARKS = frozenset(',;:.?!()"')


def _gap_breaks(text: str, a: int, b: int) -> bool:
    """Whether the text between two words holds clause punctuation."""
    return any(c in _CLAUSE_MARKS for c in text[a:b])


FRAME_CONTEXT = 2  # claim words around a swapped word that must match the source in order


def _frame_hits(i, toks, forms, idx, joined, at, positions) -> list[int]:  # noqa: ANN001
    """Source positions ``p`` where a source word stands between source words matching the
    claim's neighbours of word ``i``: one on each side when the claim has both, two in a
    row on the open side at a clause edge (``FRAME_CONTEXT`` in all), each inside one
    clause of the claim and one source sentence."""
    sent, n = idx.flat_sent, len(idx.flat)
    la = 0
    while la < FRAME_CONTEXT and joined(i - la - 1, i - la):
        la += 1
    rb = 0
    while rb < FRAME_CONTEXT and joined(i + rb, i + rb + 1):
        rb += 1
    if la + rb < FRAME_CONTEXT:
        return []
    out = []
    for p0 in positions(i - 1) if la else positions(i + 1):
        p = p0 + 1 if la else p0 - 1  # the replaced source word
        if not 0 <= p < n:
            continue
        lrun = 0
        while lrun < la and 0 <= p - lrun - 1 and sent[p - lrun - 1] == sent[p]:
            if not at(i - lrun - 1, p - lrun - 1):
                break
            lrun += 1
        rrun = 0
        while rrun < rb and p + rrun + 1 < n and sent[p + rrun + 1] == sent[p]:
            if not at(i + rrun + 1, p + rrun + 1):
                break
            rrun += 1
        if la and rb:
            ok = lrun >= 1 and rrun >= 1
        else:
            ok = lrun + rrun >= FRAME_CONTEXT
        if ok:
            out.append(p)
    return out


def _specific(t: Token, text: str) -> bool:
    """A name-like word: an abbreviation or title with gershayim (מנכ"לית, ח"כ), a month,
    or Latin script. A reworded claim swaps generic words for synonyms inside copied
    phrases, so only a specific word standing in a source word's place marks a swap."""
    surface = text[t.start : t.end]
    if t.key.isascii() and t.key.isalpha():
        return True
    if any(c in surface[1:-1] for c in '"\u05f4\u201d'):
        return True
    return bool(month_values([t]))


def _frame_substitutions(pc: _Claim, idx: SourceIndex, m: np.ndarray) -> list[str]:
    """Claim words that replace a source word inside a phrase the claim otherwise copies.

    A claim word that matches nothing in the source (of any strength), whose neighbours
    match source words with exactly one word between them ("המצב X בצפון" against the
    source's "המצב הביטחוני בצפון"), stands where the source has another word: a swapped
    fact rather than a reworded one. At a clause edge, two neighbours on the open side
    must match consecutive source words. At least one neighbour must be a content word.
    Only the answer of "question? answer" is checked.
    """
    if not idx.flat:
        return []
    q = pc.text.rfind("?", 0, len(pc.text.rstrip()) - 1)
    anywhere = m.max(axis=1) if m.shape[1] else np.zeros(len(pc.terms))
    new = {
        t.key
        for r, t in enumerate(pc.terms)
        if anywhere[r] == 0
        and t.number is None
        and t.start > q
        and not is_light(t)
        and _specific(t, pc.text)
    }
    if not new:
        return []
    toks = pc.tokens
    forms = [_frame_forms(t) for t in toks]
    used = frozenset().union(*forms)
    flat, n = idx.flat, len(idx.flat)
    text = pc.text

    def joined(i: int, j: int) -> bool:  # tokens i < j adjacent in one clause of the claim
        return (
            0 <= i
            and j < len(toks)
            and toks[i].start > q
            and not _gap_breaks(text, toks[i].end, toks[j].start)
        )

    def at(t: int, p: int) -> bool:  # claim token t matches source token p
        return 0 <= p < n and bool(forms[t] & _frame_forms(flat[p]))

    def positions(t: int) -> set[int]:
        return {p for f in forms[t] for p in idx.form_pos.get(f, ())}

    def content(t: Token) -> bool:
        return not is_stopword(t) and t.number is None

    out: list[str] = []
    for i, t in enumerate(toks):
        if t.key not in new:
            continue
        found = [p for p in _frame_hits(i, toks, forms, idx, joined, at, positions) if p >= 0]
        for p in sorted(found):
            w = flat[p]
            if content(w) and not (_frame_forms(w) & used):
                src = idx.source[w.start : w.end]
                out.append(f"word {text[t.start : t.end]} replaces {src} of the source")
                break
    return out


def _copied_sentence(pc: _Claim, idx: SourceIndex, k: int) -> int | None:
    """The sentence of candidate ``k`` that the claim nearly copies, if any.

    A near copy aligns at ``NEAR_COPY`` or better and is about as long as the sentence (the
    alignment is scaled down when the claim is longer), so "sentence A plus a phrase from B"
    is not a near copy of A, while "A with one word swapped" is.
    """
    if len(pc.tokens) < FUZZ_MIN_TOKENS or not pc.key_string:
        return None
    cand = idx.candidates[k]
    q = pc.key_string
    best, best_r = None, NEAR_COPY
    for i in range(cand.first, cand.last + 1):
        s = idx.sent_keys[i]
        if not s:
            continue
        r = fuzz.partial_ratio(q, s, score_cutoff=NEAR_COPY * 100) / 100.0
        r *= min(1.0, len(s) / len(q))
        if r >= best_r:
            best, best_r = i, r
    return best


def _dropped_negation(pc: _Claim, idx: SourceIndex, k: int) -> bool:
    """Whether the part of candidate ``k`` that a near-copy claim aligns to has a negation
    (source "הוועדה לא אישרה", claim "הוועדה אישרה")."""
    q = pc.key_string
    a = q.rfind("?", 0, len(q) - 1)  # only the asserted part of "question? answer"
    q = q[a + 1 :].strip() if a >= 0 else q
    target = idx.candidate_keys(k)
    if not q or not target:
        return False
    al = fuzz.partial_ratio_alignment(q, target)
    if al is None:
        return False
    region = target[al.dest_start : al.dest_end]
    return any(is_negation_key(w) for w in region.split())


def _unexplained(pc: _Claim, m: np.ndarray, w: np.ndarray) -> tuple[float, list[str]]:
    """The IDF share of the claim's content that nothing in the source matches, and the
    words concerned.

    Counted: asserted content words (the answer of "question? answer") with no match of
    any strength (exact, prefix, suffix, spelling, root) anywhere in the source. Not
    counted: light words (``hebrew.LIGHT_WORDS``: discourse markers, reporting and modal
    verbs, time deixis, units) and the words of a number, which the number check covers.
    A reworded claim swaps some words for synonyms; a plausible but unstated claim adds
    whole facts, so its unexplained share is higher.
    """
    wsum = float(w.sum())
    if wsum <= 0:
        return 0.0, []
    q = pc.text.rfind("?", 0, len(pc.text.rstrip()) - 1)
    spans = [(mm.start, mm.end) for mm in pc.numbers]
    mass, words = 0.0, []
    anywhere = m.max(axis=1) if m.shape[1] else np.zeros(len(pc.terms))
    for r, t in enumerate(pc.terms):
        if anywhere[r] > 0 or t.start < q or t.number is not None or is_light(t):
            continue
        if any(a <= t.start < b for a, b in spans):
            continue
        mass += float(w[r])
        words.append(pc.text[t.start : t.end])
    return mass / wsum, words


def _checks(pc: _Claim, idx: SourceIndex, chosen: list[int]) -> list[str]:
    """Numbers and negation of the claim against its chosen spans."""
    issues: list[str] = []
    ids = _sentences_of(idx, chosen)
    values, months = idx.span_values(ids)
    for mention in pc.numbers:
        if number_found(mention, values, months):
            continue
        label = mention.text.strip() or mention.value
        if number_found(mention, idx.all_values, idx.all_months):
            issues.append(f"number {label} not found in the supporting spans")
        else:
            issues.append(f"number {label} not found in source")
    if pc.negated and not bool(idx.sent_has_negation[ids].any()):
        issues.append("the claim has a negation that its supporting spans do not")
    return issues


def _union_meaning(idx: SourceIndex, ids: Sequence[int]) -> SentenceMeaning:
    poles: dict[str, set[int]] = {}
    pl: set[str] = set()
    ord_: set[int] = set()
    lat: set[str] = set()
    neg: set[str] = set()
    ass: set[str] = set()
    for i in ids:
        sm = idx.sent_meaning[i]
        for fam, ps in sm.poles.items():
            poles.setdefault(fam, set()).update(ps)
        pl |= sm.places
        ord_ |= sm.ordinals
        lat |= sm.latin
        neg |= sm.negated
        ass |= sm.asserted
    return SentenceMeaning(
        {k: frozenset(v) for k, v in poles.items()},
        frozenset(pl),
        frozenset(ord_),
        frozenset(lat),
        frozenset(neg),
        frozenset(ass),
    )


def _negation_conflicts(pc: _Claim, span: SentenceMeaning) -> list[str]:
    """A word the span negates and the claim asserts, or the reverse.

    Scope: the two words after לא / אין / אינו... ("לא תחלק דיבידנד"). A word counts as
    negated in the span only if the span never says it without a negation, and forms are
    compared with prefixes, suffixes and root skeletons removed (תחלק ~ יחולק).
    """
    q = pc.text.rfind("?", 0, len(pc.text.rstrip()) - 1)  # "question? answer": the answer
    implicit = pc.negated or any(is_implicit_negation(t) for t in pc.tokens)
    groups: dict[int, list[tuple[bool, bool, str]]] = {}
    for g, t in _negation_groups(pc.tokens, pc.text):
        if t.start < q:
            continue
        forms = set(_word_forms(t))
        in_neg = bool(forms & span.negated)
        in_ass = bool(forms & span.asserted)
        word = pc.text[t.start : t.end]
        if g >= 0:
            groups.setdefault(g, []).append((in_neg, in_ass, word))
        elif not implicit and in_neg and not in_ass:
            return [f"the source negates {word}, which the claim asserts"]
    for words in groups.values():
        if any(n for n, _, _ in words):
            continue  # the span negates it too
        asserted = [w for n, a, w in words if a]
        if asserted:
            return [f"the claim negates {asserted[0]}, which the source asserts"]
    return []


# Words that negate without לא / אין: "בלי שאיש תיעד" ~ "אינה מתועדת", "מחסור במורים
# שהוכשרו" ~ "מורים שלא הוכשרו". A claim holding one is not said to drop a negation.
IMPLICIT_NEGATIONS: frozenset[str] = frozenset(
    normalize(w).text for w in "בלי ללא שום אף מחסור חוסר היעדר העדר איש".split()
)


_WITHOUT: frozenset[str] = frozenset(normalize(w).text for w in ("בלי", "ללא"))


def is_without(t: Token) -> bool:
    """בלי / ללא ("without"), possibly with a glued prefix: it negates the next word."""
    return t.key in _WITHOUT or any(s in _WITHOUT for s in t.stems)


def is_implicit_negation(t: Token) -> bool:
    return t.key in IMPLICIT_NEGATIONS or any(s in IMPLICIT_NEGATIONS for s in t.stems)


def _local_pole(fam: str, idx: SourceIndex, ids: Sequence[int], m: np.ndarray) -> bool:
    """Whether a sentence of the span that holds the family's pole is about the claim:
    it shares at least ``LOCAL_SHARED`` content words with it. A long turn may plan
    something else ("הישיבה הבאה") beside what the claim says is done."""
    for i in ids:
        if fam in idx.sent_meaning[i].poles and int((m[:, i] > 0).sum()) >= LOCAL_SHARED:
            return True
    return False


def _meaning_checks(
    pc: _Claim, idx: SourceIndex, chosen: list[int], m: np.ndarray | None = None
) -> list[str]:
    """Contradictions a paraphrase can carry, checked against the chosen spans.

    * an antonym or direction pair: the claim says one pole, the span only the other
      (עלה / ירד, רווח / הפסד, תמך / התנגד, לפני / אחרי, צפון / דרום...);
    * a negation added or removed on a word the two share;
    * another place, ordinal or Latin-script name than the span's, when the span names one
      (a wrong place taken from elsewhere: "נוסדה ביוקנעם" where the span says "בנתניה");
    * in a dialogue, a claim that names one speaker while its span is said only by others.
    """
    cm = pc.meaning
    if cm is None:
        return []
    # against the best span only: a further span added for other words must not excuse
    # a contradiction of the span the claim is mainly about
    ids = _sentences_of(idx, chosen[:1])
    sm = _union_meaning(idx, ids)
    issues: list[str] = []
    for fam in polarity_conflicts(cm.poles, sm.poles):
        if fam in LOCAL_FAMILIES and m is not None and not _local_pole(fam, idx, ids, m):
            continue
        said = pole_word(fam, next(iter(cm.poles[fam])))
        other = pole_word(fam, next(iter(sm.poles[fam])))
        issues.append(f"the claim says {said} where the supporting span says {other}")
    issues += _negation_conflicts(pc, sm)
    for name, mine, theirs in (
        ("place", cm.places, sm.places),
        ("name", cm.latin, sm.latin),
    ):
        missing = sorted(mine - theirs)
        if missing and theirs:
            issues.append(
                f"{name} {missing[0]} not in the supporting span, which names "
                f"{', '.join(sorted(theirs))}"
            )
    if cm.ordinals and sm.ordinals and not cm.ordinals <= sm.ordinals:
        issues.append("the claim's ordinal (first, second...) differs from the span's")
    if idx.speakers:
        q = pc.text.rfind("?", 0, len(pc.text.rstrip()) - 1)
        forms = {f for t in pc.tokens if t.start > q for f in (t.key, *t.stems)}
        named = {k for k, ws in enumerate(idx.speakers) if ws & forms}
        said_by = {idx.sent_speaker[i] for i in ids} - {-1}
        if named and said_by and not named & said_by:
            issues.append("the claim names a speaker other than the one its span quotes")
    return issues


def _verdict(score: float, lexical: float, issues: list[str], th: Thresholds) -> str:
    if issues:
        return "partial" if lexical >= th.partial else "unsupported"
    if score >= th.supported:
        return "supported"
    if score >= th.partial:
        return "partial"
    return "unsupported"


def ground_claim(
    claim: str,
    source: str,
    *,
    verifier: Verifier | None = None,
    verifier_weight: float = 0.5,
    verifier_top_k: int = VERIFIER_TOP_K,
    thresholds: Thresholds | None = None,
    start: int = 0,
    end: int | None = None,
) -> ClaimResult:
    """Ground one whole claim in ``source`` (no splitting).

    ``start`` / ``end`` are the claim's offsets in its answer, copied to the result.
    """
    th = thresholds or Thresholds()
    end = len(claim) if end is None else end
    idx = index_source(source)
    pc = _prepare_claim(claim)
    if not idx.sentences or not pc.tokens:
        issue = "the source is empty" if not idx.sentences else "the claim has no words"
        return ClaimResult(claim, start, end, "unsupported", 0.0, [], [issue], [])
    if not pc.terms:
        return ClaimResult(
            claim, start, end, "unsupported", 0.0, [], ["no content words to check"], []
        )
    m = _match_matrix(pc, idx)
    w = _term_weights(m, pc)
    c = _candidate_matrix(m, idx)
    lex_score, fz = _rank(pc, idx, c, w)
    score = lex_score.copy()
    order = np.argsort(-score, kind="stable")

    verified: dict[int, float] = {}
    if verifier is not None and verifier_top_k > 0:
        for k in order[:verifier_top_k]:
            k = int(k)
            cand = idx.candidates[k]
            v = min(1.0, max(0.0, float(verifier(claim, source[cand.start : cand.end]))))
            verified[k] = v
            score[k] = (1 - verifier_weight) * score[k] + verifier_weight * v
        top = order[:verifier_top_k]
        top = top[np.argsort(-score[top], kind="stable")]
        order = np.concatenate([top, order[verifier_top_k:]])
    else:
        order = _numbers_first(pc, idx, score, order)

    best = int(order[0])
    chosen = [best]
    # a near copy of one sentence takes its numbers from that sentence, not from elsewhere
    copied = _copied_sentence(pc, idx, best)
    near_copy = copied is not None
    covered = _extra_spans(pc, idx, m, w, chosen, numbers=not near_copy)

    # the claim's support score over the chosen spans
    wsum = float(w.sum()) or 1.0
    n_extra = sum(idx.candidates[k].last - idx.candidates[k].first for k in chosen)
    span_pen = WINDOW_PENALTY * n_extra + EXTRA_SPAN_PENALTY * (len(chosen) - 1)
    union = (
        OVERLAP_WEIGHT * float(w @ covered) / wsum
        + (1 - OVERLAP_WEIGHT) * float(covered.sum()) / len(pc.terms)
        - span_pen
    )
    lexical = float(min(1.0, max(0.0, union, float(lex_score[best]))))
    unexplained, new_words = _unexplained(pc, m, w)
    penalty = UNEXPLAINED_WEIGHT * max(0.0, unexplained - UNEXPLAINED_FREE)
    claim_score = max(0.0, lexical - penalty)
    if best in verified:
        claim_score = (1 - verifier_weight) * lexical + verifier_weight * verified[best]

    issues = _checks(pc, idx, chosen)
    if issues:
        claim_score *= ISSUE_PENALTY
    conflicts = _meaning_checks(pc, idx, chosen, m)
    if conflicts:
        issues += conflicts
        claim_score *= CONFLICT_PENALTY
    if copied is not None:
        # measured against the copied sentence alone: words fetched from another sentence
        # do not excuse a swap ("ירושלים הוכרזה כבירה" -> "תל אביב הוכרזה כבירה")
        swapped = _substitutions(pc, m[:, copied])
        if not pc.negated and _dropped_negation(pc, idx, copied):
            swapped.append("the source negates what the claim asserts")
        if swapped:
            issues += swapped
            claim_score *= WORD_PENALTY
    if not any(i.startswith("word ") for i in issues):
        framed = _frame_substitutions(pc, idx, m)
        if framed:
            issues += framed
            claim_score *= WORD_PENALTY
    verdict = _verdict(claim_score, lexical, issues, th)
    if penalty and verdict == "partial" and not issues and claim_score + penalty >= th.supported:
        # say why a claim whose words otherwise match is only partial (after the verdict:
        # this note is an explanation, not a failed check)
        issues.append("the claim adds words the source never uses: " + ", ".join(new_words[:4]))

    def span_of(k: int) -> SpanResult:
        cand = idx.candidates[k]
        text = source[cand.start : cand.end]
        return SpanResult(cand.start, cand.end, text, round(float(score[k]), 4))

    ranked = [span_of(k) for k in chosen]
    seen = set(chosen)
    for k in order[:8]:
        k = int(k)
        if k not in seen:
            ranked.append(span_of(k))
            seen.add(k)
    return ClaimResult(
        text=claim,
        start=start,
        end=end,
        verdict=verdict,
        score=round(float(claim_score), 4),
        spans=ranked[: len(chosen)] if verdict != "unsupported" else [],
        issues=issues,
        candidates=ranked,
    )


def split_claims(answer: str) -> list[tuple[int, int]]:
    """The answer's claims as [start, end) offsets: sentences, long ones cut shorter."""
    out = []
    for s, e in split_sentences(answer):
        while e - s > MAX_CLAIM_CHARS:
            cut = _cut_point(answer, s, s + MAX_CLAIM_CHARS)
            piece_end = cut
            while piece_end > s and answer[piece_end - 1].isspace():
                piece_end -= 1
            if piece_end > s:
                out.append((s, piece_end))
            s = cut
            while s < e and answer[s].isspace():
                s += 1
        if e > s:
            out.append((s, e))
    return out


def _cut_point(text: str, lo: int, hi: int) -> int:
    """Where to cut text[lo:hi]: after the last ; or , else the last space, else at hi."""
    floor = lo + MAX_CLAIM_CHARS // 2
    for marks in (";", ",", " "):
        best = max(text.rfind(ch, floor, hi) for ch in marks)
        if best > lo:
            return best + 1
    return hi


def ground(
    answer: str,
    source: str,
    *,
    verifier: Verifier | None = None,
    verifier_weight: float = 0.5,
    verifier_top_k: int = VERIFIER_TOP_K,
    thresholds: Thresholds | None = None,
    record: str | None = None,
) -> Grounding:
    """Split ``answer`` into claims and ground each in ``source``."""
    if not answer or not answer.strip():
        return Grounding([], record, "the answer is empty: there are no claims to check")
    claims = []
    for s, e in split_claims(answer):
        claims.append(
            ground_claim(
                answer[s:e],
                source,
                verifier=verifier,
                verifier_weight=verifier_weight,
                verifier_top_k=verifier_top_k,
                thresholds=thresholds,
                start=s,
                end=e,
            )
        )
    if not claims:
        return Grounding([], record, "the answer has no words: there are no claims to check")
    message = "" if source.strip() else "the source is empty: nothing can be supported"
    return Grounding(claims, record, message)
