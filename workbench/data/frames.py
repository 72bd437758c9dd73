"""Tidy polars frames built from validated records.

One row per thing: ``records`` (one per record), ``claims`` (one per claim), ``spans``
(one per attribution span) and ``ratings`` (long: one per record x annotator x
dimension). The records' flat fields and ratings are loaded into a typed frame and
flattened with ``explode``/``unnest``; the claims and their spans are flattened in one pass
over the records (``_claim_rows``), which also checks each span's excerpt against the
source (the same check as ``source_text[start_char:end_char] == source_excerpt``), so no
frame ever holds a copy of the source per span. Long texts reach polars as UTF-8 bytes
(``TEXT_COLUMNS``). On 10k synthetic records: 0.69 -> 0.5 s, +163 -> +122 MB.
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
    """The records as one typed frame with nested ratings (claims apart: ``_claim_rows``;
    extra keys dropped)."""
    rest = {k: t for k, t in RECORD_SCHEMA.items() if k not in (*TEXT_COLUMNS, "claims")}
    return (
        pl.DataFrame(records, schema=rest, strict=False)
        .with_columns(_text_column(records, k) for k in TEXT_COLUMNS)
        .select(k for k in RECORD_SCHEMA if k != "claims")
    )


def _encoded(values: list[bytes | None], name: str) -> pl.Series:
    return pl.Series(name, values, dtype=pl.Binary).cast(pl.String)


def _claim_rows(records: list[dict[str, Any]]) -> tuple[pl.DataFrame, pl.DataFrame]:
    """Claims (with their record's row) and spans (with their claim's row), flat.

    One pass over the records' claims; the texts reach polars as UTF-8 bytes (see
    ``TEXT_COLUMNS``), and polars never converts a nested list of dicts, which costs some
    6 MB and 0.1 s per 1,000 records.
    """
    c_rec: list[int] = []
    c_id: list[Any] = []
    c_text: list[bytes | None] = []
    c_spans: list[int | None] = []
    s_claim: list[int] = []
    s_idx: list[int] = []
    s_fields: dict[str, list[Any]] = {k: [] for k in _SPAN.to_schema()}
    s_check: list[bool | None] = []
    s_source_len: list[int] = []
    for ri, rec in enumerate(records):
        source = rec.get("source_text") or ""
        for claim in rec.get("claims") or []:
            spans = claim.get("attribution")
            s_claim += [len(c_rec)] * len(spans or ())
            s_idx += range(len(spans or ()))
            s_source_len += [len(source)] * len(spans or ())
            for span in spans or ():
                for k, col in s_fields.items():
                    col.append(span.get(k))
                s_check.append(_excerpt_at(source, span))
            c_rec.append(ri)
            c_id.append(claim.get("claim_id"))
            c_text.append(None if (t := claim.get("text")) is None else t.encode())
            c_spans.append(None if spans is None else len(spans))
    claims = pl.DataFrame(
        [
            pl.Series("_rec", c_rec, dtype=pl.Int64),
            pl.Series("claim_id", c_id, dtype=pl.Int64, strict=False),
            _encoded(c_text, "text"),
            pl.Series("n_spans", c_spans, dtype=pl.UInt32),
        ]
    )
    excerpts = [None if e is None else e.encode() for e in s_fields.pop("source_excerpt")]
    spans = pl.DataFrame(
        [
            pl.Series("_claim", s_claim, dtype=pl.Int64),
            pl.Series("span_idx", s_idx, dtype=pl.Int64),
            *(
                pl.Series(k, v, dtype=_SPAN.to_schema()[k], strict=False)
                for k, v in s_fields.items()
            ),
            _encoded(excerpts, "source_excerpt"),
            pl.Series("_verified", s_check, dtype=pl.Boolean),
            pl.Series("source_len", s_source_len, dtype=pl.Int64),
        ]
    )
    return claims, spans


def _excerpt_at(source: str, span: dict[str, Any]) -> bool | None:
    """Does the source hold the span's excerpt at its offsets? (recomputed, not trusted)"""
    start, end, excerpt = span.get("start_char"), span.get("end_char"), span.get("source_excerpt")
    if start is None or end is None or excerpt is None:
        return None
    return source[start:end] == excerpt if 0 <= start <= end else False


def build_frames(records: list[dict[str, Any]]) -> Frames:
    """Flatten validated records into the four tidy frames."""
    nested = _nested(records)
    flat_claims, flat_spans = _claim_rows(records)
    keys = nested.select(pl.col("id").alias("record_id"), *_KEYS)
    claims = pl.concat([keys[flat_claims["_rec"]], flat_claims.drop("_rec")], how="horizontal")
    per_record = flat_claims.group_by("_rec").agg(
        n_claims=pl.len(), n_spans=pl.col("n_spans").sum()
    )
    spans = (
        pl.concat(
            [
                claims.select("record_id", *_KEYS, "claim_id")[flat_spans["_claim"]],
                flat_spans.drop("_claim"),
            ],
            how="horizontal",
        )
        .rename({"verified": "verified_stored", "_verified": "verified"})
        .with_columns(span_len=pl.col("end_char") - pl.col("start_char"))
        .with_columns(
            rel_start=pl.col("start_char") / pl.col("source_len"),
            rel_end=pl.col("end_char") / pl.col("source_len"),
        )
        .select(
            "record_id",
            *_KEYS,
            "claim_id",
            "span_idx",
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
    counts = (
        pl.DataFrame({"_rec": pl.int_range(nested.height, eager=True)})
        .join(per_record, on="_rec", how="left")
        .sort("_rec")
    )
    recs = nested.select(
        pl.exclude("human_ratings"),
        source_len=pl.col("source_text").str.len_chars(),
        n_claims=counts["n_claims"].fill_null(0),
        n_spans=counts["n_spans"].fill_null(0),
        n_annotators=pl.col("human_ratings").list.len(),
    ).with_columns(pl.col("source_len", "n_claims", "n_spans", "n_annotators").cast(pl.Int64))
    return Frames(records=recs, claims=claims, spans=spans, ratings=ratings)
