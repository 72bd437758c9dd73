"""`workbench review-sample`: a seeded, stratified sample of records for human review."""

from __future__ import annotations

import argparse
import sys

from workbench.cli.options import add_data, add_out

# The risk levels and their shares, as in workbench.review.sampling.RISK_PERCENTAGES (a test
# keeps the two equal; this copy keeps `--help` from importing polars).
RISKS = {"low": 5, "medium": 10, "high": 25, "critical": 100}

DESCRIPTION = (
    "Sample records for review, stratified by genre x difficulty; the share comes from\n"
    "the risk level ("
    + ", ".join(f"{k} {v}%" for k, v in RISKS.items())
    + ")\nunless --percentage is given. The queue is pre-sorted by the rule-based judge."
)


def add_arguments(p: argparse.ArgumentParser) -> None:
    add_data(p)
    p.add_argument("--risk", choices=list(RISKS), required=True, help="how costly wrong ground truth is")
    p.add_argument(
        "--percentage", type=float, default=None, metavar="P",
        help="share to review, 0-100 (wins over --risk)",
    )
    p.add_argument("--seed", type=int, required=True, help="random seed (same seed, same sample)")
    add_out(p, "the review queue (.jsonl or .csv)")
    p.add_argument("--no-judge", action="store_true", help="do not pre-sort with the judge")


def run(args: argparse.Namespace) -> int:
    from workbench.data.dataset import load_dataset
    from workbench.errors import WorkbenchError
    from workbench.io import AtomicOutput, refuse_inputs, write_json_atomic
    from workbench.review.sampling import review_percentage, review_queue, sample_for_review
    from workbench.scoring.judge import rule_judge
    from workbench.terminal import visible

    ds = load_dataset(args.data)
    refuse_inputs(args.out, [ds.source.path])
    suffix = args.out.suffix.lower()
    if suffix not in (".jsonl", ".csv"):
        raise WorkbenchError(f"{args.out}: the queue is written as .jsonl or .csv")
    pct = review_percentage(args.risk, args.percentage)
    sample = sample_for_review(
        ds.records, seed=args.seed, risk=args.risk, percentage=args.percentage
    )
    queue = review_queue(ds.records, sample, judge=None if args.no_judge else rule_judge)
    if suffix == ".csv":
        with AtomicOutput(args.out, inputs=[ds.source.path]) as out:
            queue.write_csv(out.tmp)
    else:
        write_json_atomic(queue.to_dicts(), args.out, inputs=[ds.source.path])
    source = f"{pct:g}% ({'--percentage' if args.percentage is not None else f'risk {args.risk}'})"
    print(
        visible(
            f"sampled {queue.height} of {len(ds.records)} records, {source}, seed {args.seed}, "
            f"stratified by genre x difficulty -> {args.out}",
            one_line=True,
        )
    )
    if not args.no_judge:
        counts = queue.group_by("judge").len().sort("judge").rows()
        print("judge: " + ", ".join(f"{lab} {n}" for lab, n in counts))
    if ds.is_demo:
        print("note: sampled from the bundled DEMO set", file=sys.stderr)
    return 0
