"""The derivation hint: a figure the source does not write but gives by arithmetic is
still a ``number_not_in_source`` issue (the verdict does not move), and the issue says
which two source figures give it and carries their spans for the views (JSON, HTML, the
text of `workbench check`). Hebrew examples written for these tests."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from workbench.cli import main
from workbench.grounding import IssueKind, ground, ground_claim
from workbench.grounding.html_report import render_html
from workbench.grounding.values import derivation_hint
from workbench.ui.grounding_html import found_highlights

SRC = (
    "בשנת 2022 ביקרו במוזיאון 6,200 תלמידים. בשנת 2023 ביקרו בו רק 4,700 תלמידים, "
    "בגלל השיפוצים. המוזיאון מעסיק 35 מדריכים ו-12 מאבטחים."
)
DROP = "בין 2022 ל-2023 נרשמה ירידה של 1,500 תלמידים במספר המבקרים במוזיאון."


def _at(text: str, figure: str) -> tuple[int, int]:
    s = text.index(figure)
    return (s, s + len(figure))


def _number_issue(claim: str, source: str = SRC):
    r = ground_claim(claim, source)
    got = [i for i in r.issues if i.kind is IssueKind.NUMBER_NOT_IN_SOURCE]
    assert len(got) == 1, r.issues
    return r, got[0]


def test_a_right_difference_points_at_its_operands() -> None:
    r, issue = _number_issue(DROP)
    assert r.verdict == "partial"
    assert issue.operands == (_at(SRC, "6,200"), _at(SRC, "4,700"))
    s1, s2 = issue.operands
    assert issue.message == (
        "number 1,500 not found in source; it equals 6,200 − 4,700 "
        f"(source [{s1[0]}:{s1[1]}], [{s2[0]}:{s2[1]}]): check the arithmetic"
    )


def test_a_total_points_at_its_operands() -> None:
    _, issue = _number_issue("בשתי השנים ביקרו במוזיאון 10,900 תלמידים.")
    assert issue.operands == (_at(SRC, "6,200"), _at(SRC, "4,700"))
    assert "6,200 + 4,700" in issue.message


@pytest.mark.parametrize("wrong", ["1,501", "1,499", "3,000", "1,510"])
def test_no_hint_for_a_figure_off_by_one_or_doubled(wrong: str) -> None:
    _, issue = _number_issue(DROP.replace("1,500", wrong))
    assert issue.operands == ()
    assert issue.message == f"number {wrong} not found in source"


def test_operands_count_the_claims_noun() -> None:
    # 35 - 12 = 23, but 12 counts guards, not guides: no pointer
    _, issue = _number_issue("המוזיאון מעסיק 23 מדריכים.")
    assert issue.operands == ()


def test_about_takes_the_claims_own_rounding() -> None:
    src = SRC.replace("6,200", "6,180")
    _, about = _number_issue(DROP.replace("של 1,500", "של כ-1,500"), src)
    assert about.operands == (_at(src, "6,180"), _at(src, "4,700"))
    assert "it is about 6,180 − 4,700 = 1,480" in about.message
    _, exact = _number_issue(DROP, src)  # without "כ-" 1,500 is not 1,480
    assert exact.operands == ()


def test_a_share_in_percent() -> None:
    src = "בסקר השתתפו 800 תושבים. מתוכם השיבו 200 תושבים שהם מרוצים מהפארק החדש."
    _, issue = _number_issue("רבע מהמשתתפים, 25% מהתושבים, מרוצים מהפארק החדש.", src)
    assert issue.operands == (_at(src, "200"), _at(src, "800"))
    assert "200 ÷ 800 × 100" in issue.message


def test_the_hint_moves_no_verdict_score_or_probability(monkeypatch) -> None:
    with_hint = ground_claim(DROP, SRC)
    off = replace(derivation_hint.HINT_RULE, ops=frozenset())
    monkeypatch.setattr(derivation_hint, "HINT_RULE", off)
    without = ground_claim(DROP, SRC)
    assert [i.operands for i in without.issues] == [()]
    assert with_hint.issues[0].operands != ()
    assert (with_hint.verdict, with_hint.score, with_hint.probability, with_hint.confidence) == (
        without.verdict,
        without.score,
        without.probability,
        without.confidence,
    )
    assert [i.kind for i in with_hint.issues] == [i.kind for i in without.issues]


def test_json_carries_the_operand_spans() -> None:
    d = ground(DROP, SRC).to_dict()
    (detail,) = d["claims"][0]["issue_details"]
    assert detail["kind"] == "number_not_in_source"
    assert detail["operands"] == [list(_at(SRC, "6,200")), list(_at(SRC, "4,700"))]
    assert detail["span"] is None


def test_html_marks_the_operands_escaped() -> None:
    src = "<b>" + SRC
    g = ground(DROP, src)
    page = render_html(g, src)
    assert "&lt;b&gt;" in page and "<b>" not in page
    marks = page.split('class="wb-hl wb-operand"')
    assert len(marks) == 3  # one mark per operand
    for figure, piece in zip(("6,200", "4,700"), marks[1:], strict=True):
        assert piece.split(">", 1)[1].startswith(f"{figure}</mark>")
    assert "claim 1: number 1,500 not found in source; it equals 6,200 − 4,700" in page
    # the widget's view of the same result marks them as operands too
    ops = [h for h in found_highlights(g, "u") if h.role == "operand"]
    assert [(h.start, h.end) for h in ops] == [_at(src, "6,200"), _at(src, "4,700")]


def test_check_cli_json_and_text(write_json, records, capsys) -> None:
    records[0]["source_text"] = SRC
    first = "בשנת 2022 ביקרו במוזיאון 6,200 תלמידים."
    attribution = records[0]["claims"][0]["attribution"][0]
    attribution.update(source_excerpt=first, start_char=0, end_char=len(first), sentence_id=0)
    path = write_json(records)
    args = ["check", "--data", str(path), "--record", "r1", "--answer", DROP]
    assert main([*args, "--format", "json"]) == 0
    d = json.loads(capsys.readouterr().out)
    (detail,) = d["claims"][0]["issue_details"]
    assert detail["operands"] == [list(_at(SRC, "6,200")), list(_at(SRC, "4,700"))]
    assert main([*args, "--format", "text"]) == 0
    out = capsys.readouterr().out
    s1, s2 = _at(SRC, "6,200"), _at(SRC, "4,700")
    assert f"it equals 6,200 − 4,700 (source [{s1[0]}:{s1[1]}], [{s2[0]}:{s2[1]}])" in out


# --- review22: pointers that named the wrong thing, and the cost of the pair search ---


def test_a_span_of_years_shows_the_years_as_written() -> None:
    src = "המפעל נוסד בשנת 1995 בעיר הצפונית. הוא נסגר בשנת 2015 לאחר משבר ארוך."
    _, issue = _number_issue("המפעל פעל במשך 20 שנים בעיר הצפונית.", src)
    assert issue.operands == (_at(src, "2015"), _at(src, "1995"))
    assert "it equals 2015 − 1995 (" in issue.message


def test_percentages_keep_their_sign() -> None:
    src = (
        "בשנת 2020 שיעור האבטלה בעיר היה 30.4% מכוח העבודה. "
        "בשנת 2024 שיעור האבטלה בעיר היה 18% מכוח העבודה."
    )
    _, issue = _number_issue("שיעור האבטלה בעיר ירד בכ-12% מכוח העבודה.", src)
    assert issue.operands == (_at(src, "30.4%"), _at(src, "18%"))
    assert "it is about 30.4% − 18% = 12.4% (" in issue.message


@pytest.mark.parametrize("round_figure", ["1,000", "2,000"])
def test_a_round_figure_is_not_about_a_figure_a_third_away(round_figure: str) -> None:
    # 6,200 - 4,700 = 1,500 rounds to 1,000 or 2,000 at the thousands, but is neither
    claim = f"מספר התלמידים במוזיאון ירד בכ-{round_figure} תלמידים."
    _, issue = _number_issue(claim)
    assert issue.operands == ()
    assert issue.message == f"number {round_figure} not found in source"


def test_almost_is_below_the_figure_only() -> None:
    claim = "בין 2022 ל-2023 ביקרו במוזיאון כמעט 1,500 תלמידים פחות."
    above = SRC.replace("4,700", "4,680")  # 1,520: more than "almost 1,500"
    _, issue = _number_issue(claim, above)
    assert issue.operands == ()
    below = SRC.replace("6,200", "6,180")  # 1,480
    _, issue = _number_issue(claim, below)
    assert issue.operands == (_at(below, "6,180"), _at(below, "4,700"))
    assert "it is about 6,180 − 4,700 = 1,480 (" in issue.message


ENGINEERS = "במפעל עובדים היום 240 מהנדסים. לפני עשור עבדו בו 20 מהנדסים בלבד."


def test_a_count_is_not_the_ratio_of_two_counts_of_its_noun() -> None:
    _, issue = _number_issue("במפעל עובדים 12 מהנדסים.", ENGINEERS)
    assert issue.operands == ()
    # a multiple ("פי 12") is that ratio
    _, issue = _number_issue("מספר המהנדסים במפעל גדל פי 12.", ENGINEERS)
    assert issue.operands == (_at(ENGINEERS, "240"), _at(ENGINEERS, "20"))
    assert "it equals 240 ÷ 20 (" in issue.message


def test_no_sum_of_a_whole_and_its_own_part() -> None:
    src = "בבית החולים עובדים 140 אחים, ו-95 מהם עובדים במשמרת הלילה."
    _, issue = _number_issue("בבית החולים עובדים 235 אחים.", src)
    assert issue.operands == ()


def _brute(idx, ids, kind, noun, op, rule, within):
    """Every pair in the source's order, sorted as the hint promises: the reference the
    indexed search must equal."""
    from workbench.grounding.values.source_figures import figures

    n = len(idx.sentences)
    region = sorted({s + d for s in ids for d in (-1, 0, 1) if 0 <= s + d < n})
    figs = [f for s in region for f in figures(idx, s) if f.kind == kind and f.value > 0]
    pairs = [
        (a, b) for a in figs for b in figs if derivation_hint.may_combine(idx, a, b, noun, op, rule)
    ]
    pairs.sort(key=lambda p: -(bool(p[0].unit & noun) + bool(p[1].unit & noun)))
    for a, b in pairs:
        got = derivation_hint.OPS[op][1](a.value, b.value)
        if got is not None and within[0] <= got <= within[1]:
            yield a, b, got


def test_the_indexed_pair_search_finds_what_every_pair_would(monkeypatch) -> None:
    classes = [(k, 17 + (k * 37) % 60) for k in range(1, 41)]
    src = "בבית הספר " + ", ".join(f"בכיתה {k} לומדים {n} תלמידים" for k, n in classes) + "."
    src += " בשנה הבאה יגיעו 120 תלמידים ו-40 מורים חדשים, ו-25% מהתלמידים ילמדו ערבית."
    # figures the source does not write (its own run 17 to 75): sums and differences of
    # the many class sizes, and 999, which no pair gives (every pair tried)
    claims = [f"בבית הספר לומדים {v} תלמידים בכיתות." for v in (*range(77, 160, 6), 999)]
    fast = [ground_claim(c, src).issues for c in claims]
    monkeypatch.setattr(derivation_hint, "operand_pairs", _brute)
    from workbench.grounding.engine import forget_claims

    forget_claims()
    slow = [ground_claim(c, src).issues for c in claims]
    assert fast == slow
    assert sum(bool(i.operands) for issues in fast for i in issues) >= 10
