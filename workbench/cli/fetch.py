"""`workbench fetch`: download the real dataset file from the Hugging Face hub."""

from __future__ import annotations

import argparse
from pathlib import Path

DESCRIPTION = (
    "Download abstractive_qa_for_llm_eval.json from the Hugging Face hub\n"
    "(HebArabNlpProject/abstractive-qa-llm-eval). This is the only command that uses the\n"
    "network. An existing file is kept unless --force; the download is written through a\n"
    "temporary file and renamed into place."
)


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--out",
        type=Path,
        default=None,
        metavar="FILE",
        help="where to save (default data/abstractive_qa_for_llm_eval.json)",
    )
    p.add_argument("--force", action="store_true", help="replace an existing file")


def run(args: argparse.Namespace) -> int:
    from workbench.data.dataset import REAL_PATH, read_json_array
    from workbench.data.fetch import fetch
    from workbench.errors import OutputExistsError
    from workbench.terminal import visible

    try:
        path = fetch(args.out or REAL_PATH, force=args.force)
    except OutputExistsError as exc:
        raise OutputExistsError(f"{exc}; pass --force to download it again") from None
    print(visible(f"saved {path} (sha256 {read_json_array(path)[1]})", one_line=True))
    return 0
