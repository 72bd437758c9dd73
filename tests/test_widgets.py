"""The grounding widget: the logic class, the ipywidgets wiring (no browser), and escaping."""

from __future__ import annotations

import copy
import html
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from workbench.data.dataset import Dataset, DataSource
from workbench.errors import WorkbenchError
from workbench.html import claim_colour
from workbench.ui import GroundingExplorer, GroundingWidget, grounding_widget
from workbench.ui.grounding_html import (
    KEYS_HTML,
    SCROLL_JS,
    STYLE,
    anchor_id,
    record_card_html,
    table_html,
)

SUPPORTED = "משפט שני על התקציב של 12% גידול."
INVENTED = "הלווייתן הכחול שר באופרה של מילאנו."


def _dataset(records: list[dict[str, Any]]) -> Dataset:
    return Dataset(records=records, source=DataSource(Path("fixture.json"), "custom", "0" * 64))


def _span(source: str, excerpt: str) -> dict[str, Any]:
    """A gold span cut from ``source``, so its offsets are right by construction."""
    start = source.index(excerpt)
    return {
        "sentence_id": 0,
        "source_excerpt": excerpt,
        "start_char": start,
        "end_char": start + len(excerpt),
        "verified": True,
        "verification_method": "auto",
    }


@pytest.fixture
def ds(records: list[dict[str, Any]]) -> Dataset:
    """The three fixture records of ``conftest.py`` (the ``records`` fixture)."""
    return _dataset(records)


class Parsed(HTMLParser):
    """Every start tag with its attributes, and the text, of an HTML fragment."""

    def __init__(self, markup: str) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []
        self.marks: list[tuple[dict[str, str | None], str]] = []
        self._in_mark: dict[str, str | None] | None = None
        self.feed(markup)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        if tag == "mark":
            self._in_mark = dict(attrs)
            self.marks.append((self._in_mark, ""))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))

    def handle_endtag(self, tag: str) -> None:
        if tag == "mark":
            self._in_mark = None

    def handle_data(self, data: str) -> None:
        self.text.append(data)
        if self._in_mark is not None:
            attrs, text = self.marks[-1]
            self.marks[-1] = (attrs, text + data)

    def found(self, claim: int) -> list[str]:
        return [
            t
            for a, t in self.marks
            if a.get("data-kind") == "found" and str(claim) in (a.get("data-claim") or "").split()
        ]

    def rows(self) -> dict[int, dict[str, str | None]]:
        return {int(a["data-claim"]): a for t, a in self.tags if t == "tr" and "data-claim" in a}


# --- record card -------------------------------------------------------------------------


def test_record_card_colours_each_claims_gold_spans(ds: Dataset) -> None:
    record = ds.record("r2")  # claim 0 has one span, claim 1 has two
    p = Parsed(record_card_html(record, uid="t"))
    by_claim: dict[str, list[str]] = {}
    for a, t in p.marks:
        by_claim.setdefault(a["data-claim"], []).append(t)
    assert by_claim == {"0": ['צה"ל הודיע היום על תרגיל.'], "1": ["שלום לכולם.", "תודה."]}
    for a, _ in p.marks:
        assert claim_colour(int(a["data-claim"]))[0] in a["style"]
    links = [a["href"] for t, a in p.tags if t == "a"]
    assert links == [f"#{anchor_id('t', 'gold', 0)}", f"#{anchor_id('t', 'gold', 1)}"]
    # every gold span has its anchor, and each link's target exists in the card
    anchors = [a["id"] for t, a in p.tags if t == "span" and a.get("class") == "wb-anchor"]
    assert sorted(anchors) == sorted(
        [anchor_id("t", "gold", 0, 0), anchor_id("t", "gold", 1, 0), anchor_id("t", "gold", 1, 1)]
    )
    source_div = next(a for t, a in p.tags if t == "div" and a.get("class") == "wb-source")
    assert source_div == {"class": "wb-source", "dir": "rtl", "lang": "he", "data-kind": "gold"}
    assert any(a.get("dir") == "rtl" and "wb-q" in a.get("class", "") for t, a in p.tags)


# --- the logic class ------------------------------------------------------------------------


