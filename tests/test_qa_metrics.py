"""QA metrics: parity with FMEval's own unit-test cases, and the Hebrew layer's behaviour."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from workbench.scoring import qa_metrics as qm

CASES_FILE = Path(__file__).parent / "data" / "fmeval_cases.json"
CASES = json.loads(CASES_FILE.read_text(encoding="utf-8"))["cases"]


def _value(v: float | str) -> float:
    return float(Fraction(v)) if isinstance(v, str) else float(v)


def _case_id(case: dict) -> str:
    text = case.get("model_output", case.get("text", ""))
    return f"{case['kind']}-{case.get('function', 'split')}-{text[:24]!r}"


@pytest.mark.parametrize("case", CASES, ids=[_case_id(c) for c in CASES])
def test_fmeval_parity(case: dict) -> None:
    kind = case["kind"]
    if kind == "split":  # the word set the word scores read, without normalising
        raw = {"normalize_text": False, "strip_text": False, "hebrew": False}
        if case["expected"]:  # both sides hold the other's every word
            expected = " ".join(case["expected"])
            assert qm.precision_over_words(case["text"], expected, **raw) == 1.0
            assert qm.recall_over_words(case["text"], expected, **raw) == 1.0
        else:  # no word: even the text against itself scores 0
            assert qm.f1_score(case["text"], case["text"], **raw) == 0.0
    elif kind == "pair":
        fn = getattr(qm, case["function"])
        kwargs = {"strip_text": case["strip_text"]} if "strip_text" in case else {}
        assert fn(case["model_output"], case["target_output"], **kwargs) == _value(case["expected"])
    elif kind in ("qa_sample", "fk_sample"):
        fn = getattr(qm, case["function"])
        got = fn(case["model_output"], case["target_output"])
        assert got == {k: _value(v) for k, v in case["expected"].items()}
    elif kind in ("qa_dataset", "fk_dataset"):
        fn = getattr(qm, case["function"])
        rows = [fn(m, t) for m, t in case["rows"]]
        for name, expected in case["expected"].items():
            mean = sum(r[name] for r in rows) / len(rows)
            assert mean == pytest.approx(_value(expected), abs=1e-12)
        for cat, scores in case["expected_by_category"].items():
            mine = [r for r, c in zip(rows, case["categories"], strict=True) if c == cat]
            for name, expected in scores.items():
                mean = sum(r[name] for r in mine) / len(mine)
                assert mean == pytest.approx(_value(expected), abs=1e-12)
    else:  # pragma: no cover
        pytest.fail(f"unknown case kind {kind}")


def test_case_file_cites_its_source() -> None:
    doc = json.loads(CASES_FILE.read_text(encoding="utf-8"))
    assert all(s["repo"] == "aws/fmeval" and s["license"] == "Apache-2.0" for s in doc["sources"])
    assert len(CASES) >= 60


def test_pairwise_functions_agree_with_combined_scores() -> None:
    for mo, to in [("tarantino!", "Quentin Tarantino"), ("שָׁלוֹם לכם", "שלום לכולם")]:
        combined = qm.qa_accuracy_scores(mo, to)
        for name, fn in qm.QA_ACCURACY_SCORES_TO_FUNCS.items():
            assert combined[name] == fn(mo, to)


# --- Hebrew layer: expected values worked out by hand ------------------------------------


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("שָׁלוֹם", "שלום"),  # niqqud
        ('צה"ל', "צה״ל"),  # ASCII double quote vs gershayim
        ("צה״ל", "צהל"),
        ("ג׳ירפה", "גירפה"),  # geresh
        ("ירושלים", "ירושלימ"),  # final letter
        ("בית־ספר", "בית ספר"),  # maqaf is a word break
    ],
)
def test_hebrew_quasi_exact_match(a: str, b: str) -> None:
    assert qm.quasi_exact_match_score(a, b) == 1.0
    assert qm.exact_match_score(a, b) == 0.0
    # FMEval's English-only normalisation does not see them as equal.
    assert qm.quasi_exact_match_score(a, b, hebrew=False) == 0.0


def test_no_letter_is_removed_so_different_words_stay_apart() -> None:
    # issue 12: the old layer stripped prefixes greedily and equated these.
    assert qm.f1_score("ממשלה", "שלה") == 0.0  # government / hers
    # {הממשלה, החליטה} vs {שלה, החליטה}: 1 shared word of 2 on each side -> P = R = 1/2.
    assert qm.f1_score("הממשלה החליטה", "שלה החליטה") == 0.5
    assert qm.f1_score("שלום", "לום") == 0.0
    assert qm.hebrew_normalize("הבית של כל") == "הבית של כל"
    # a glued prefix is a different word under FMEval's names, as in FMEval
    assert qm.quasi_exact_match_score("בירושלים", "ירושלים") == 0.0


def test_final_letters_and_factual_inclusion() -> None:
    # "ירושלימה" contains "ירושלים" only once the final mem is read as a plain mem.
    assert qm.exact_inclusion_score("נסענו ירושלימה", "ירושלים") == 0.0
    assert qm.quasi_exact_inclusion_score("נסענו ירושלימה", "ירושלים") == 1.0


def test_hebrew_word_overlap_by_hand() -> None:
    # answer words {התקציב, גדל, ב12}; reference "תקציב העירייה גדל ב-12%" -> {תקציב,
    # העירייה, גדל, ב12}: 2 shared (גדל, ב12); precision 2/3, recall 2/4, F1 = 4/7.
    scores = qm.qa_accuracy_scores("התקציב גדל ב-12%.", "תקציב העירייה גדל ב-12%")
    assert scores["precision_over_words"] == pytest.approx(2 / 3)
    assert scores["recall_over_words"] == 0.5
    assert scores["f1_score"] == pytest.approx(4 / 7)
    assert scores["exact_match_score"] == 0.0


def test_factual_knowledge_or_and() -> None:
    answer = "הכנסת אישרה 1,234 מיליון שקלים בשנת 2024"
    assert (
        qm.factual_knowledge_scores(answer, "1.234 מיליארד<OR>1,234 מיליון")["factual_knowledge"]
        == 1.0
    )
    assert qm.factual_knowledge_scores(answer, "כנסת<AND>2025")["factual_knowledge"] == 0.0
    both = qm.factual_knowledge_scores(answer, "כנסת<AND>2023<OR>2024")
    assert both == {"factual_knowledge": 1.0, "factual_knowledge_quasi_exact": 1.0}
    assert qm.parse_fact("a<OR>b<AND>c") == [["a", "b"], ["c"]]


def test_text_without_hebrew_is_left_to_fmeval() -> None:
    text = "Hello – World…  (ﬁne)"
    assert qm.normalize(text) == qm.normalize_text_quac_protocol(text)
    assert not qm.has_hebrew(text)
    assert qm.has_hebrew("abc ש")


def test_empty_inputs_score_zero_like_fmeval() -> None:
    assert qm.f1_score("", "") == 0.0
    assert qm.precision_over_words("", "yes") == 0.0
    assert qm.recall_over_words("yes", "") == 0.0
    assert qm.exact_match_score("", "") == 1.0
