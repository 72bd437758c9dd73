"""FMEval's QA-accuracy and factual-knowledge metrics, with a Hebrew-aware normaliser on top.

The metrics carry FMEval's names and definitions (``aws/fmeval``,
``src/fmeval/eval_algorithms/qa_accuracy.py``, ``factual_knowledge.py`` and
``normalize_text_quac_protocol`` in ``eval_algorithms/util.py``; Apache-2.0). fmeval is not
a dependency: the definitions are re-implemented here and checked against the input/expected
pairs of FMEval's own unit tests (``tests/data/fmeval_cases.json``).

- ``exact_match_score``: 1.0 if the stripped strings are equal, else 0.0 (no normalisation).
- ``quasi_exact_match_score``: 1.0 if the stripped, normalised strings are equal.
- ``precision_over_words`` / ``recall_over_words`` / ``f1_score``: over *sets* of words
  (``str.split()`` after stripping and normalising), as NLTK's ``precision``/``recall``/
  ``f_measure`` compute them; an empty set gives 0.0, as in FMEval.
- ``exact_inclusion_score``: the lower-cased target is a substring of the lower-cased output.
- ``quasi_exact_inclusion_score``: the normalised target is a substring of the normalised output.

FMEval's normalisation (the SQuAD/QuAC protocol) lower-cases, deletes ASCII punctuation,
splits on single spaces and drops empty words and the English articles a/an/the.

Hebrew layer: when either text of a pair contains a Hebrew character, both texts then also
go through ``hebrew_normalize``; pairs without Hebrew are scored exactly as FMEval scores
them (pass ``hebrew=False`` to force FMEval's behaviour, ``True`` to force the layer).
The letters are normalised by ``workbench.hebrew``'s normaliser, the same one the grounding
engine uses; then punctuation is deleted:

1. presentation forms (U+FB1D-FB4F) are decomposed (NFKC); niqqud and cantillation marks are
   dropped; maqaf, paseq, sof pasuq and nun hafukha become spaces;
2. geresh and gershayim (U+05F3/U+05F4), all other Unicode punctuation and format characters
   (RLM/LRM...; in the Basic Multilingual Plane) are deleted, so ``צה"ל``, ``צה״ל`` and
   ``צהל`` agree;
3. final letters become their base forms (ך ם ן ף ץ -> כ מ נ פ צ).

No letter is ever removed: a glued proclitic (ב, ה, ו, ל...) keeps its word distinct,
exactly as FMEval would keep "the house" and "house" apart if articles were glued. So
``f1_score("ממשלה", "שלה")`` is 0.0 (government / hers), not 1.0. The prefix-tolerant and
TLNLS scores for Hebrew live under their own names in ``workbench.scoring.hebrew_metrics``.
"""

from __future__ import annotations

import re
import string
import unicodedata
from collections.abc import Callable
from functools import lru_cache

from workbench.hebrew.normalization import normalize_text as normalize_hebrew_text

EXACT_MATCH_SCORE = "exact_match_score"
QUASI_EXACT_MATCH_SCORE = "quasi_exact_match_score"
PRECISION_OVER_WORDS = "precision_over_words"
RECALL_OVER_WORDS = "recall_over_words"
F1_SCORE = "f1_score"
# FMEval's order (QA_ACCURACY_SCORE_NAMES).
QA_ACCURACY_SCORE_NAMES: tuple[str, ...] = (
    F1_SCORE,
    EXACT_MATCH_SCORE,
    QUASI_EXACT_MATCH_SCORE,
    PRECISION_OVER_WORDS,
    RECALL_OVER_WORDS,
)
# FMEval's factual-knowledge score names (FACTUAL_KNOWLEDGE, FACTUAL_KNOWLEDGE_QUASI_EXACT).
FACTUAL_KNOWLEDGE = "factual_knowledge"
FACTUAL_KNOWLEDGE_QUASI_EXACT = "factual_knowledge_quasi_exact"
FACTUAL_KNOWLEDGE_SCORE_NAMES: tuple[str, ...] = (FACTUAL_KNOWLEDGE, FACTUAL_KNOWLEDGE_QUASI_EXACT)

OR_DELIMITER = "<OR>"
AND_DELIMITER = "<AND>"

ENGLISH_ARTICLES = frozenset({"a", "an", "the"})
_ASCII_PUNCT_TABLE = str.maketrans("", "", string.punctuation)

# --- FMEval's normalisation -------------------------------------------------------------