def test_filters_and_search(ds: Dataset) -> None:
    ex = GroundingExplorer(ds)
    assert ex.record_id == "r1" and ex.matching_ids() == ["r1", "r2", "r3"]
    assert ex.set_filters(genre="encyclopedic") == ["r1", "r3"]
    assert ex.record_id == "r1"  # still matches: kept
    assert ex.set_filters(genre="encyclopedic", difficulty=1) == ["r3"]
    assert ex.record_id == "r3"  # r1 no longer matches: the first match is chosen
    assert ex.set_filters(query="R2") == ["r2"]  # by id, case-insensitive
    assert ex.set_filters(query="צה״ל") == ["r2"]  # question words; gershayim unified
    assert ex.set_filters(query="השלישי") == ["r3"]
    assert ex.set_filters(query="מה") == ["r1", "r2", "r3"]
    assert [label.split(" · ")[0] for label, _ in ex.options()] == ["r1", "r2", "r3"]
    assert ex.set_filters(query="אין כזה") == []
    assert ex.record_id is None and "No record matches" in ex.record_html()
    with pytest.raises(WorkbenchError, match="no record chosen"):
        ex.check(SUPPORTED)
    with pytest.raises(WorkbenchError, match="unknown genre"):
        ex.set_filters(genre="poetry")
    with pytest.raises(WorkbenchError, match="no record with id 'nope'"):
        ex.select("nope")


def test_check_marks_supported_spans_and_flags_invented(ds: Dataset) -> None:
    ex = GroundingExplorer(ds)
    ex.select("r1")
    r = ex.check(f"{SUPPORTED} {INVENTED}")
    assert [c.verdict for c in r.grounding.claims] == ["supported", "unsupported"]
    assert r.flagged == [1]
    p = Parsed(ex.result_html())
    assert "".join(p.found(0)) == SUPPORTED  # the supporting sentence, highlighted
    assert p.found(1) == []  # nothing highlighted for the invented claim
    rows = p.rows()
    assert rows[0]["data-verdict"] == "supported" and rows[1]["data-verdict"] == "unsupported"
    assert "wb-v-unsupported" in rows[1]["class"]
    text = "".join(p.text)
    assert "not found in the source" in text
    # the claim's row links to its span, and row and span share the claim's colour
    assert ("a", {"class": "wb-jump", "href": f"#{anchor_id(ex.uid, 'found', 0)}"}) in [
        (t, {k: v for k, v in a.items() if k != "onclick"}) for t, a in p.tags
    ]
    swatches = [a["style"] for t, a in p.tags if t == "span" and a.get("class") == "wb-sw"]
    assert claim_colour(0)[0] in swatches[0] and claim_colour(1)[0] in swatches[1]
    found_marks = [a for a, _ in p.marks if a.get("data-kind") == "found"]
    assert all(claim_colour(0)[0] in a["style"] for a in found_marks)
    assert r.compute_ms > 0


def test_number_mismatch_is_an_issue_and_stands_out(ds: Dataset) -> None:
    ex = GroundingExplorer(ds)
    r = ex.check("משפט שני על התקציב של 15% גידול.")
    claim = r.grounding.claims[0]
    assert claim.verdict != "supported"
    assert any("15" in issue for issue in claim.messages)
    p = Parsed(ex.result_html())
    issues = [a for t, a in p.tags if t == "div" and a.get("class") == "wb-issue"]
    assert len(issues) == len(claim.issues) >= 1
    assert p.rows()[0]["data-verdict"] == claim.verdict


def test_qa_accuracy_against_the_reference(ds: Dataset) -> None:
    ex = GroundingExplorer(ds)
    reference = ds.record("r1")["reference_answer"]
    r = ex.check(reference)
    assert r.qa is not None
    assert r.qa["exact_match_score"] == 1.0 and r.qa["f1_score"] == 1.0
    assert "Against the reference answer" in ex.result_html()
    assert ex.check("   ").grounding.claims == []
    assert "empty" in ex.result_html()


def test_selecting_another_record_clears_the_result(ds: Dataset) -> None:
    ex = GroundingExplorer(ds)
    ex.check(SUPPORTED)
    ex.select("r1")
    assert ex.result is not None  # same record: kept
    ex.select("r3")
    assert ex.result is None and ex.result_html() == ""


# --- escaping -------------------------------------------------------------------------------

SCRIPT = "<script>alert('x')</script>"
IMG = "<img src=x onerror=alert(1)>"
QUOTES = '" onmouseover="alert(2)" \' & &amp; &lt;'
PAYLOAD = f"{SCRIPT} {IMG} {QUOTES}"


