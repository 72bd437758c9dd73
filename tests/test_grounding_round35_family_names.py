"""family35: two people of one family name in one sentence. "עידו צ׳רקסקי ניהל את השבט
מ-1990 ועד 2014" passed `high` (P 0.97) for "מ-1990 עד 2014 עמדה בראש השבט מרים צ׳רקסקי,
ואחריה בנה, עידו צ׳רקסקי, שהיה קודם חניך בשבט": the son given the mother's years, every word
in the sentence. A claim naming one bearer of a family name, whose other words (placed where
the sentence states them once, by written form or value) all stand nearer to another bearer
than to its own, and have that bearer as the next name after them, is bound elsewhere.
Hand-written Hebrew; each expected reading worked out by hand."""

from __future__ import annotations

from workbench.grounding import ground_claim

BAKERY = (
    "המאפייה ברחוב הנביאים נפתחה ב-1931. "
    "מ-1950 עד 1982 עמדה בראש המאפייה רבקה אלמוג, ואחריה בנה, יואב אלמוג, שהיה קודם נהג "
    "המשלוחים שלה. "
    "היום אופים בה 3,000 כיכרות ביום."
)
SHOPS = (
    "את הרשת הקימו ב-1988 האחים שמעון ודוד קרמר, ומ-2015 מנהל אותה בנו של שמעון, רון קרמר. "
    "לרשת 12 סניפים."
)


def test_one_bearers_years_given_to_the_other_are_flagged() -> None:
    r = ground_claim("יואב אלמוג ניהל את המאפייה 32 שנה, מ-1950 ועד 1982.", BAKERY)
    assert r.verdict != "supported", r.messages
    assert any(i.kind.value == "bound_elsewhere" for i in r.issues), r.messages


def test_each_bearers_own_facts_pass() -> None:
    for claim, source in (
        ("רבקה אלמוג עמדה בראש המאפייה מ-1950 עד 1982.", BAKERY),
        ("יואב אלמוג היה קודם נהג המשלוחים של המאפייה.", BAKERY),
        ("מאז 2015 מנהל את הרשת רון קרמר, בנו של שמעון.", SHOPS),
    ):
        r = ground_claim(claim, source)
        assert r.verdict == "supported", (claim, r.messages)
