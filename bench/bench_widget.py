"""Benchmark the grounding widget: how long a Check takes on each record (prints, asserts nothing).

For every record of the dataset (the bundled demo set by default) the answer is the
reference answer plus one invented claim. Measured in one process:

* cold: the first check after choosing the record with every cache empty (choosing
  warms the engine's per-source index, which is timed separately as ``select``);
* warm: the median over ``--repeat`` checks of ``GroundingExplorer.check`` plus
  ``result_html`` (everything the widget computes for a Check), and of a full
  ``button.click()`` through the ipywidgets layer (no browser: traitlets only);
* baseline: a bare ``ground(answer, source)`` on the same answer, warm, so the ratio
  shows what the widget adds on top of the engine.

Target: a check on a demo record well under 100 ms of compute.

Run: ``.venv/bin/python bench/bench_widget.py [--data PATH] [--repeat N]``
"""

from __future__ import annotations

import argparse
import statistics
import time

from workbench.data.dataset import load_dataset
from workbench.grounding.engine import ground
from workbench.grounding.reading.index import index_source
from workbench.ui import GroundingExplorer, GroundingWidget

INVENTED = "הלווייתן הכחול שר באופרה של מילאנו בשנת 1870."


def _ms(fn, repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        out.append((time.perf_counter() - t0) * 1000)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", help="dataset file (default: the usual resolution)")
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    ds = load_dataset(args.data)
    print(ds.source.describe())
    index_source.cache_clear()
    ex = GroundingExplorer(ds)
    widget = GroundingWidget(GroundingExplorer(ds))
    rows = []
    for r in ds.records:
        answer = f"{r['reference_answer'].strip()} {INVENTED}"
        index_source.cache_clear()
        t0 = time.perf_counter()
        ex.select(r["id"])
        select_ms = (time.perf_counter() - t0) * 1000
        t0 = time.perf_counter()
        res = ex.check(answer)
        ex.result_html()
        cold_ms = (time.perf_counter() - t0) * 1000

        def check(answer: str = answer) -> None:
            ex.check(answer)
            ex.result_html()

        warm = _ms(check, args.repeat)
        bare = _ms(lambda a=answer, s=r["source_text"]: ground(a, s), args.repeat)
        widget.record.value = r["id"]
        widget.answer.value = answer
        click = _ms(widget.check_button.click, args.repeat)
        rows.append(
            (
                r["id"],
                len(r["source_text"]),
                len(res.grounding.claims),
                select_ms,
                cold_ms,
                statistics.median(warm),
                statistics.median(click),
                statistics.median(bare),
            )
        )
    head = ("record", "chars", "claims", "select", "cold", "warm", "click", "ground()", "ratio")
    print(
        f"{head[0]:<10}{head[1]:>7}{head[2]:>7}{head[3]:>9}{head[4]:>9}"
        f"{head[5]:>9}{head[6]:>9}{head[7]:>10}{head[8]:>7}   (ms; ratio = warm / ground())"
    )
    for rid, n, k, sel, cold, warm, click, bare in rows:
        print(
            f"{rid:<10}{n:>7}{k:>7}{sel:>9.2f}{cold:>9.2f}{warm:>9.2f}{click:>9.2f}"
            f"{bare:>10.2f}{warm / bare:>7.2f}"
        )
    warm_all = [x[5] for x in rows]
    click_all = [x[6] for x in rows]
    cold_all = [x[4] for x in rows]
    bare_all = [x[7] for x in rows]
    print()
    print(
        f"check (explorer, warm): median {statistics.median(warm_all):.2f} ms, "
        f"max {max(warm_all):.2f} ms over {len(rows)} records"
    )
    print(
        f"check (button.click, warm): median {statistics.median(click_all):.2f} ms, "
        f"max {max(click_all):.2f} ms"
    )
    print(
        f"first check after choosing a record: median {statistics.median(cold_all):.2f} ms, "
        f"max {max(cold_all):.2f} ms"
    )
    print(
        f"bare ground(): median {statistics.median(bare_all):.2f} ms; widget / engine "
        f"{statistics.median(warm_all) / statistics.median(bare_all):.2f}x; target < 100 ms"
    )


if __name__ == "__main__":
    main()
