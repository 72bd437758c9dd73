"""app44 (round 44): a claim that puts an apposition between its speaker's name and the
reporting verb ("גיל האופטמן, קבלן המשנה שריצף את המבנה, טען ש...") names the speaker by
the name before the apposition's opening comma, not by the apposition's last words; before,
the speaker was read from the three words before the verb ("שריצף את המבנה"), so another
speaker's statement given to him passed (heldout40's h40j02-kindergartenfloor-12, read after
its measure). Hand-written Hebrew."""

from __future__ import annotations

from workbench.grounding import ground_claim

SOURCE = (
    "לפי דנה כהן, הגשר נסגר בגלל הרוח החזקה, ואילו המהנדס שהעירייה שלחה, רון לוי, אמר "
    "שהבטון בגשר נסדק."
)


def test_another_speakers_statement_is_flagged_across_an_apposition() -> None:
    for claim in (
        "רון לוי, שבדק את המקום בבוקר, טען שהגשר נסגר בגלל הרוח החזקה.",
        "רון לוי, איש מקצוע ותיק מחיפה, אמר שהגשר נסגר בגלל הרוח החזקה.",
    ):
        r = ground_claim(claim, SOURCE)
        assert r.verdict != "supported", (claim, r.messages)
        assert any("another speaker" in m for m in r.messages), r.messages


def test_the_speakers_own_statement_passes_across_an_apposition() -> None:
    # the apposition's words are the source's own: the name still says who speaks
    r = ground_claim("רון לוי, המהנדס שהעירייה שלחה, אמר שהבטון בגשר נסדק.", SOURCE)
    assert r.verdict == "supported", r.messages
