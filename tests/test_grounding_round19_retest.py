"""Round 19's re-test of round 18's reverted rules on heldout14 (kept ones only).

* An answer's head is its words before the first comma: "דן קרמר, אחיו של המהנדס שתכנן את
  הגשר" answers "מי עיצב את הפנסים" with "דן קרמר"; the rest is an apposition about him,
  whose words the source states in another clause (the planning clause), and is not
  bound by the statement frame checks (round 18's `answer_head_apposition.diff`).

Hand-written Hebrew examples (none from a dev set); each expected verdict worked out by
hand; the apposition test fails on main 8978d99 (the apposition reads as a statement
whose words are bound elsewhere).
"""

from __future__ import annotations

from workbench.grounding import ground_claim

BRIDGE = (
    "גשר הנחל בקריית טבעון נחנך ב-1962 ושופץ ב-2010. "
    "את הגשר תכנן המהנדס יואב קרמר מחיפה, ואת המעקות ואת הפנסים עיצב אחיו, האמן דן קרמר. "
    "בשנה שעברה נצבעו המעקות מחדש בידי תלמידי בית הספר המקומי."
)


def test_an_answer_with_an_apposition_about_it_stands() -> None:
    got = ground_claim("מי עיצב את הפנסים של הגשר? דן קרמר, אחיו של המהנדס שתכנן את הגשר", BRIDGE)
    assert got.verdict == "supported", [i.kind.value for i in got.issues]


def test_the_bare_answer_stands_and_a_wrong_head_with_its_own_clause_does_not() -> None:
    assert ground_claim("מי עיצב את הפנסים של הגשר? דן קרמר", BRIDGE).verdict == "supported"
    # the head names the planner and the apposition says what he did: the answer is elsewhere
    got = ground_claim("מי עיצב את הפנסים של הגשר? יואב קרמר, המהנדס שתכנן את הגשר", BRIDGE)
    assert got.verdict != "supported"
