"""The calibrated support probability: the stored model, the fit, and its direction."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from workbench.grounding.engine import ground_claim
from workbench.grounding.probability.calibration import (
    binding_features,
    feature_names,
    features,
    fit,
    fit_monotone_map,
    load_model,
    nonpositive_mask,
    predict,
    recalibrate,
    support_probability,
)
from workbench.grounding.results import ClaimResult, Issue, IssueKind, SpanResult

SRC = "העירייה פתחה את הספרייה החדשה בשנת 1998. בספרייה יש שלושת אלפים ספרים."
RIGHT = "העירייה פתחה את הספרייה החדשה בשנת 1998."
WRONG_YEAR = "העירייה פתחה את הספרייה החדשה בשנת 2005."


def test_stored_model_loads_and_matches_the_features() -> None:
    model = load_model()
    n = len(feature_names())
    assert model["features"] == feature_names()
    assert len(model["weights"]) == len(model["mean"]) == len(model["scale"]) == n
    assert all(s > 0 for s in model["scale"])
    # the fit's constraint: no failed check ever raises the probability
    issue_weights = np.asarray(model["weights"])[nonpositive_mask()]
    assert (issue_weights <= 0).all()


def test_a_failed_check_lowers_the_probability() -> None:
    right, wrong = ground_claim(RIGHT, SRC), ground_claim(WRONG_YEAR, SRC)
    assert right.supported and not wrong.supported  # the year check fails on the second
    assert 0.0 < support_probability(wrong) < support_probability(right) < 1.0
    # the same result with one more issue (verdict and score unchanged) never gains
    p = support_probability(right)
    for kind in IssueKind:
        with_issue = replace(right, issues=[*right.issues, Issue(kind, "added")])
        assert support_probability(with_issue) <= p


def test_fit_by_hand_symmetric_data() -> None:
    x = np.array([[0.0], [1.0], [2.0], [3.0]])
    y = np.array([0.0, 0.0, 1.0, 1.0])
    model = fit(x, y, 1.0, np.array([False]))
    p = predict(model, np.array([[0.0], [1.5], [3.0]]))
    # symmetric about x = 1.5 with balanced labels: 0.5 there, mirrored either side
    assert p[1] == pytest.approx(0.5)
    assert p[0] == pytest.approx(1 - p[2])
    assert p[0] < p[1] < p[2]


def test_fit_with_a_huge_penalty_gives_the_base_rate() -> None:
    x = np.array([[0.0], [1.0], [2.0], [3.0]])
    y = np.array([0.0, 0.0, 0.0, 1.0])  # one in four supported
    model = fit(x, y, 1e9, np.array([False]))
    assert predict(model, x) == pytest.approx([0.25] * 4, abs=1e-6)


def test_row_weights_count_rows_as_repeated() -> None:
    """A row of weight 2 counts as that row twice (the base rate under a huge penalty is
    the weighted share); weights of 1 are the unweighted fit."""
    x = np.array([[0.0], [1.0], [2.0], [3.0]])
    y = np.array([0.0, 0.0, 0.0, 1.0])
    heavy = fit(x, y, 1e9, np.array([False]), np.array([1.0, 1.0, 1.0, 3.0]))
    assert predict(heavy, x) == pytest.approx([0.5] * 4, abs=1e-6)  # 3 of 6 supported
    plain = fit(x, y, 1.0, np.array([False]))
    assert fit(x, y, 1.0, np.array([False]), np.ones(4)) == plain
    # the mean and scale stay those of the rows (weights move the fit, not the features)
    assert heavy["mean"] == plain["mean"]


def test_fit_is_deterministic() -> None:
    rng = np.random.default_rng(0)
    x = rng.normal(size=(60, 3))
    y = (x[:, 0] + rng.normal(size=60) > 0).astype(float)
    mask = np.array([False, True, False])
    assert fit(x, y, 1.0, mask) == fit(x, y, 1.0, mask)


def test_nonpositive_column_is_held_at_zero() -> None:
    x = np.array([[0.0], [1.0], [2.0], [3.0]])
    y = np.array([0.0, 1.0, 0.0, 1.0])  # rises with x: a free weight comes out positive
    assert fit(x, y, 1.0, np.array([False]))["weights"][0] > 0
    held = fit(x, y, 1.0, np.array([True]))
    assert held["weights"] == [0.0]
    assert predict(held, x) == pytest.approx([0.5] * 4)


def test_model_with_other_features_is_refused(tmp_path) -> None:
    path = tmp_path / "calibration.json"
    path.write_text(json.dumps({"features": ["score"], "weights": [1.0]}), "utf-8")
    with pytest.raises(ValueError, match="refit"):
        load_model(path)


# --- the binding measures of the lead span (round 11), on hand-made results ---------


def _span(text: str, start: int, score: float) -> SpanResult:
    return SpanResult(start, start + len(text), text, score)


def _result(claim: str, verdict: str, cands: list[SpanResult], spans: int = 1) -> ClaimResult:
    return ClaimResult(claim, 0, len(claim), verdict, 0.5, cands[:spans], [], cands)


LEAD = "בספרייה יש 3000 ספרים ו-12 מחשבים."


def test_a_number_only_outside_the_lead_span_is_counted() -> None:
    other = _span("בבית הספר יש 40 מחשבים.", 100, 0.3)
    inside = binding_features(
        _result("בספרייה יש 3000 ספרים ו-12 מחשבים.", "supported", [_span(LEAD, 0, 0.9), other])
    )
    outside = binding_features(
        _result("בספרייה יש 3000 ספרים ו-40 מחשבים.", "partial", [_span(LEAD, 0, 0.9), other])
    )
    assert inside["numbers_outside_lead"] == 0
    assert outside["numbers_outside_lead"] == 1  # 40 stands only in the other sentence
    assert inside["has_number"] == outside["has_number"] == 1.0
    words = binding_features(_result("בספרייה יש ספרים רבים.", "partial", [_span(LEAD, 0, 0.9)]))
    assert words["numbers_outside_lead"] == 0 and words["has_number"] == 0.0


def test_supported_words_and_spans_follow_the_verdict() -> None:
    claim = "העירייה פתחה את הספרייה החדשה."  # content words: העירייה פתחה הספרייה החדשה
    cands = [_span("העירייה פתחה את הספרייה החדשה בשנת 1998.", 0, 0.9), _span(LEAD, 50, 0.2)]
    sup = binding_features(_result(claim, "supported", cands, spans=2))
    part = binding_features(_result(claim, "partial", cands, spans=1))
    assert sup["supported_words"] == 4 and part["supported_words"] == 0
    assert sup["spans"] == 2 and part["spans"] == 1


def test_lead_margin_is_over_the_best_candidate_elsewhere() -> None:
    lead = _span("דני צייר את התמונה.", 0, 0.8)
    window = _span("דני צייר את התמונה. רונית כתבה את השיר.", 0, 0.7)  # overlaps the lead
    apart = _span("השיר פורסם בעיתון.", 50, 0.3)
    got = binding_features(_result("דני צייר את התמונה.", "supported", [lead, window, apart]))
    assert got["lead_margin"] == pytest.approx(0.8 - 0.3)
    alone = binding_features(_result("דני צייר את התמונה.", "supported", [lead, window]))
    assert alone["lead_margin"] == pytest.approx(0.8)  # nothing apart from the lead


def test_pairs_in_lead_counts_adjacent_claim_words_found_together() -> None:
    lead = _span("דני צייר את התמונה.", 0, 0.8)
    # content words דני צייר הנוף בגשם: of the pairs (דני, צייר), (צייר, הנוף), (הנוף,
    # בגשם) only the first has both words in the lead
    got = binding_features(_result("דני צייר את הנוף בגשם.", "partial", [lead]))
    assert got["pairs_in_lead"] == pytest.approx(1 / 3)
    whole = binding_features(_result("דני צייר את התמונה.", "supported", [lead]))
    assert whole["pairs_in_lead"] == pytest.approx(1.0)


def test_answer_place_prefers_the_answer_beside_the_question_words() -> None:
    lead = _span("דני צייר את התמונה ורונית כתבה את השיר.", 0, 0.9)
    # lead's words: דני(0) צייר(1) התמונה(2) ורונית(3) כתבה(4) השיר(5); the question's
    # כתבה and השיר stand at 4 and 5. Nearness of a place: 1/(1+d) summed over them:
    # 3 -> 1/2 + 1/3 (the best place), 0 -> 1/5 + 1/6.
    right = binding_features(_result("מי כתבה את השיר? רונית", "supported", [lead]))
    wrong = binding_features(_result("מי כתבה את השיר? דני", "supported", [lead]))
    assert right["answer_place"] == pytest.approx(1.0)
    assert wrong["answer_place"] == pytest.approx((1 / 5 + 1 / 6) / (1 / 2 + 1 / 3))
    plain = binding_features(_result("רונית כתבה את השיר.", "supported", [lead]))
    assert plain["answer_place"] == 1.0  # no question: nothing to place
    elsewhere = binding_features(
        _result("מי כתבה את השיר? רונית", "partial", [_span("השמש זרחה.", 0, 0.2)])
    )
    assert elsewhere["answer_place"] == 0.0  # neither part in the lead span


def test_answer_nearest_figure_tells_the_asked_figure_from_its_neighbour() -> None:
    lead = _span("ב-2020 קנה המוזיאון 12 תמונות והספרייה קנתה 40 ספרים.", 0, 0.9)

    # lead's words: 2020(0) קנה(1) המוזיאון(2) 12(3) תמונות(4) והספרייה(5) קנתה(6) 40(7)
    # ספרים(8). The question's words stand at 0 (2020), 1 (קנה, perhaps 6 too) and 2; 12
    # is 1-3 words from them, 40 at least 1, 5 and 7: 12 is the nearest figure. 2020 is
    # the question's own figure, not a rival (as one it would be the nearest, at 0).
    def nearest(claim: str, cands: list[SpanResult]) -> float:
        return binding_features(_result(claim, "supported", cands))["answer_nearest_figure"]

    assert nearest("כמה תמונות קנה המוזיאון ב-2020? 12 תמונות", [lead]) == 1.0
    assert nearest("כמה תמונות קנה המוזיאון ב-2020? 40 תמונות", [lead]) == 0.0
    # nothing to tell: no question, an answer without a figure, a lead with no rival
    assert nearest("ב-2020 קנה המוזיאון 40 תמונות.", [lead]) == 1.0
    assert nearest("מי קנה 12 תמונות ב-2020? המוזיאון", [lead]) == 1.0
    alone = _span("ב-2020 קנה המוזיאון 12 תמונות.", 0, 0.9)
    assert nearest("כמה תמונות קנה המוזיאון ב-2020? 12", [alone]) == 1.0
    assert nearest("כמה תמונות קנה המוזיאון ב-2020? 12", []) == 1.0


def test_universal_added_reads_the_claims_own_sentence() -> None:
    # "רובם" (most of them) restricts; the claim's "כל הרפתנים" (all the dairy farmers,
    # definite) says it of all: added. The lead's other sentence says "כל" of teachers,
    # which is not the claim's sentence (it holds none of the claim's words).
    lead = _span("כל המורים עברו השתלמות. במושב 40 רפתנים, ורובם חולבים פעמיים ביום.", 0, 0.9)

    def added(claim: str, cands: list[SpanResult]) -> float:
        return binding_features(_result(claim, "supported", cands))["universal_added"]

    assert added("כל הרפתנים במושב חולבים פעמיים ביום.", [lead]) == 1.0
    assert added("הרפתנים במושב חולבים פעמיים ביום.", [lead]) == 0.0  # no "all"
    # distributive "כל רפתן" (each farmer) before an indefinite noun is not "all of them"
    assert added("כל רפתן במושב חולב פעמיים ביום.", [lead]) == 0.0
    # the claim's sentence says "all" itself: nothing added
    every = _span("כל 40 הרפתנים במושב חולבים פעמיים ביום.", 0, 0.9)
    assert added("כל הרפתנים במושב חולבים פעמיים ביום.", [every]) == 0.0
    assert added("כל הרפתנים במושב חולבים פעמיים ביום.", []) == 0.0  # no lead


def test_date_in_claim_sentence_tells_a_date_moved_to_another_event() -> None:
    lead = _span("הספרייה נפתחה ב-1998 ברחוב הרצל. ב-2005 עברה הספרייה לבניין חדש.", 0, 0.9)

    # the claim's sentence holds most of its words other than figures: "נפתחה" and
    # "הספרייה" (2) in the first sentence, "הספרייה" (1) in the second; "עברה לבניין
    # חדש" picks the second.
    def there(claim: str, cands: list[SpanResult], spans: int = 1) -> float:
        got = binding_features(_result(claim, "supported", cands, spans))
        return got["date_in_claim_sentence"]

    assert there("הספרייה נפתחה ב-1998.", [lead]) == 1.0
    assert there("הספרייה נפתחה ב-2005.", [lead]) == 0.0  # 2005 is the move's year
    assert there("הספרייה עברה לבניין חדש ב-2005.", [lead]) == 1.0
    # a support span's sentence counts as well as the lead's
    moved = _span("הספרייה עברה לבניין חדש.", 0, 0.9)
    opened = _span("ב-2005 נפתחה הספרייה ברחוב הרצל.", 200, 0.5)
    assert there("הספרייה נפתחה ב-2005.", [moved, opened], spans=2) == 1.0
    assert there("הספרייה נפתחה ב-2005.", [moved, opened], spans=1) == 0.0
    # nothing to tell: no date (40 is no year), a question (the answer_* measures' job)
    assert there("הספרייה נפתחה ברחוב הרצל.", [lead]) == 1.0
    assert there("בספרייה נפתחו 40 חדרים.", [lead]) == 1.0
    assert there("מתי נפתחה הספרייה? ב-2005", [lead]) == 1.0


def test_no_candidates_gives_neutral_measures() -> None:
    got = binding_features(_result("בספרייה יש 40 מחשבים.", "unsupported", [], spans=0))
    assert got["numbers_outside_lead"] == 1 and got["lead_margin"] == 0.0
    assert got["pairs_in_lead"] == 0.0 and got["spans"] == 0
    assert np.isfinite(features(_result("בספרייה יש 40 מחשבים.", "unsupported", [], 0))).all()


def test_no_failed_check_ever_raises_the_probability_of_real_results() -> None:
    results = [
        ground_claim(RIGHT, SRC),
        ground_claim(WRONG_YEAR, SRC),
        ground_claim("מתי פתחה העירייה את הספרייה? בשנת 1998", SRC),
        ground_claim("בספרייה יש שלושת אלפים ספרים.", SRC),
    ]
    for r in results:
        p = support_probability(r)
        for kind in IssueKind:
            for n in (1, 2):
                more = replace(r, issues=[*r.issues, *[Issue(kind, "added")] * n])
                assert support_probability(more) <= p + 1e-12


# --- the monotone map (round 18) ---------------------------------------------------------


def _under_confident(n: int = 1000) -> tuple[np.ndarray, np.ndarray]:
    """Probabilities whose claims are supported more often than they say in the middle:
    each claim's true chance is sqrt(p), drawn with a seeded generator."""
    rng = np.random.default_rng(7)
    p = rng.uniform(0.0, 1.0, n)
    return p, (rng.uniform(0.0, 1.0, n) < np.sqrt(p)).astype(float)