def _hostile_records(base: list[dict[str, Any]]) -> list[dict[str, Any]]:
    records = copy.deepcopy(base[:1])
    r = records[0]
    source = f"פתיחה. {PAYLOAD} נאמר כאן. " + r["source_text"]
    r.update(
        id=f'evil"{IMG}',
        document_id=PAYLOAD,
        genre="encyclopedic",
        question=f"מה {PAYLOAD}?",
        source_text=source,
        reference_answer=f"תשובה {PAYLOAD}",
    )
    r["claims"] = [
        {"claim_id": 0, "text": f"טענה {PAYLOAD}", "attribution": [_span(source, PAYLOAD)]},
        {"claim_id": 1, "text": SUPPORTED, "attribution": [_span(source, SUPPORTED)]},
    ]
    return records


def _assert_inert(markup: str) -> Parsed:
    """Only the module's own tags and handlers; the payload survives as text."""
    p = Parsed(markup)
    allowed = {"style", "div", "span", "b", "h4", "ol", "li", "a", "mark", "table", "thead"}
    allowed |= {"tbody", "tr", "th", "td", "p", "small"}
    for tag, attrs in p.tags:
        assert tag in allowed, f"unexpected tag <{tag}>"
        for name, value in attrs.items():
            if name.startswith("on"):
                assert (name, value) == ("onclick", SCROLL_JS), f"handler {name}={value!r}"
            if name == "href":
                assert value is not None and value.startswith("#")
    styles = [t for t, _ in p.tags if t == "style"]
    assert markup.count("<style>") == len(styles) and markup.count(STYLE) == len(styles)
    return p


def test_every_text_reaching_html_is_escaped(records: list[dict[str, Any]]) -> None:
    ds = _dataset(_hostile_records(records))
    ex = GroundingExplorer(ds)
    card = _assert_inert(ex.record_html())
    text = "".join(card.text)
    assert SCRIPT in text and IMG in text and QUOTES in text  # shown, as text
    record_divs = [a for t, a in card.tags if a.get("data-record") is not None]
    assert record_divs[0]["data-record"] == f'evil"{IMG}'  # quotes stayed inside the attribute

    ex.check(f"{PAYLOAD}. {SUPPORTED} {INVENTED}")
    result = _assert_inert(ex.result_html())
    assert SCRIPT in "".join(result.text) and IMG in "".join(result.text)
    assert html.escape(SCRIPT) in ex.result_html()

    table = _assert_inert(table_html(ds.frames.records.select("id", "question")))
    assert IMG in "".join(table.text)


def test_widget_outputs_are_escaped_and_keys_html_is_constant(
    records: list[dict[str, Any]],
) -> None:
    ds = _dataset(_hostile_records(records))
    w = GroundingWidget(ds)
    w.answer.value = f"{PAYLOAD}. {INVENTED}"
    w.check_button.click()
    for value in (w.record_view.value, w.result.value):
        _assert_inert(value)
    assert w.keys.value == STYLE + KEYS_HTML  # the only handler outside SCROLL_JS: data-free
    assert all(o[1] == ds.records[0]["id"] for o in w.record.options)


# --- the ipywidgets wiring -------------------------------------------------------------------


def test_widget_drives_the_explorer(ds: Dataset) -> None:
    w = grounding_widget(ds)
    assert "Data:" in w.banner.value  # a custom file: the data-source line, not the demo banner
    assert w.record.value == "r1" and 'data-record="r1"' in w.record_view.value
    assert "wb-app" in w.ui._dom_classes and "wb-answer" in w.answer._dom_classes
    assert "wb-check" in w.check_button._dom_classes

    w.genre.value = "dialogue"
    assert [v for _, v in w.record.options] == ["r2"] and w.record.value == "r2"
    assert 'data-record="r2"' in w.record_view.value
    w.genre.value = "__all__"
    w.search.value = "השלישי"
    assert w.record.value == "r3" and "1 record match" in w.status.value

    w.search.value = ""
    w.record.value = "r1"
    w.answer.value = f"{SUPPORTED} {INVENTED}"
    w.check_button.click()
    assert "checked 2 claim(s)" in w.status.value
    rows = Parsed(w.result.value).rows()
    assert [rows[i]["data-verdict"] for i in (0, 1)] == ["supported", "unsupported"]

    w.record.value = "r3"  # another record: the old result goes away
    assert w.result.value == "" and 'data-record="r3"' in w.record_view.value

    w.search.value = "אין כזה"
    assert w.record.value is None and "no record matches" in w.status.value
    w.check_button.click()
    assert w.status.value == "choose a record first"


def test_widget_displays_as_its_box(ds: Dataset) -> None:
    w = GroundingWidget(ds)
    bundle = w._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert bundle["application/vnd.jupyter.widget-view+json"]["model_id"] == w.ui.model_id
