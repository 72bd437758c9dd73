"""Breakdown charts of the dataset: what is in it, by genre and difficulty.

Each function takes the tidy frames of :mod:`workbench.data.frames` (or one of them) and
returns an Altair chart whose title says what it shows. The frames are aggregated with
polars, so a chart carries only the few rows it draws. Genres, difficulties and rating
dimensions carry bilingual labels (:mod:`workbench.plots.labels`); Hebrew text (questions)
is drawn right-to-left.

The charts are built by family: the genre x difficulty grid (``records_grid``), the
distributions of claims, spans and lengths (``distributions``), the human ratings
(``human_ratings``) and where annotators disagree (``annotator_disagreement``). This module
gathers them under one name for notebook 03, and :func:`all_charts` draws every one.

Interactive charts (``records_explorer``, ``most_disagreed_chart``) link a chart to a
table drawn below it: click a cell or a bar and the table shows its records.
"""

from __future__ import annotations

import altair as alt

from workbench.data.frames import Frames
from workbench.plots.annotator_disagreement import disagreement, most_disagreed_chart
from workbench.plots.distributions import (
    claims_per_record,
    source_length,
    span_length,
    span_position,
    spans_per_claim,
)
from workbench.plots.human_ratings import (
    rating_means,
    ratings_by,
    ratings_by_difficulty,
    ratings_by_genre,
)
from workbench.plots.records_grid import (
    genre_difficulty_counts,
    genre_difficulty_heatmap,
    records_explorer,
)

__all__ = [
    "AnyChart",
    "all_charts",
    "claims_per_record",
    "disagreement",
    "genre_difficulty_counts",
    "genre_difficulty_heatmap",
    "most_disagreed_chart",
    "rating_means",
    "ratings_by",
    "ratings_by_difficulty",
    "ratings_by_genre",
    "records_explorer",
    "source_length",
    "span_length",
    "span_position",
    "spans_per_claim",
]

AnyChart = alt.Chart | alt.LayerChart | alt.VConcatChart | alt.HConcatChart


def all_charts(frames: Frames) -> dict[str, AnyChart]:
    """Every breakdown chart of a dataset, by name (the order of notebook 03)."""
    return {
        "genre_difficulty": genre_difficulty_heatmap(frames.records),
        "records_explorer": records_explorer(frames.records),
        "claims_per_record": claims_per_record(frames.records),
        "spans_per_claim": spans_per_claim(frames.claims),
        "source_length": source_length(frames.records),
        "span_position": span_position(frames.spans),
        "span_length": span_length(frames.spans),
        "ratings_by_genre": ratings_by_genre(frames.ratings),
        "ratings_by_difficulty": ratings_by_difficulty(frames.ratings),
        "most_disagreed": most_disagreed_chart(frames),
    }
