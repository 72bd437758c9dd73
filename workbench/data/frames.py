"""Tidy polars frames built from validated records.

One row per thing: ``records`` (one per record), ``claims`` (one per claim), ``spans``
(one per attribution span) and ``ratings`` (long: one per record x annotator x
dimension). The nested JSON is loaded once into a typed frame and flattened with
``explode``/``unnest``; no Python loop walks the rows.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import polars as pl

from workbench.data.schema import DIMENSIONS

_SPAN = pl.Struct(
    {
        "sentence_id": pl.Int64,
        "source_excerpt": pl.String,
        "start_char": pl.Int64,
        "end_char": pl.Int64,
        "verified": pl.Boolean,
        "verification_method": pl.String,
    }
)
_CLAIM = pl.Struct({"claim_id": pl.Int64, "text": pl.String, "attribution": pl.List(_SPAN)})
_RATING = pl.Struct(
    {"annotator_id": pl.String, "scores": pl.Struct({d: pl.Int64 for d in DIMENSIONS})}
)
RECORD_SCHEMA: dict[str, pl.DataType | type[pl.DataType]] = {
    "id": pl.String,
    "source_task_id": pl.String,
    "genre": pl.String,
    "difficulty": pl.Int64,
    "document_id": pl.String,
    "question": pl.String,
    "source_text": pl.String,
    "reference_answer": pl.String,
    "claims": pl.List(_CLAIM),
    "human_ratings": pl.List(_RATING),
}
_KEYS = ["genre", "difficulty"]


@dataclass(frozen=True)
class Frames:
    """The four tidy frames of a dataset."""

    records: pl.DataFrame
    claims: pl.DataFrame
    spans: pl.DataFrame
    ratings: pl.DataFrame


# The long flat texts (most of the file) are handed to polars as UTF-8 bytes encoded here,
# ENCODE_CHUNK records at a time: when polars reads a Python str, CPython keeps a UTF-8 copy
# inside that str for as long as it lives, which would double the memory of every text
# the records hold; these bytes are temporary.
TEXT_COLUMNS: tuple[str, ...] = ("source_text", "reference_answer", "question")
ENCODE_CHUNK = 2048


def _text_column(records: list[dict[str, Any]], key: str) -> pl.Series:
    """One string column, built from bytes encoded a chunk of records at a time."""
    parts = [
        pl.Series(
            key,
            [
                None if (v := r.get(key)) is None else v.encode()
                for r in records[i : i + ENCODE_CHUNK]
            ],
            dtype=pl.Binary,
        ).cast(pl.String)
        for i in range(0, len(records), ENCODE_CHUNK)
    ]
    return pl.concat(parts) if parts else pl.Series(key, [], dtype=pl.String)


def _nested(records: list[dict[str, Any]]) -> pl.DataFrame:
    """The records as one typed frame with nested claims and ratings (extra keys dropped)."""
    rest = {k: t for k, t in RECORD_SCHEMA.items() if k not in TEXT_COLUMNS}
    return (
        pl.DataFrame(records, schema=rest, strict=False)
        .with_columns(_text_column(records, k) for k in TEXT_COLUMNS)
        .select(list(RECORD_SCHEMA))
    )


def build_frames(records: list[dict[str, Any]]) -> Frames:
    """Flatten validated records into the four tidy frames."""
    nested = _nested(records)
    claims = (
        nested.select(pl.col("id").alias("record_id"), *_KEYS, "claims")
        .filter(pl.col("claims").list.len() > 0)
        .explode("claims")
        .unnest("claims")
        .with_columns(n_spans=pl.col("attribution").list.len())
    )
    source = nested.select(pl.col("id").alias("record_id"), "source_text")
    spans = (
        claims.select("record_id", *_KEYS, "claim_id", "attribution")
        .filter(pl.col("attribution").list.len() > 0)
        .with_columns(span_idx=pl.int_ranges(pl.col("attribution").list.len()))
        .explode("attribution", "span_idx")
        .unnest("attribution")
        .rename({"verified": "verified_stored"})
        .join(source, on="record_id", how="left")
        .with_columns(
            span_len=pl.col("end_char") - pl.col("start_char"),
            source_len=pl.col("source_text").str.len_chars(),
        )
        .with_columns(
            verified=pl.col("source_text").str.slice(pl.col("start_char"), pl.col("span_len"))
            == pl.col("source_excerpt"),
            rel_start=pl.col("start_char") / pl.col("source_len"),
            rel_end=pl.col("end_char") / pl.col("source_len"),
        )
        .select(
            "record_id",
            *_KEYS,
            "claim_id",
            pl.col("span_idx").cast(pl.Int64),
            "sentence_id",
            "start_char",
            "end_char",
            "source_excerpt",
            "verified_stored",
            "verified",
            "span_len",
            "rel_start",
            "rel_end",
        )
    )
    claims = claims.drop("attribution")
    ratings = (
        nested.select(pl.col("id").alias("record_id"), *_KEYS, "human_ratings")
        .filter(pl.col("human_ratings").list.len() > 0)
        .explode("human_ratings")
        .unnest("human_ratings")
        .rename({"annotator_id": "annotator"})
        .unnest("scores")
        .unpivot(
            index=["record_id", *_KEYS, "annotator"],
            on=list(DIMENSIONS),
            variable_name="dimension",
            value_name="score",
        )
        .drop_nulls("score")
        .with_columns(pl.col("score").cast(pl.Int64))
    )
    recs = nested.select(
        pl.exclude("claims", "human_ratings"),
        source_len=pl.col("source_text").str.len_chars(),
        n_claims=pl.col("claims").list.len(),
        n_spans=pl.col("claims")
        .list.eval(pl.element().struct.field("attribution").list.len())
        .list.sum(),
        n_annotators=pl.col("human_ratings").list.len(),
    ).with_columns(pl.col("source_len", "n_claims", "n_spans", "n_annotators").cast(pl.Int64))
    return Frames(records=recs, claims=claims, spans=spans, ratings=ratings)
