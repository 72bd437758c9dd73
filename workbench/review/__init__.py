"""Human review of the ground truth: a stratified sample (``sampling``), the append-only
log of decisions (``log``) and the reviewed copy built from it (``apply``)."""

from workbench.review.apply import ReviewedCopy, apply_review_log
from workbench.review.log import append_review, make_entry, read_review_log
from workbench.review.sampling import review_queue, sample_for_review

__all__ = [
    "ReviewedCopy",
    "append_review",
    "apply_review_log",
    "make_entry",
    "read_review_log",
    "review_queue",
    "sample_for_review",
]