def normalize_text_quac_protocol(text: str) -> str:
    """FMEval's normaliser: lower-case, delete ASCII punctuation, drop empty words and articles.

    Splits on single spaces (not all whitespace), exactly as FMEval does, so a newline stays
    inside a word here and is only split off later by ``str.split()``.
    """
    text = text.lower().translate(_ASCII_PUNCT_TABLE)
    return " ".join(w for w in text.split(" ") if w != "" and w not in ENGLISH_ARTICLES)


# --- Hebrew layer -----------------------------------------------------------------------

_HEBREW_RE = re.compile("[\u0590-\u05ff\ufb1d-\ufb4f]")
_SPACE_MARKS = {"\u05be", "\u05c0", "\u05c3", "\u05c6"}  # maqaf, paseq, sof pasuq, nun hafukha


def _build_punctuation_table() -> dict[int, str]:
    """Hebrew punctuation marks to spaces; every other punctuation or format character gone."""
    table: dict[int, str] = {ord(c): " " for c in _SPACE_MARKS}
    for cp in range(0x10000):
        if cp not in table and unicodedata.category(chr(cp)).startswith(("P", "Cf")):
            table[cp] = ""
    return table


_PUNCTUATION_TABLE = _build_punctuation_table()


def has_hebrew(text: str) -> bool:
    """Whether ``text`` holds any character from the Hebrew blocks."""
    return _HEBREW_RE.search(text) is not None


def hebrew_normalize(text: str) -> str:
    """The Hebrew layer alone (see the module docstring); words joined by single spaces.

    The letters come from the workbench's one Hebrew normaliser (``workbench.hebrew``:
    NFKC, niqqud and format characters dropped, final letters folded); this layer then
    only deletes punctuation, which ``workbench.hebrew`` keeps for its offset maps.
    """
    return " ".join(normalize_hebrew_text(text).translate(_PUNCTUATION_TABLE).split())


@lru_cache(maxsize=512)
def normalize(text: str, *, hebrew: bool = False) -> str:
    """FMEval's normalisation, then (when ``hebrew``) the Hebrew layer.

    Cached: scoring normalises each answer and its record's reference several times (once
    per score), and a reference once for every answer to it."""
    text = normalize_text_quac_protocol(text)
    return hebrew_normalize(text) if hebrew else text


def _use_hebrew(a: str, b: str, hebrew: bool | None) -> bool:
    return (has_hebrew(a) or has_hebrew(b)) if hebrew is None else hebrew


# --- QA accuracy (pairwise, as FMEval's private functions) -----------------------------


def _prepare(text: str, *, normalize_text: bool, strip_text: bool, hebrew: bool) -> str:
    if strip_text:
        text = text.strip()
    if normalize_text:
        text = normalize(text, hebrew=hebrew)
    return text


def _word_sets(
    model_output: str, target_output: str, normalize_text: bool, strip_text: bool, hebrew: bool
) -> tuple[set[str], set[str]]:
    kw = {"normalize_text": normalize_text, "strip_text": strip_text, "hebrew": hebrew}
    return (
        set(_prepare(model_output, **kw).split()),
        set(_prepare(target_output, **kw).split()),
    )


def _precision(test: set[str], reference: set[str]) -> float | None:
    return len(reference & test) / len(test) if test else None


def _recall(test: set[str], reference: set[str]) -> float | None:
    return len(reference & test) / len(reference) if reference else None


def exact_match_score(model_output: str, target_output: str) -> float:
    """1.0 if the two strings are equal after stripping surrounding whitespace, else 0.0."""
    return float(model_output.strip() == target_output.strip())


def quasi_exact_match_score(
    model_output: str, target_output: str, *, hebrew: bool | None = None
) -> float:
    """1.0 if the two strings are equal after stripping and normalising, else 0.0."""
    heb = _use_hebrew(model_output, target_output, hebrew)
    return float(
        normalize(model_output.strip(), hebrew=heb) == normalize(target_output.strip(), hebrew=heb)
    )


def _word_score(
    score: Callable[[set[str], set[str]], float | None], doc: str
) -> Callable[..., float]:
    """A public word-set score: FMEval's arguments, ``score`` on the two word sets."""

    def metric(
        model_output: str,
        target_output: str,
        *,
        normalize_text: bool = True,
        strip_text: bool = True,
        hebrew: bool | None = None,
    ) -> float:
        heb = _use_hebrew(model_output, target_output, hebrew)
        test, ref = _word_sets(model_output, target_output, normalize_text, strip_text, heb)
        value = score(test, ref)
        return 0.0 if value is None else float(value)

    metric.__doc__ = doc
    return metric


