"""`workbench fetch`: download the real dataset file from the Hugging Face hub.

The file lands in ``data/abstractive_qa_for_llm_eval.json`` (git-ignored). An existing
file is never overwritten without ``--force``; the download goes to a temporary file in
the same folder and is renamed into place only once it is complete and parses as a JSON
array, so an interrupted download never leaves a broken file behind.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from workbench.data.dataset import REAL_FILE_NAME, REAL_PATH, read_json_array
from workbench.errors import FetchError, OutputExistsError, WorkbenchError
from workbench.io import AtomicOutput, OutputFileError, ensure_parent

REPO_ID = "HebArabNlpProject/abstractive-qa-llm-eval"
HUB_URL = f"https://huggingface.co/datasets/{REPO_ID}"


def by_hand(out: Path) -> str:
    """How to get the file without this command, saved where the user asked for it."""
    return (
        f"download {REAL_FILE_NAME} from {HUB_URL} by hand and save it as {out}"
        + ("" if Path(out) == REAL_PATH else f" (then point WORKBENCH_DATA at {out})")
    )


def _check_reachable(host: str = "huggingface.co", timeout: float = 5.0) -> None:
    """Fail fast (one line, no retries) when the hub's host cannot even be resolved."""
    import socket
    from concurrent.futures import ThreadPoolExecutor
    from concurrent.futures import TimeoutError as FutureTimeout

    pool = ThreadPoolExecutor(max_workers=1)
    try:
        pool.submit(socket.getaddrinfo, host, 443).result(timeout=timeout)
    except (OSError, FutureTimeout):
        raise FetchError(f"cannot reach {host} (offline?)") from None
    finally:
        pool.shutdown(wait=False)


def _download(dest_dir: Path) -> Path:
    """Download the file into ``dest_dir`` with huggingface_hub and return its path."""
    _check_reachable()
    from huggingface_hub import hf_hub_download
    from huggingface_hub.utils import logging as hf_logging

    hf_logging.set_verbosity_error()  # its retry warnings would break the one-line promise

    return Path(
        hf_hub_download(
            repo_id=REPO_ID,
            filename=REAL_FILE_NAME,
            repo_type="dataset",
            local_dir=str(dest_dir),
        )
    )


def fetch(out: Path = REAL_PATH, *, force: bool = False, downloader=_download) -> Path:
    """Download the real file to ``out`` atomically; refuse to overwrite without ``force``."""
    if out.exists() and not force and not out.is_dir():
        raise OutputExistsError(f"{out}: already exists")
    ensure_parent(out)
    try:
        tmp_dir = Path(tempfile.mkdtemp(prefix=".fetch-", dir=out.parent))
    except OSError as exc:
        raise OutputFileError(
            f"{out}: cannot write to folder {out.parent}: {exc.strerror}"
        ) from None
    try:
        try:
            got = downloader(tmp_dir)
        except FetchError as exc:
            raise FetchError(f"{exc}; {by_hand(out)}") from None
        except WorkbenchError:
            raise
        except Exception as exc:  # network, auth, hub errors: all become one line
            first = str(exc).split(". ")[0].splitlines()[0] if str(exc) else ""
            reason = f"{type(exc).__name__}: {first}" if first else type(exc).__name__
            raise FetchError(f"cannot download from the hub ({reason}); {by_hand(out)}") from None
        try:
            read_json_array(got)
        except WorkbenchError as exc:
            raise FetchError(f"downloaded file is unusable: {exc}") from None
        with AtomicOutput(out) as placed:  # the one way a file is put in place
            shutil.move(str(got), placed.tmp)
    finally:
        shutil.rmtree(tmp_dir, ignore_errors=True)
    return out
