"""Ground an answer in its source: the grounding pipeline, run stage by stage.

``ground(answer, source)`` splits the answer into claims (its sentences; very long ones
are cut at clause or word boundaries) and grounds each with ``ground_claim``. For every
claim the engine returns the source spans that support it (offsets into the original
source), a support score in [0, 1], a verdict (``supported`` / ``partial`` /
``unsupported``) and typed issues (``results.Issue``).

Data flows once, in one direction, through one module per stage:

1. ``index``: index the source (cached per source text);
2. ``prepare``: prepare the claim (tokens, content words, numbers, "question? answer");
3. ``candidates``: match the claim's words and score every candidate span;
4. ``support``: choose the support spans and score them;
5. ``checks``: run the consistency and meaning checks on the support;
6. ``verdict``: give the verdict, score, spans and issues;
7. ``calibration``: the calibrated probability that the claim is supported and its
   confidence tier (``calibrated``: ``ClaimResult.probability`` and ``.confidence``). It
   reads the verdict, score and issues and changes none of them.

How each stage works, its data and its limits: ``docs/grounding.md``.

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

from functools import lru_cache
from typing import TypedDict, Unpack

from workbench.grounding.candidates import rank_candidates
from workbench.grounding.checks import run_checks
from workbench.grounding.params import (
    CLAIM_MEMO_SIZE,
    MAX_CLAIM_CHARS,
    SHORT_ANSWER,
    VERIFIER_TOP_K,
)
from workbench.grounding.prepare import content_keys, prepare_claim
from workbench.grounding.probability.calibration import calibrated
from workbench.grounding.reading.index import index_source
from workbench.grounding.results import ClaimResult, Grounding, Issue, IssueKind
from workbench.grounding.support import Verifier, VerifierSettings, choose_support
from workbench.grounding.verdict import Thresholds, decide, empty_result
from workbench.hebrew import split_sentences

__all__ = ["GroundingOptions", "Thresholds", "Verifier", "ground", "ground_claim", "split_claims"]


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
    question: str | None = None,
) -> ClaimResult:
    """Ground one whole claim in ``source`` (no splitting).

    ``start`` / ``end`` are the claim's offsets in its answer, copied to the result. With
    ``question``, the claim is judged as an answer to it: it must stand where the source
    answers the question (as "question? claim" is).
    """
    end = len(claim) if end is None else end
    settings = VerifierSettings(verifier, verifier_weight, verifier_top_k)
    result = _verdict(claim, source, settings, thresholds or Thresholds(), start, end, question)
    return calibrated(result)


def _verdict(
    claim: str,
    source: str,
    settings: VerifierSettings,
    thresholds: Thresholds,
    start: int,
    end: int,
    question: str | None,
) -> ClaimResult:
    """Stages 1-6 of ``ground_claim``: the claim's verdict, score, spans and issues."""
    idx = index_source(source)
    pc = prepare_claim(claim, question)
    if not idx.sentences:
        return empty_result(claim, start, end, Issue(IssueKind.EMPTY_SOURCE, "the source is empty"))
    if not pc.tokens:
        return empty_result(claim, start, end, Issue(IssueKind.NO_WORDS, "the claim has no words"))
    if not pc.terms:
        msg = "no content words to check"
        return empty_result(claim, start, end, Issue(IssueKind.NO_CONTENT_WORDS, msg))
    ranking = rank_candidates(pc, idx)
    support = choose_support(pc, idx, ranking, settings)
    checks = run_checks(pc, idx, ranking, support)
    return decide(pc, idx, support, checks, thresholds, start=start, end=end)


def question_words(text: str | None) -> frozenset[str]:
    """The content-word keys of ``text`` (to tell which claims answer a question)."""
    if not text:
        return frozenset()
    return content_keys(text)


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


class GroundingOptions(TypedDict, total=False):
    """How each claim is grounded (``ground_claim``'s keyword arguments of the same names)."""

    verifier: Verifier | None
    verifier_weight: float
    verifier_top_k: int
    thresholds: Thresholds | None


def ground(
    answer: str,
    source: str,
    *,
    record: str | None = None,
    question: str | None = None,
    **options: Unpack[GroundingOptions],
) -> Grounding:
    """Split ``answer`` into claims and ground each in ``source``.

    ``question``: the question the answer answers. The claims that answer it (a short
    claim of at most ``SHORT_ANSWER`` content words, or one sharing a content word with
    the question) are judged as answers to it; see ``ground_claim``. A claim that shares
    nothing with the question is grounded alone, so the question's words cannot lend it
    support. ``options`` (``GroundingOptions``: a verifier, its weight and top k, the
    thresholds) go to every ``ground_claim``. Without a verifier, claim results are
    memoised (``CLAIM_MEMO_SIZE``): a claim repeated in another answer to the same source
    and question is not grounded again (``forget_claims`` empties the memo).
    """
    if not answer or not answer.strip():
        return Grounding([], record, "the answer is empty: there are no claims to check")
    claims = []
    memo = options.get("verifier") is None  # a verifier may be anything: never memoised
    for s, e in split_claims(answer):
        if memo:
            got = _memo_claim(answer[s:e], source, question, options.get("thresholds"))
            claims.append(_copy_at(got, s, e))
        else:
            claims.append(_ground_one(answer[s:e], source, question, start=s, end=e, **options))
    if not claims:
        return Grounding([], record, "the answer has no words: there are no claims to check")
    message = "" if source.strip() else "the source is empty: nothing can be supported"
    return Grounding(claims, record, message)


def _ground_one(
    claim: str,
    source: str,
    question: str | None,
    *,
    start: int = 0,
    end: int | None = None,
    **options: Unpack[GroundingOptions],
) -> ClaimResult:
    """``ground_claim`` of one claim of an answer to ``question`` (the record's): the claim
    is judged as an answer to it when it answers it (see ``ground``)."""
    words = question_words(claim)
    answers = question if question_words(question) & words or len(words) <= SHORT_ANSWER else None
    return ground_claim(claim, source, start=start, end=end, question=answers, **options)


@lru_cache(maxsize=CLAIM_MEMO_SIZE)
def _memo_claim(
    claim: str, source: str, question: str | None, thresholds: Thresholds | None
) -> ClaimResult:
    """``_ground_one`` without a verifier, memoised: a claim's result is a function of
    (claim, source, question, thresholds) but for its offsets in the answer, and answers
    to one record often repeat a sentence (of the source, of the reference, or of another
    model's answer). Shared: callers get a copy (``_copy_at``)."""
    return _ground_one(claim, source, question, thresholds=thresholds)


def forget_claims() -> None:
    """Empty the claim memo of ``ground`` (a benchmark times the engine, not the memo)."""
    _memo_claim.cache_clear()


def _copy_at(r: ClaimResult, start: int, end: int) -> ClaimResult:
    """A memoised claim result at offsets [start, end) of its answer, with lists of its own
    (its probability kept, not computed again)."""
    return r.moved(start, end)