precision_over_words = _word_score(
    _precision,
    "Share of the output's distinct words that are in the target (0.0 for an empty output).",
)
recall_over_words = _word_score(
    _recall, "Share of the target's distinct words found in the output (0.0 for an empty target)."
)
f1_score = _word_score(
    lambda test, ref: _f_measure(test, ref),
    "Harmonic mean of word precision and recall, as NLTK's ``f_measure`` (alpha 0.5).",
)


def _f_measure(test: set[str], ref: set[str], alpha: float = 0.5) -> float:
    p, r = _precision(test, ref), _recall(test, ref)
    if p is None or r is None:
        return 0.0
    if p == 0 or r == 0:
        return 0.0
    return float(1.0 / (alpha / p + (1 - alpha) / r))


QA_ACCURACY_SCORES_TO_FUNCS: dict[str, Callable[..., float]] = {
    F1_SCORE: f1_score,
    EXACT_MATCH_SCORE: exact_match_score,
    QUASI_EXACT_MATCH_SCORE: quasi_exact_match_score,
    PRECISION_OVER_WORDS: precision_over_words,
    RECALL_OVER_WORDS: recall_over_words,
}


def qa_accuracy_scores(
    model_output: str,
    target_output: str,
    *,
    delimiter: str | None = OR_DELIMITER,
    hebrew: bool | None = None,
) -> dict[str, float]:
    """All five QA-accuracy scores; each is its maximum over the ``<OR>`` targets, as in FMEval.

    Faster than calling the five functions: each text is normalised once per target.
    """
    targets = target_output.split(delimiter) if delimiter else [target_output]
    best = dict.fromkeys(QA_ACCURACY_SCORE_NAMES, 0.0)
    for target in targets:
        heb = _use_hebrew(model_output, target, hebrew)
        out_norm = normalize(model_output.strip(), hebrew=heb)
        tgt_norm = normalize(target.strip(), hebrew=heb)
        test, ref = set(out_norm.split()), set(tgt_norm.split())
        p, r = _precision(test, ref), _recall(test, ref)
        scores = {
            F1_SCORE: _f_measure(test, ref),
            EXACT_MATCH_SCORE: exact_match_score(model_output, target),
            QUASI_EXACT_MATCH_SCORE: float(out_norm == tgt_norm),
            PRECISION_OVER_WORDS: 0.0 if p is None else float(p),
            RECALL_OVER_WORDS: 0.0 if r is None else float(r),
        }
        for name, value in scores.items():
            best[name] = max(best[name], value)
    return best


# --- Factual knowledge ------------------------------------------------------------------


def exact_inclusion_score(model_output: str, target_output: str) -> float:
    """1.0 if the lower-cased target occurs in the lower-cased output, else 0.0."""
    return float(target_output.lower() in model_output.lower())


def quasi_exact_inclusion_score(
    model_output: str, target_output: str, *, hebrew: bool | None = None
) -> float:
    """1.0 if the normalised target occurs in the normalised output, else 0.0."""
    heb = _use_hebrew(model_output, target_output, hebrew)
    return float(
        normalize(target_output.strip(), hebrew=heb) in normalize(model_output.strip(), hebrew=heb)
    )


def parse_fact(fact: str) -> list[list[str]]:
    """Split a fact into ``<AND>`` groups of ``<OR>`` variants: ``"a<OR>b<AND>c"`` -> [[a, b], [c]].

    FMEval reads one delimiter per run (``<OR>`` with max, or ``<AND>`` with min); a fact that
    uses only one of them is read exactly as FMEval reads it. Mixing both means "every group
    present, any variant per group".
    """
    return [group.split(OR_DELIMITER) for group in fact.split(AND_DELIMITER)]


def fact_problem(fact: str) -> str | None:
    """Why ``fact`` cannot be scored, or None: the one check of facts wherever they enter.

    A fact with an empty or whitespace-only variant (``47<OR>``, ``a<AND> ``) would match
    every answer (the empty string is in every text), so it is refused.
    """
    if not fact.strip():
        return "is empty"
    if any(not v.strip() for group in parse_fact(fact) for v in group):
        return "has an empty variant"
    return None


def factual_knowledge_scores(
    model_output: str, fact: str, *, hebrew: bool | None = None
) -> dict[str, float]:
    """FMEval's two factual-knowledge scores: ``<OR>`` variants take the max, ``<AND>`` the min."""
    groups = parse_fact(fact)
    exact = min(max(exact_inclusion_score(model_output, v) for v in g) for g in groups)
    quasi = min(
        max(quasi_exact_inclusion_score(model_output, v, hebrew=hebrew) for v in g) for g in groups
    )
    return {FACTUAL_KNOWLEDGE: exact, FACTUAL_KNOWLEDGE_QUASI_EXACT: quasi}
