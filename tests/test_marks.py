"""A claim's at-a-glance mark follows what was measured: solid green only for a supported
claim of HIGH confidence (on heldout8 25 of 28 right, a plain supported verdict 44 of 73; on heldout9 28 of 30 and 50 of 78);
a supported claim that is not HIGH has its own neutral mark; LOW is red-ish; without a tier
the verdict's own colour. One mapping (``workbench.html.claim_mark``) drawn by every view:
the widget, ``workbench check`` (HTML and text) and the score report, each with the legend
(``results.MARK_GUIDE``)."""

from __future__ import annotations

import colorsys
import copy
import json
from html.parser import HTMLParser
from typing import Any

import pytest

from workbench.cli import main
from workbench.cli.check import render_text
from workbench.grounding.engine import forget_claims, ground
from workbench.grounding.html_report import render_html
from workbench.grounding.probability import calibration
from workbench.grounding.probability.calibration import WEIGHTS_FILE, TierRule
from workbench.grounding.results import (
    MARK_GUIDE,
    ClaimResult,
    Confidence,
    Grounding,
    SpanResult,
)
from workbench.html import (
    CLAIM_COLOURS,
    MARK_CSS,
    MARK_STYLES,
    VERDICT_COLOURS,
    Mark,
    claim_mark,
    esc,
    mark_badge,
    mark_legend,
)
from workbench.scoring.answers import score_file
from workbench.scoring.html_report import claim_highlights, worst_answers
from workbench.ui.check_result import CheckResult
from workbench.ui.grounding_html import result_html

HIGH, MIXED, LOW = Confidence.HIGH, Confidence.MIXED, Confidence.LOW
SRC = "העירייה פתחה את הספרייה החדשה בשנת 1998. בספרייה יש שלושת אלפים ספרים."
# two claims the rules call supported, one they call partial (a figure the source lacks)
ANSWER = (
    "העירייה פתחה את הספרייה החדשה בשנת 1998. בספרייה יש שלושת אלפים ספרים. "
    "בספרייה יש חמשת אלפים ספרים ב-2005."
)
QUESTION = "מתי?"


@pytest.fixture(autouse=True)
def _fresh_memo():
    """Claims grounded under a test's tier rule must not reach later tests via the memo."""
    yield
    forget_claims()


def _use_rule(monkeypatch: pytest.MonkeyPatch, rule: TierRule) -> None:
    monkeypatch.setattr(calibration, "tier_rule", lambda path=WEIGHTS_FILE: rule)
    forget_claims()


def _split_supported(monkeypatch: pytest.MonkeyPatch) -> Grounding:
    """ANSWER grounded under a rule whose HIGH threshold falls between the two supported
    claims' probabilities (read from the engine, never assumed): one supported claim is
    HIGH, the other MIXED, the partial one MIXED (HIGH needs the verdict)."""
    g = ground(ANSWER, SRC, question=QUESTION)
    supported = sorted(c.probability for c in g.claims if c.verdict == "supported")
    assert len(supported) == 2 and supported[0] < supported[1]
    assert any(c.verdict == "partial" for c in g.claims)
    _use_rule(monkeypatch, TierRule(sum(supported) / 2, 0.0, True))
    g = ground(ANSWER, SRC, question=QUESTION)
    tiers = sorted((c.verdict, c.confidence) for c in g.claims)
    assert tiers == sorted([("supported", HIGH), ("supported", MIXED), ("partial", MIXED)])
    return g


def _is_green(colour: str) -> bool:
    """Whether a #rrggbb colour reads as green (its hue in the greens, not greyish)."""
    r, g, b = (int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
    hue, sat, _ = colorsys.rgb_to_hsv(r, g, b)
    return 75 <= hue * 360 <= 165 and sat >= 0.08


def _luminance(colour: str) -> float:
    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(int(colour[i : i + 2], 16) / 255) for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _contrast(a: str, b: str) -> float:
    """The WCAG 2 contrast ratio of two #rrggbb colours."""
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


class Tags(HTMLParser):
    """Every start tag with its attributes, in order."""

    def __init__(self, markup: str) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.feed(markup)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))

    def by_mark(self, tag: str) -> dict[str, list[dict[str, str | None]]]:
        """The ``tag`` elements carrying ``data-mark``, grouped by it."""
        out: dict[str, list[dict[str, str | None]]] = {}
        for t, a in self.tags:
            if t == tag and a.get("data-mark"):
                out.setdefault(str(a["data-mark"]), []).append(a)
        return out


# --- the mapping ------------------------------------------------------------------------

TABLE = {
    ("supported", HIGH): Mark.HIGH,
    ("supported", MIXED): Mark.UNCONFIRMED,
    ("supported", LOW): Mark.DOUBTFUL,
    ("supported", None): Mark.SUPPORTED_NO_TIER,
    ("partial", HIGH): Mark.PARTIAL,
    ("partial", MIXED): Mark.PARTIAL,
    ("partial", LOW): Mark.DOUBTFUL,
    ("partial", None): Mark.PARTIAL,
    ("unsupported", HIGH): Mark.UNSUPPORTED,
    ("unsupported", MIXED): Mark.UNSUPPORTED,
    ("unsupported", LOW): Mark.UNSUPPORTED,
    ("unsupported", None): Mark.UNSUPPORTED,
    ("maybe", HIGH): Mark.UNSUPPORTED,  # another grounder's word: never green
    ("maybe", None): Mark.UNSUPPORTED,
}


