"""Every view that shows a verdict says what it means (``VERDICT_GUIDE``): the HTML page
and fragment, the widget's result, and ``workbench check``'s text. A green mark is shown
with its measured limits, never alone."""

from __future__ import annotations

import json

from workbench.grounding import VERDICT_GUIDE, ground
from workbench.grounding.html_report import grounding_fragment, render_html
from workbench.html import esc
from workbench.ui.check_result import CheckResult
from workbench.ui.grounding_html import result_html

SOURCE = "מגדל עדי הוכרזה כמועצה מקומית בשנת 1968. בשנת 1963 הוקם ביישוב מפעל לעיבוד זיתים."
ANSWER = "מגדל עדי הוכרזה כמועצה מקומית בשנת 1963."


def test_the_guide_names_each_verdict_and_the_held_out_limit() -> None:
    for word in ("supported", "partial", "unsupported", "check it by hand", "held-out"):
        assert word in VERDICT_GUIDE
    assert "11-46%" in VERDICT_GUIDE  # README's held-out figures (heldout3-32 wrong kinds)


def test_html_views_show_the_guide_escaped_left_to_right() -> None:
    g = ground(ANSWER, SOURCE)
    shown = f'dir="ltr">{esc(VERDICT_GUIDE)}</p>'
    assert shown in grounding_fragment(g, SOURCE)
    assert shown in render_html(g, SOURCE)
    assert "source's" not in render_html(g, SOURCE)  # the apostrophe is escaped


def test_the_widget_result_shows_the_guide() -> None:
    g = ground(ANSWER, SOURCE)
    html = result_html(CheckResult("enc-0-a", ANSWER, g, None, 1.0), SOURCE, uid="t")
    assert esc(VERDICT_GUIDE) in html


def test_check_text_ends_with_the_guide() -> None:
    from workbench.cli.check import render_text

    text = render_text(ground(ANSWER, SOURCE, record="enc-0-a"))
    assert " ".join(text.split("\n\n")[-1].split()) == VERDICT_GUIDE


def test_the_score_report_shows_the_guide(tmp_path) -> None:
    """``workbench score --out x.html`` says what its supported share counts."""
    from workbench.data.dataset import load_dataset
    from workbench.scoring.answers import score_file

    records = load_dataset(None).records
    rid = str(records[0]["id"])
    answers = tmp_path / "a.jsonl"
    answers.write_text(json.dumps({"id": rid, "answer": ANSWER}, ensure_ascii=False) + "\n")
    out = tmp_path / "report.html"
    score_file(answers, records, out, report=lambda _: None)
    assert esc(VERDICT_GUIDE) in out.read_text("utf-8")
