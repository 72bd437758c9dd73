"""Agreement statistics against published values, plus properties that must hold.

The 54 cases in ``tests/data/agreement_cases.json`` carry the values *as published*
(Krippendorff 2011/2018, Hayes & Krippendorff 2007, Freelon 2010, Fleiss 1971, Gwet's irrCAC)
and their rounding; every statistic on a raters x units matrix (:mod:`workbench.agreement.alpha`,
``bootstrap``, ``chance_corrected``, ``raw_agreement``) is checked against them. Dataset-level
functions (``ratings``, ``tables``, ``report_section``) are checked on hand-built ratings whose
answers are known by construction.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import krippendorff
import numpy as np
import polars as pl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.agreement.alpha import (
    LEVELS,
    alpha_from_coincidences,
    krippendorff_alpha,
    reliability_label,
    unit_coincidences,
)
from workbench.agreement.bootstrap import bootstrap_alpha
from workbench.agreement.chance_corrected import (
    brennan_prediger,
    conger_kappa,
    fleiss_kappa,
    gwet_ac,
    percent_agreement,
)
from workbench.agreement.matrix import AgreementInputError, as_matrix, categories_of
from workbench.agreement.ratings import (
    SCALE,
    perfect_agreement,
    perfect_agreement_identical,
    rating_cube,
    scope_coincidences,
)
from workbench.agreement.raw_agreement import perfect_agreement_units
from workbench.agreement.report_section import agreement_lines, agreement_section
from workbench.agreement.tables import agreement_by, pairwise_table
from workbench.data.schema import DIMENSIONS

CASES: list[dict[str, Any]] = json.loads(
    (Path(__file__).parent / "data" / "agreement_cases.json").read_text(encoding="utf-8")
)

# Published keys we deliberately do not check, and why.
UNCHECKED = {
    # Gwet's variance of his own formulation of alpha; the R and Python irrCAC disagree
    # (see the file's flags), and we report a bootstrap interval for alpha instead.
    "irrcac_krippendorff_se",
    # Gwet's weighted alpha with his linear/rank weights: not one of Krippendorff's metrics.
    "irrcac_krippendorff_alpha_linear",
    "irrcac_krippendorff_alpha_ordinal",
}


def case_matrix(case: dict[str, Any]) -> np.ndarray:
    """The case's matrix as floats; string labels become ranks in their stated order.

    Ranks keep equality (all nominal needs) and order (all ordinal needs), so the
    statistics the string cases publish are unchanged by the recoding.
    """
    rows = case["matrix"]
    labels = {v for row in rows for v in row if isinstance(v, str)}
    if labels:
        order = case.get("value_domain") or sorted(labels)
        rank = {v: i + 1 for i, v in enumerate(order)}
        rows = [[None if v is None else rank[v] for v in row] for row in rows]
    return as_matrix(rows)


def case_domain(case: dict[str, Any]) -> list[float] | None:
    vd = case.get("value_domain")
    if vd is None:
        return None
    return [float(i + 1) for i in range(len(vd))] if isinstance(vd[0], str) else vd


def _two_raters_complete(m: np.ndarray) -> np.ndarray:
    """``m`` itself; Cohen's kappa and Scott's pi are defined for two raters, no gaps."""
    assert m.shape[0] == 2 and not np.isnan(m).any()
    return m


# Our value for each published key: (matrix, case) -> value.
STATISTICS: dict[str, Any] = {
    "alpha": lambda m, c: krippendorff_alpha(m, c["level"], case_domain(c)).value,
    # Gwet's unweighted alpha is nominal alpha; quadratic weights = the interval metric
    "irrcac_krippendorff_alpha": lambda m, c: krippendorff_alpha(m, "nominal").value,
    "irrcac_krippendorff_alpha_quadratic": lambda m, c: krippendorff_alpha(m, "interval").value,
    "irrcac_krippendorff_alpha_ratio": lambda m, c: krippendorff_alpha(m, "ratio").value,
    "gwet_ac1": lambda m, c: gwet_ac(m).value,
    "gwet_ac1_se": lambda m, c: gwet_ac(m).se,
    "fleiss_kappa": lambda m, c: fleiss_kappa(m).value,
    "fleiss_kappa_se": lambda m, c: fleiss_kappa(m).se,
    "percent_agreement": lambda m, c: percent_agreement(m).value,
    "mean_pairwise_agreement": lambda m, c: percent_agreement(m).value,
    "brennan_prediger": lambda m, c: brennan_prediger(m).value,
    "conger_kappa": lambda m, c: conger_kappa(m).value,
    # Conger's kappa is Cohen's for two raters; Fleiss' kappa is Scott's pi for two raters
    "cohen_kappa": lambda m, c: conger_kappa(_two_raters_complete(m)).value,
    "scott_pi": lambda m, c: fleiss_kappa(_two_raters_complete(m)).value,
    "perfect_agreement_fraction": lambda m, c: perfect_agreement_units(m).fraction,
}
# Weighted variants: gwet_ac2_<weights>, fleiss_kappa_<weights>.
PREFIXED: dict[str, Any] = {
    "gwet_ac2_": lambda m, w: gwet_ac(m, weights=w).value,
    "fleiss_kappa_": lambda m, w: fleiss_kappa(m, weights=w).value,
}


def statistic(case: dict[str, Any], key: str) -> float | None:
    """Our value for one published key of a case (KeyError for a key we do not compute)."""
    m = case_matrix(case)
    if key in STATISTICS:
        return STATISTICS[key](m, case)
    for prefix, fn in PREFIXED.items():
        if key.startswith(prefix):
            return fn(m, key.removeprefix(prefix))
    raise KeyError(key)


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_published_case(case: dict[str, Any]) -> None:
    failures = []
    for key, expected in case["expected"].items():
        if key in UNCHECKED:
            continue
        got = statistic(case, key)
        if expected is None:
            ok = got is None
        else:
            ok = got is not None and abs(got - expected) <= case["tolerance"][key]
        if not ok:
            failures.append(f"{key}: published {expected}, got {got}")
    assert not failures, f"{case['name']} ({case['source'][:80]}...): {failures}"


def test_case_file_is_complete_and_every_published_key_is_handled() -> None:
    assert len(CASES) == 54
    keys = {k for c in CASES for k in c["expected"]}
    assert UNCHECKED <= keys
    for key in keys - UNCHECKED:  # a key statistic() does not compute raises KeyError
        case = next(c for c in CASES if key in c["expected"])
        got = statistic(case, key)
        assert got is None or math.isfinite(got), (key, case["name"], got)


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_vectorised_alpha_matches_the_package(case: dict[str, Any]) -> None:
    """The bootstrap's own alpha (from summed per-unit coincidences) equals the package's."""
    m = case_matrix(case)
    domain = categories_of(m, case_domain(case))
    for level in LEVELS:
        reference = krippendorff_alpha(m, level, domain)
        ours = alpha_from_coincidences(unit_coincidences(m, domain).sum(0), domain, level)
        if reference.value is None:
            assert np.isnan(ours)
        else:
            assert ours == pytest.approx(reference.value, abs=1e-12)


# ---- undefined and invalid input -------------------------------------------------------


def test_no_variation_is_undefined_with_reason() -> None:
    m = np.full((4, 6), 2.0)
    for level in LEVELS:
        s = krippendorff_alpha(m, level, SCALE)
        assert s.value is None and "no variation" in s.reason
    # inferred domain of one value: still a reason, not the package's ValueError
    assert krippendorff_alpha(m, "nominal").reason
    assert fleiss_kappa(m, SCALE).value is None
    # AC1 is defined here (chance agreement 0 on a 3-point scale): the prevalence paradox
    assert gwet_ac(m, SCALE).value == pytest.approx(1.0)


def test_no_pairable_unit_is_undefined_with_reason() -> None:
    m = np.array([[0, np.nan, 2], [np.nan, 1, np.nan]])
    for fn in (gwet_ac, fleiss_kappa, percent_agreement, brennan_prediger):
        s = fn(m, SCALE)
        assert s.value is None and "two or more" in s.reason
    s = krippendorff_alpha(m, "ordinal", SCALE)
    assert s.value is None and "two or more" in s.reason
    assert perfect_agreement_units(m).fraction is None


def test_out_of_scale_rating_is_an_error() -> None:
    with pytest.raises(AgreementInputError, match=r"outside the scale"):
        krippendorff_alpha([[0, 1, 3], [0, 1, 2]], "ordinal", SCALE)
    with pytest.raises(AgreementInputError, match="2-D"):
        krippendorff_alpha([0, 1, 2])


def test_unused_category_in_domain_changes_nothing() -> None:
    m = np.array([[0, 0, 2, 2, 2], [0, 2, 2, 2, np.nan], [np.nan, 0, 2, 2, 0]])
    for level in LEVELS:
        inferred = krippendorff_alpha(m, level).value
        assert krippendorff_alpha(m, level, SCALE).value == pytest.approx(inferred)


@pytest.mark.parametrize(
    ("alpha", "label"),
    [
        (1.0, "reliable"),
        (0.800, "reliable"),
        (0.7999, "tentative"),
        (0.667, "tentative"),
        (0.6669, "unreliable"),
        (-0.2, "unreliable"),
        (None, "undefined"),
    ],
)
def test_reliability_label(alpha: float | None, label: str) -> None:
    assert reliability_label(alpha) == label


# ---- dataset level ---------------------------------------------------------------------


def long_ratings(scores: dict[str, dict[str, list[int | None]]]) -> pl.DataFrame:
    """{record: {annotator: [five scores or None]}} as the long ratings frame."""
    rows = [
        {"record_id": r, "annotator": a, "dimension": d, "score": s}
        for r, by_ann in scores.items()
        for a, vals in by_ann.items()
        for d, s in zip(DIMENSIONS, vals, strict=True)
        if s is not None
    ]
    return pl.DataFrame(
        rows,
        schema={
            "record_id": pl.String,
            "annotator": pl.String,
            "dimension": pl.String,
            "score": pl.Int64,
        },
    )


HAND = {
    # all four agree everywhere -> perfect
    "r1": {"a": [2, 2, 2, 2, 2], "b": [2, 2, 2, 2, 2], "c": [2, 2, 2, 2, 2], "d": [2, 2, 2, 2, 2]},
    # one disagreement on completeness -> not perfect
    "r2": {"a": [2, 1, 0, 2, 2], "b": [2, 1, 1, 2, 2], "c": [2, 1, 0, 2, 2], "d": [2, 1, 0, 2, 2]},
    # annotator d missing, one dimension missing for c: missing is not disagreement -> perfect
    "r3": {"a": [1, 2, 2, 0, 1], "b": [1, 2, 2, 0, 1], "c": [1, None, 2, 0, 1]},
    # two annotators disagree on coherence and faithfulness -> not perfect
    "r4": {"a": [0, 2, 2, 2, 1], "b": [2, 2, 2, 1, 1], "c": [0, 2, 2, 2, 1], "d": [0, 2, 2, 2, 1]},
}


def hand_matrix(dimension: str | None) -> np.ndarray:
    """Raters a-d x units, built by hand from HAND (pooled: units = record x dimension)."""
    dims = DIMENSIONS if dimension is None else (dimension,)
    cols = []
    for rec in sorted(HAND):
        for d in dims:
            i = DIMENSIONS.index(d)
            cols.append([HAND[rec].get(a, [None] * 5)[i] for a in "abcd"])
    return np.array(cols, dtype=float).T


def test_perfect_agreement_counts_records() -> None:
    pa = perfect_agreement(long_ratings(HAND))
    assert (pa.count, pa.of) == (2, 4)
    assert pa.fraction == 0.5


# The two readings of the card's "all four annotators gave the exact same score, on all five
# dimensions", apart by construction. Headline: each dimension has one score (it may differ
# between dimensions). Identical: the whole record has one score.
TWO_READINGS = {
    # one score everywhere -> both readings
    "all2": {a: [2, 2, 2, 2, 2] for a in "abcd"},
    # one score everywhere among the ratings given (d absent, c skipped relevance) -> both
    "all0": {"a": [0] * 5, "b": [0] * 5, "c": [0, None, 0, 0, 0]},
    # all four agree on each dimension, but 2, 2, 1, 2, 0 across them -> headline only
    "per_dim": {a: [2, 2, 1, 2, 0] for a in "abcd"},
    # the same, with a missing rating: still headline only
    "per_dim_gap": {"a": [1, 1, 2, 2, 2], "b": [1, 1, 2, 2, 2], "c": [1, 1, 2, None, 2]},
    # b gives 1 on attribution where the others give 2 -> neither
    "split": {"a": [2] * 5, "b": [2, 2, 2, 2, 1], "c": [2] * 5, "d": [2] * 5},
    # rated by one annotator only: not comparable, in neither count nor denominator
    "single": {"a": [2] * 5},
}


def test_two_readings_of_perfect_agreement_differ_as_constructed() -> None:
    ratings = long_ratings(TWO_READINGS)
    headline = perfect_agreement(ratings)
    identical = perfect_agreement_identical(ratings)
    assert (headline.count, headline.of, headline.fraction) == (4, 5, 0.8)
    assert (identical.count, identical.of, identical.fraction) == (2, 5, 0.4)
    section = agreement_section(ratings)
    assert section["perfect_agreement"] == {"fraction": 0.8, "records": 4, "of": 5}
    assert section["perfect_agreement_identical"] == {"fraction": 0.4, "records": 2, "of": 5}
    # HAND: r1 is all 2; r3 agrees per dimension with 1, 2, 2, 0, 1 -> headline only
    hand = perfect_agreement_identical(long_ratings(HAND))
    assert (hand.count, hand.of) == (1, 4)


def test_identical_reading_is_shown_as_the_alternative() -> None:
    section = agreement_section(long_ratings(TWO_READINGS))
    for markdown in (False, True):
        title = agreement_lines(section, markdown=markdown)[0]
        assert "Perfect agreement 0.800 (4 of 5 records)" in title
        assert "alternative reading (one single score on every dimension): 0.400 (2 of 5" in title
    # a section without the key (e.g. saved before it existed) still renders
    older = {k: v for k, v in section.items() if k != "perfect_agreement_identical"}
    assert "alternative" not in agreement_lines(older)[0]


def test_no_ratings_gives_no_perfect_agreement_in_either_reading() -> None:
    empty = long_ratings({})
    for fn in (perfect_agreement, perfect_agreement_identical):
        pa = fn(empty)
        assert pa.fraction is None and (pa.count, pa.of) == (0, 0) and pa.reason


def test_dataset_alpha_equals_package_on_hand_built_matrices() -> None:
    section = agreement_section(long_ratings(HAND))
    pooled = krippendorff.alpha(
        reliability_data=hand_matrix(None), value_domain=[0, 1, 2], level_of_measurement="ordinal"
    )
    assert section["alpha_ordinal"]["pooled"] == pytest.approx(pooled, abs=1e-12)
    for d in ("coherence", "completeness", "faithfulness"):
        expected = krippendorff.alpha(
            reliability_data=hand_matrix(d), value_domain=[0, 1, 2], level_of_measurement="ordinal"
        )
        assert section["alpha_ordinal"][d] == pytest.approx(expected, abs=1e-12)
    # relevance: 2,2,1,2 per record with full agreement inside each -> alpha = 1
    assert section["alpha_ordinal"]["relevance"] == pytest.approx(1.0)


def test_section_shape_and_json() -> None:
    section = agreement_section(long_ratings(HAND), bootstrap=200, seed=1)
    assert set(section["perfect_agreement"]) == {"fraction", "records", "of"}
    assert list(section["alpha_ordinal"]) == ["pooled", *DIMENSIONS]
    assert section["n_annotators"] == 4 and section["n_records"] == 4
    interval = section["alpha_ordinal_interval"]
    assert interval["resamples"] == 200 and interval["seed"] == 1
    json.dumps(section, allow_nan=False)  # no nan anywhere


def test_undefined_dimension_in_section_has_reason_and_no_nan() -> None:
    # attribution is 2 for everyone everywhere -> alpha undefined there only
    scores = {f"r{i}": {a: [i % 3, (i + 1) % 3, 2, i % 2, 2] for a in "abc"} for i in range(6)}
    scores["r0"]["a"][0] = 1
    section = agreement_section(long_ratings(scores), bootstrap=50)
    assert section["alpha_ordinal"]["attribution"] is None
    assert section["alpha_ordinal_label"]["attribution"] == "undefined"
    assert "no variation" in section["undefined"]["alpha_ordinal.attribution"]
    assert section["alpha_ordinal"]["pooled"] is not None
    assert section["alpha_ordinal_interval"]["attribution"] == [None, None]
    json.dumps(section, allow_nan=False)


def test_missing_dimension_is_missing_not_zero() -> None:
    full = long_ratings(HAND)
    dropped = full.filter(~((pl.col("record_id") == "r2") & (pl.col("annotator") == "b")))
    m = hand_matrix("completeness")
    m[1, 1] = np.nan  # annotator b, record r2
    got = agreement_section(dropped)["alpha_ordinal"]["completeness"]
    expected = krippendorff.alpha(
        reliability_data=m, value_domain=[0, 1, 2], level_of_measurement="ordinal"
    )
    assert got == pytest.approx(expected, abs=1e-12)


def test_duplicate_or_out_of_scale_rating_names_the_record() -> None:
    base = long_ratings(HAND)
    with pytest.raises(
        AgreementInputError, match=r"record r2: annotator a rated coherence 2 times"
    ):
        rating_cube(
            pl.concat(
                [
                    base,
                    base.filter(
                        (pl.col("record_id") == "r2")
                        & (pl.col("annotator") == "a")
                        & (pl.col("dimension") == "coherence")
                    ),
                ]
            )
        )
    bad = base.with_columns(
        score=pl.when(
            (pl.col("record_id") == "r3")
            & (pl.col("annotator") == "b")
            & (pl.col("dimension") == "relevance")
        )
        .then(5)
        .otherwise(pl.col("score"))
    )
    with pytest.raises(AgreementInputError, match=r"record r3: annotator b: relevance score 5"):
        agreement_section(bad)


def test_pairwise_table_by_construction() -> None:
    t = pairwise_table(long_ratings(HAND)).filter(pl.col("scope") == "completeness")
    get = {(r["annotator_a"], r["annotator_b"]): r for r in t.iter_rows(named=True)}
    # completeness: a and b differ only on r2 (0 vs 1) over 4 shared records
    assert get[("a", "b")]["agreement"] == 0.75 and get[("a", "b")]["n_shared"] == 4
    assert get[("a", "c")]["agreement"] == 1.0
    # d did not rate r3
    assert get[("a", "d")]["n_shared"] == 3 and get[("a", "d")]["agreement"] == 1.0
    assert get[("b", "a")] == {**get[("a", "b")], "annotator_a": "b", "annotator_b": "a"}


def test_agreement_by_group() -> None:
    base = long_ratings(HAND).with_columns(
        genre=pl.when(pl.col("record_id").is_in(["r1", "r2"]))
        .then(pl.lit("x"))
        .otherwise(pl.lit("y"))
    )
    t = agreement_by(base, "genre")
    assert set(t["group"]) == {"x", "y"}
    pooled = {r["group"]: r for r in t.filter(pl.col("scope") == "pooled").iter_rows(named=True)}
    assert pooled["x"]["n_records"] == 2 and pooled["x"]["perfect_agreement"] == 0.5
    assert pooled["y"]["perfect_agreement"] == 0.5
    expected = agreement_section(base.filter(pl.col("genre") == "x"))["alpha_ordinal"]["pooled"]
    assert pooled["x"]["alpha_ordinal"] == pytest.approx(expected)


def test_bootstrap_is_seeded_and_vectorised_exactly() -> None:
    ratings = long_ratings(HAND)
    cube = rating_cube(ratings)
    c = scope_coincidences(cube)
    b1 = bootstrap_alpha(c, SCALE, "ordinal", resamples=300, seed=7)
    b2 = bootstrap_alpha(c, SCALE, "ordinal", resamples=300, seed=7)
    np.testing.assert_array_equal(b1.samples, b2.samples)
    # the estimate is the package's alpha on the full data
    section = agreement_section(ratings)
    for i, scope in enumerate(cube.scopes()):
        exp = section["alpha_ordinal"][scope]
        if exp is None:
            assert np.isnan(b1.estimate[i])
        else:
            assert b1.estimate[i] == pytest.approx(exp, abs=1e-12)


# ---- properties ------------------------------------------------------------------------

values = st.sampled_from([0.0, 1.0, 2.0, math.nan])


@st.composite
def rating_matrices(draw: st.DrawFn) -> np.ndarray:
    raters = draw(st.integers(2, 5))
    units = draw(st.integers(1, 12))
    cells = draw(st.lists(values, min_size=raters * units, max_size=raters * units))
    return np.array(cells).reshape(raters, units)


def _all_stats(m: np.ndarray) -> list[float | None]:
    out = [krippendorff_alpha(m, lvl, SCALE).value for lvl in LEVELS]
    out += [
        fn(m, SCALE).value
        for fn in (
            gwet_ac,
            fleiss_kappa,
            percent_agreement,
            brennan_prediger,
            conger_kappa,
        )
    ]
    out.append(gwet_ac(m, SCALE, "ordinal").value)
    out.append(perfect_agreement_units(m).fraction)
    return out


def _same(a: list[float | None], b: list[float | None]) -> bool:
    return all(
        (x is None and y is None)
        or (x is not None and y is not None and math.isclose(x, y, abs_tol=1e-9))
        for x, y in zip(a, b, strict=True)
    )


@settings(max_examples=60, deadline=None)
@given(rating_matrices(), st.randoms(use_true_random=False))
def test_permuting_raters_or_units_changes_nothing(m: np.ndarray, rnd) -> None:
    rows = list(range(m.shape[0]))
    cols = list(range(m.shape[1]))
    rnd.shuffle(rows)
    rnd.shuffle(cols)
    assert _same(_all_stats(m), _all_stats(m[rows][:, cols]))


@settings(max_examples=60, deadline=None)
@given(rating_matrices())
def test_alpha_never_exceeds_one_and_rater_with_no_ratings_changes_nothing(m: np.ndarray) -> None:
    widened = np.vstack([m, np.full((1, m.shape[1]), np.nan)])
    for lvl in LEVELS:
        a = krippendorff_alpha(m, lvl, SCALE).value
        assert a is None or a <= 1 + 1e-12
        b = krippendorff_alpha(widened, lvl, SCALE).value
        assert (a is None and b is None) or math.isclose(a, b, abs_tol=1e-12)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.sampled_from([0.0, 1.0, 2.0]), min_size=2, max_size=15),
    st.integers(2, 5),
    st.data(),
)
def test_perfect_agreement_gives_alpha_one(unit_values, raters, data) -> None:
    m = np.tile(np.array(unit_values), (raters, 1))
    # knock out ratings, but keep at least two per unit so every unit stays pairable
    for j in range(m.shape[1]):
        drop = data.draw(st.sets(st.integers(0, raters - 1), max_size=raters - 2))
        m[list(drop), j] = np.nan
    varied = len(set(unit_values)) > 1
    for lvl in LEVELS:
        a = krippendorff_alpha(m, lvl, SCALE)
        if varied:
            assert a.value == pytest.approx(1.0)
        else:
            assert a.value is None and a.reason
    assert percent_agreement(m, SCALE).value == pytest.approx(1.0)
    assert gwet_ac(m, SCALE).value == pytest.approx(1.0)
    assert perfect_agreement_units(m).fraction == 1.0
    if varied:
        boot = bootstrap_alpha(unit_coincidences(m, SCALE)[:, None], SCALE, resamples=50)
        defined = boot.samples[~np.isnan(boot.samples)]
        assert np.allclose(defined, 1.0)


@settings(max_examples=40, deadline=None)
@given(rating_matrices(), st.integers(0, 2**32 - 1))
def test_bootstrap_interval_is_ordered_and_within_resamples(m: np.ndarray, seed: int) -> None:
    c = unit_coincidences(m, SCALE)[:, None]
    boot = bootstrap_alpha(c, SCALE, "ordinal", resamples=40, seed=seed)
    s = boot.samples[:, 0]
    s = s[~np.isnan(s)]
    assert boot.n_undefined[0] == 40 - s.size
    if s.size >= 2:
        assert s.min() - 1e-12 <= boot.lo[0] <= boot.hi[0] <= s.max() + 1e-12
        assert boot.hi[0] <= 1 + 1e-12
    else:
        assert np.isnan(boot.lo[0]) and np.isnan(boot.hi[0])


@st.composite
def ratings_frames(draw: st.DrawFn) -> pl.DataFrame:
    n_rec = draw(st.integers(2, 8))
    n_ann = draw(st.integers(2, 4))
    rows = []
    for r in range(n_rec):
        for a in range(n_ann):
            for d in DIMENSIONS:
                s = draw(st.sampled_from([0, 1, 2, 2, None]))
                if s is not None:
                    rows.append(
                        {"record_id": f"rec{r}", "annotator": f"ann{a}", "dimension": d, "score": s}
                    )
    return pl.DataFrame(
        rows,
        schema={
            "record_id": pl.String,
            "annotator": pl.String,
            "dimension": pl.String,
            "score": pl.Int64,
        },
    )


@settings(max_examples=40, deadline=None)
@given(ratings_frames())
def test_identical_reading_is_a_subset_of_the_headline(frame: pl.DataFrame) -> None:
    headline = perfect_agreement(frame)
    identical = perfect_agreement_identical(frame)
    assert identical.of == headline.of
    assert identical.count <= headline.count


def _no_intervals(section: dict) -> dict:
    return {k: v for k, v in section.items() if k != "alpha_ordinal_interval"}


def _approx_equal(a: Any, b: Any) -> bool:
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_approx_equal(a[k], b[k]) for k in a)
    if isinstance(a, float) and isinstance(b, float):
        return math.isclose(a, b, abs_tol=1e-9)
    return a == b


@settings(max_examples=30, deadline=None)
@given(ratings_frames(), st.randoms(use_true_random=False))
def test_section_invariant_to_relabelling_annotators_and_records(frame: pl.DataFrame, rnd) -> None:
    if frame.height == 0:
        return
    anns = sorted(frame["annotator"].unique())
    recs = sorted(frame["record_id"].unique())
    ann_perm = dict(zip(anns, rnd.sample(anns, len(anns)), strict=True))
    rec_perm = dict(zip(recs, rnd.sample(recs, len(recs)), strict=True))
    relabelled = frame.with_columns(
        pl.col("annotator").replace_strict(ann_perm), pl.col("record_id").replace_strict(rec_perm)
    )
    shuffled = frame.sample(fraction=1.0, shuffle=True, seed=rnd.randint(0, 10**6))
    base = agreement_section(frame, bootstrap=30, seed=3)
    assert _approx_equal(_no_intervals(base), _no_intervals(agreement_section(relabelled)))
    # row order alone changes nothing, not even the seeded bootstrap
    assert _approx_equal(base, agreement_section(shuffled, bootstrap=30, seed=3))


# ---- report wiring ---------------------------------------------------------------------


def test_report_has_agreement_section_and_card_comparison(capsys) -> None:
    from workbench.cli import main

    fixture = Path(__file__).parent / "fixtures" / "valid.json"
    assert main(["report", "--data", str(fixture), "--format", "json"]) == 0
    rep = json.loads(capsys.readouterr().out)
    agreement = rep["agreement"]
    assert set(agreement["perfect_agreement"]) == {"fraction", "records", "of"}
    assert list(agreement["alpha_ordinal"]) == ["pooled", *DIMENSIONS]
    # the card's published values (dataset card, "Annotator agreement")
    assert rep["card"]["agreement"] == {
        "perfect_agreement": {"fraction": 0.379, "records": 50, "of": 132},
        "alpha_ordinal": {
            "pooled": 0.348,
            "coherence": 0.057,
            "relevance": 0.373,
            "completeness": 0.477,
            "faithfulness": 0.375,
            "attribution": 0.311,
        },
    }
    rows = [r for r in rep["comparison"] if r["metric"].startswith("agreement.")]
    assert len(rows) == 9 and all(isinstance(r["match"], bool) for r in rows)
    for fmt in ("text", "markdown"):
        assert main(["report", "--data", str(fixture), "--format", fmt]) == 0
        out = capsys.readouterr().out
        assert "Annotator agreement" in out and "AC1" in out