@pytest.mark.parametrize(("verdict", "tier"), list(TABLE))
def test_the_mark_of_every_verdict_and_tier(verdict: str, tier: Confidence | None) -> None:
    assert claim_mark(verdict, tier) is TABLE[(verdict, tier)]


def test_green_is_the_high_mark_alone_and_the_untiered_verdicts_keep_their_colours() -> None:
    greens = {m for m, s in MARK_STYLES.items() if _is_green(s.background)}
    assert greens == {Mark.HIGH, Mark.SUPPORTED_NO_TIER}
    assert MARK_STYLES[Mark.HIGH].background != MARK_STYLES[Mark.SUPPORTED_NO_TIER].background
    for m in (Mark.UNCONFIRMED, Mark.PARTIAL, Mark.DOUBTFUL, Mark.UNSUPPORTED):
        s = MARK_STYLES[m]
        assert not any(map(_is_green, (s.colour, s.background, s.border, s.tint))), m
    # without a tier a supported claim is drawn in today's verdict green, and says so
    no_tier = MARK_STYLES[Mark.SUPPORTED_NO_TIER]
    assert (
        no_tier.colour == VERDICT_COLOURS["supported"] and "no confidence tier" in no_tier.qualifier
    )
    # a claim's own colour (swatch, spans) is never green: green means HIGH
    assert not any(_is_green(c) for pair in CLAIM_COLOURS for c in pair)
    # each mark is told apart without colour too (the terminal): its own symbol or words
    assert len({(s.symbol, s.qualifier) for s in MARK_STYLES.values()}) == len(MARK_STYLES)


def test_every_mark_has_readable_contrast() -> None:
    """Badge text on its background at least 4.5:1 (WCAG AA), the page's text (#222 and the
    widget's #24292f) on a marked stretch of text likewise, and each edge at least 3:1
    against white (a non-text mark must be seen)."""
    for m, s in MARK_STYLES.items():
        assert _contrast(s.colour, s.background) >= 4.5, m
        for text in ("#222222", "#24292f"):
            assert _contrast(text, s.tint) >= 4.5, m
        assert _contrast(s.border, "#ffffff") >= 3.0, m
    for bg, border in CLAIM_COLOURS:
        assert _contrast("#222222", bg) >= 4.5 and _contrast(border, "#ffffff") >= 3.0


def test_every_mark_is_styled_and_its_badge_escapes_the_verdict() -> None:
    for m in Mark:
        assert f".wb-mark-{m.value}{{" in MARK_CSS and f"tr.wb-m-{m.value}>" in MARK_CSS
    badge = mark_badge("<b>x</b>", None)
    assert "<b>" not in badge and "&lt;b&gt;x&lt;/b&gt;" in badge
    assert 'data-mark="unsupported"' in badge
    assert "? supported · unconfirmed</span>" in mark_badge("supported", MIXED)


def test_the_legend_says_what_green_means_with_the_measured_figures() -> None:
    assert "22 of 22 and 30 of 30 HIGH claims were right" in MARK_GUIDE
    assert "41 of 52 and 47 of 68 supported claims" in MARK_GUIDE
    legend = mark_legend(MARK_GUIDE)
    assert esc(MARK_GUIDE) in legend
    for m in Mark:
        assert (f"wb-mark-{m.value}" in legend) is (m is not Mark.SUPPORTED_NO_TIER)
    assert "wb-mark-supported-no-tier" in mark_legend(MARK_GUIDE, no_tier=True)


# --- the views --------------------------------------------------------------------------


def _assert_green_only_for_high(tags: Tags, row_tag: str = "tr") -> None:
    rows = tags.by_mark(row_tag)
    assert len(rows["high"]) == 1 and len(rows["unconfirmed"]) == 1 and len(rows["partial"]) == 1
    assert rows["high"][0]["data-verdict"] == rows["unconfirmed"][0]["data-verdict"] == "supported"
    badges = tags.by_mark("span")
    assert len(badges["high"]) == 1 and len(badges["unconfirmed"]) == 1
    assert "wb-mark-high" in str(badges["high"][0]["class"])
    assert "wb-mark-unconfirmed" in str(badges["unconfirmed"][0]["class"])