def test_monotone_map_rises_strictly_and_stays_in_the_unit_interval() -> None:
    p, y = _under_confident()
    knots = fit_monotone_map(p, y, min_block=100)
    xs, vs = [k[0] for k in knots], [k[1] for k in knots]
    assert len(knots) >= 2
    assert all(a < b for a, b in zip(xs, xs[1:], strict=False))
    assert all(a < b for a, b in zip(vs, vs[1:], strict=False))
    assert all(0.0 < v < 1.0 for v in xs + vs)
    grid = np.linspace(0.0, 1.0, 2001)
    mapped = recalibrate(knots, grid)
    assert (np.diff(mapped) > 0).all()  # strictly: claims are never reordered
    assert mapped[0] == 0.0 and mapped[-1] == 1.0
    # out-of-range input is held to the ends, never mapped outside [0, 1]
    assert recalibrate(knots, np.array([-0.5, 1.5])).tolist() == [0.0, 1.0]


def test_monotone_map_corrects_an_under_confident_probability() -> None:
    from workbench.grounding.probability.calibration_metrics import calibration_error

    p, y = _under_confident(4000)
    knots = fit_monotone_map(p[:2000], y[:2000], min_block=100)
    before = calibration_error(p[2000:], y[2000:])
    after = calibration_error(recalibrate(knots, p[2000:]), y[2000:])
    assert before is not None and after is not None
    assert after < before / 2
    # a middle probability is raised towards sqrt(p)
    assert recalibrate(knots, np.array([0.25]))[0] > 0.35


