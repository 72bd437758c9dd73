"""workbench.html: the one escape helper, palette and highlighter of every HTML view."""

from __future__ import annotations

from html.parser import HTMLParser

from workbench.html import (
    CLAIM_COLOURS,
    CONFLICT_COLOUR,
    ROLE_BACKGROUNDS,
    Highlight,
    claim_colour,
    esc,
    highlight,
)


class Marks(HTMLParser):
    """The start tags, the text, and each <mark>'s attributes with the text inside it."""

    def __init__(self, markup: str) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []
        self.marks: list[tuple[dict[str, str | None], str]] = []
        self._open = False
        self.feed(markup)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        if tag == "mark":
            self.marks.append((dict(attrs), ""))
            self._open = True

    def handle_endtag(self, tag: str) -> None:
        if tag == "mark":
            self._open = False

    def handle_data(self, data: str) -> None:
        self.text.append(data)
        if self._open:
            self.marks[-1] = (self.marks[-1][0], self.marks[-1][1] + data)


def test_esc_escapes_markup_quotes_and_ampersands() -> None:
    assert esc("<script>alert('x')</script>") == "&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt;"
    assert esc('a "b" & c') == "a &quot;b&quot; &amp; c"
    assert esc("&amp;") == "&amp;amp;"  # already-escaped text is text, escaped again
    assert esc(12) == "12" and esc(None) == "None"


def test_claim_colours_cycle_and_conflict_is_distinct() -> None:
    assert claim_colour(0) == CLAIM_COLOURS[0]
    assert claim_colour(len(CLAIM_COLOURS) + 1) == CLAIM_COLOURS[1]
    assert CONFLICT_COLOUR not in CLAIM_COLOURS
    assert CONFLICT_COLOUR[0] not in {bg for bg, _ in CLAIM_COLOURS}


def test_overlaps_are_split_and_every_character_kept_once() -> None:
    source = "abcdefghij"
    spans = [
        Highlight(0, 5, 0, title="claim 1", anchor="a0"),
        Highlight(3, 8, 1, title="claim 2", anchor="a1"),
    ]
    p = Marks(highlight(source, spans))
    assert "".join(p.text) == source
    # [0,3) claim 0 · [3,5) claims 0 and 1 · [5,8) claim 1 · [8,10) plain
    assert [(a["data-claim"], t) for a, t in p.marks] == [("0", "abc"), ("0 1", "de"), ("1", "fgh")]
    first, both, second = (a for a, _ in p.marks)
    assert first["class"] == "wb-hl" and f"background:{claim_colour(0)[0]}" == first["style"]
    assert both["class"] == "wb-hl wb-multi" and both["title"] == "claim 1, claim 2"
    assert claim_colour(0)[0] in both["style"] and claim_colour(1)[0] in both["style"]
    assert "linear-gradient" in both["style"]
    anchors = [a["id"] for t, a in p.tags if t == "span" and a.get("class") == "wb-anchor"]
    assert anchors == ["a0", "a1"]


def test_nested_and_identical_spans_of_one_claim_make_one_mark() -> None:
    p = Marks(highlight("abcdef", [Highlight(1, 5, 2), Highlight(2, 4, 2)]))
    assert [(a["data-claim"], t) for a, t in p.marks] == [("2", "b"), ("2", "cd"), ("2", "e")]
    assert all(a["class"] == "wb-hl" for a, _ in p.marks)  # one claim: not "multi"


def test_spans_that_do_not_fit_the_text_are_ignored() -> None:
    spans = [Highlight(7, 99, 0), Highlight(-1, 2, 1), Highlight(3, 3, 2), Highlight(4, 2, 3)]
    out = highlight("abcdefghij", spans)
    assert "<mark" not in out and Marks(out).text == ["abcdefghij"]


def test_hostile_text_is_escaped_in_pieces_titles_and_attributes() -> None:
    source = "<script>alert(\"x\")</script> & 'q'"
    spans = [Highlight(0, 8, 0, title='"><img src=x onerror=alert(1)>', anchor='x" onclick="y')]
    out = highlight(source, spans, data_kind='k"<', attrs={"data-record": "<r>"})
    assert "<script>" not in out and "<img" not in out and 'onclick="y"' not in out
    assert "&lt;script&gt;" in out and "&amp;" in out and "&quot;x&quot;" in out
    assert "&#x27;q&#x27;" in out
    p = Marks(out)
    assert "".join(p.text) == source
    assert p.marks[0][0]["title"] == '"><img src=x onerror=alert(1)>'  # shown as text
    assert p.tags[0][1]["data-record"] == "<r>" and p.tags[0][1]["data-kind"] == 'k"<'
    assert all(not name.startswith("on") for _, attrs in p.tags for name in attrs)


def test_the_text_is_rtl_hebrew_in_its_div() -> None:
    out = highlight("שלום עולם", [Highlight(0, 4, 0)], data_kind="gold", cls="wb-source x")
    p = Marks(out)
    assert p.tags[0] == (
        "div",
        {"class": "wb-source x", "dir": "rtl", "lang": "he", "data-kind": "gold"},
    )
    assert p.marks[0][0]["data-kind"] == "gold"
    assert out.startswith("<div") and out.endswith("</div>")


def test_roles_colour_marks_without_a_claim_and_conflict_always_stands_out() -> None:
    spans = [
        Highlight(0, 2, role="unsupported", title="unsupported: x"),
        Highlight(3, 5, role="partial"),
        Highlight(6, 8, 0, role="conflict"),
    ]
    p = Marks(highlight("ab cd ef", spans))
    unsupported, partial, conflict = (a for a, _ in p.marks)
    assert unsupported["class"] == "wb-hl wb-unsupported"
    assert unsupported["style"] == f"background:{ROLE_BACKGROUNDS['unsupported']}"
    assert "data-claim" not in unsupported
    assert partial["class"] == "wb-hl wb-partial"
    assert conflict["class"] == "wb-hl wb-conflict" and conflict["data-claim"] == "0"
    assert conflict["style"] == f"background:{CONFLICT_COLOUR[0]}"  # not the claim's colour
    # a conflict overlapping a supporting span keeps its class
    p = Marks(highlight("abcd", [Highlight(0, 4, 0), Highlight(1, 3, 1, role="conflict")]))
    assert "wb-conflict" in p.marks[1][0]["class"]