def test_the_widget_marks_a_high_claim_green_and_a_mixed_one_not(monkeypatch) -> None:
    g = _split_supported(monkeypatch)
    html = result_html(CheckResult("r", ANSWER, g, None, 1.0), SRC, uid="t")
    tags = Tags(html)
    _assert_green_only_for_high(tags)
    assert "wb-m-high" in str(tags.by_mark("tr")["high"][0]["class"])
    assert esc(MARK_GUIDE) in html
    assert 'class="wb-mark wb-mark-supported-no-tier"' not in html  # every claim has a tier
    assert '<b class="wb-n-high">1</b> of them with high confidence (green)' in html
    # the rules of the page draw the green badge for the high mark only
    high = MARK_STYLES[Mark.HIGH]
    assert f".wb-mark-high{{color:{high.colour};background:{high.background}" in html
    assert _is_green(high.background) and not _is_green(MARK_STYLES[Mark.UNCONFIRMED].background)
    frame = CheckResult("r", ANSWER, g, None, 1.0).claims_frame()
    assert sorted(frame["mark"].to_list()) == ["high", "partial", "unconfirmed"]


def test_the_check_page_marks_a_high_claim_green_and_a_mixed_one_not(monkeypatch) -> None:
    g = _split_supported(monkeypatch)
    page = render_html(g, SRC)
    _assert_green_only_for_high(Tags(page))
    assert esc(MARK_GUIDE) in page
    assert "1 of them with high confidence (green)" in page
    assert 'dir="rtl"' in page


def test_a_result_without_a_tier_is_marked_by_its_verdict_and_says_so() -> None:
    span = SpanResult(0, 5, SRC[:5], 0.9)
    claims = [
        ClaimResult("a", 0, 1, "supported", 0.9, [span], []),
        ClaimResult("b", 2, 3, "unsupported", 0.0, [], []),
    ]
    g = Grounding(claims)
    for html in (
        render_html(g, SRC),
        result_html(CheckResult("r", "a b", g, None, 1.0), SRC, uid="u"),
    ):
        rows = Tags(html).by_mark("tr")
        assert set(rows) == {"supported-no-tier", "unsupported"}
        # in the legend too, beside the claim's own badge
        assert html.count('class="wb-mark wb-mark-supported-no-tier"') == 2
        assert "supported · no confidence tier" in html


def test_the_score_report_marks_a_high_claim_green_and_a_mixed_one_not(
    monkeypatch, tmp_path, records
) -> None:
    g = _split_supported(monkeypatch)
    claims = g.to_dict()["claims"]  # the JSON the scorer keeps for its worst answers
    marks = {h.mark: h for h in claim_highlights(claims)}
    assert set(marks) == {Mark.HIGH, Mark.UNCONFIRMED, Mark.PARTIAL}
    assert marks[Mark.UNCONFIRMED].title.startswith("supported · unconfirmed (probability ")
    shown = worst_answers([{"id": "r", "model": "m", "answer": ANSWER, "claims": claims}])
    texts = Tags(shown).by_mark("mark")
    high, mixed = texts["high"][0], texts["unconfirmed"][0]
    assert f"background:{MARK_STYLES[Mark.HIGH].tint}" in str(high["style"])
    assert _is_green(MARK_STYLES[Mark.HIGH].tint)
    assert not _is_green(str(mixed["style"]).split("background:")[1][:7])

    # the whole report, from `workbench score`
    record = {**copy.deepcopy(records[0]), "source_text": SRC, "question": QUESTION}
    answers = tmp_path / "a.jsonl"
    answers.write_text(json.dumps({"id": "r1", "model": "m", "answer": ANSWER}) + "\n", "utf-8")
    out = tmp_path / "report.html"
    score_file(answers, [record], out, progress=False, report=lambda _: None)
    page = out.read_text("utf-8")
    marked = Tags(page).by_mark("mark")
    assert len(marked["high"]) == 1 and len(marked["unconfirmed"]) == 1
    assert esc(MARK_GUIDE) in page


def test_check_text_puts_the_mark_before_the_verdict(
    monkeypatch, write_json, records, capsys
) -> None:
    g = _split_supported(monkeypatch)
    text = render_text(g)
    lines = {c.text: next(x for x in text.splitlines() if x.endswith(c.text)) for c in g.claims}
    for c in g.claims:
        symbol = MARK_STYLES[claim_mark(c.verdict, c.confidence)].symbol
        assert f". {symbol} [{c.verdict}] " in lines[c.text]
    assert sorted(line.split()[1] for line in lines.values()) == sorted(["✓", "?", "~"])
    assert " ".join(MARK_GUIDE.split()) in " ".join(text.split())
    assert "\x1b" not in text  # no colour codes: the mark is a symbol

    record: dict[str, Any] = {**copy.deepcopy(records[0]), "source_text": SRC, "question": QUESTION}
    excerpt = "בספרייה יש שלושת אלפים ספרים."
    start = SRC.index(excerpt)  # the gold span cut from the new source, as it validates
    gold = record["claims"][0]["attribution"][0]
    gold.update(source_excerpt=excerpt, start_char=start, end_char=start + len(excerpt))
    path = write_json([record])
    assert main(["check", "--data", str(path), "--record", "r1", "--answer", ANSWER]) == 0
    out = capsys.readouterr().out
    assert "1. ✓ [supported] " in out or "2. ✓ [supported] " in out
    assert "? [supported] " in out and "~ [partial] " in out