def test_monotone_map_pools_a_falling_stretch_and_drops_certain_blocks() -> None:
    # blocks of two, shares supported 0, 1, 0.5, 0.5, 1: the third falls below the second
    # (pooled: 3 of 4), the fourth below that (pooled: 4 of 6, mean P 2.15 / 6); the
    # all-unsupported first block and the all-supported last one give no knot
    p = np.array([0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.5, 0.55, 0.8, 0.85])
    y = np.array([0, 0, 1, 1, 1, 0, 0, 1, 1, 1], float)
    knots = fit_monotone_map(p, y, min_block=2)
    assert knots == [[round(2.15 / 6, 4), round(4 / 6, 4)]]
    # shuffled input gives the same map (the fit sorts by P)
    order = np.array([3, 7, 0, 9, 5, 1, 8, 2, 6, 4])
    assert fit_monotone_map(p[order], y[order], min_block=2) == knots


def test_stored_map_keeps_issues_lowering_and_round_trips(tmp_path: Path) -> None:
    model = dict(load_model())  # a copy: the loaded model is cached
    knots = model["recalibration"]
    assert knots and knots == sorted(knots)
    # a JSON round trip gives the same map and the same probability
    copy = tmp_path / "calibration.json"
    copy.write_text(json.dumps(model), "utf-8")
    again = load_model.__wrapped__(copy)
    grid = np.linspace(0.0, 1.0, 101)
    assert (recalibrate(again["recalibration"], grid) == recalibrate(knots, grid)).all()
    # weights from before the map load as the logistic P alone
    del model["recalibration"]
    copy.write_text(json.dumps(model), "utf-8")
    assert load_model.__wrapped__(copy)["recalibration"] == []
    assert (recalibrate([], grid) == grid).all()
    # through the map, a failed check still never raises the probability
    right = ground_claim(RIGHT, SRC)
    p = support_probability(right)
    assert 0.0 <= p <= 1.0
    for kind in IssueKind:
        worse = replace(right, issues=[*right.issues, Issue(kind, "added"), Issue(kind, "x")])
        assert 0.0 <= support_probability(worse) <= p
