"""Write notebooks/01_key_numbers.ipynb (kept as a script so the notebook's source is reviewable)."""

import nbformat as nbf

cells = [
    nbf.v4.new_markdown_cell(
        "# 01 · Key numbers: the card, reproduced\n\n"
        "Every number of the card's *Key numbers* section, computed from the data file, "
        "beside the published value (`data/card.json`). A ✓ means equal at the card's "
        "precision. On the bundled demo set the numbers are **not** the card's: the banner "
        "below says which file was used."
    ),
    nbf.v4.new_code_cell(
        "from IPython.display import HTML, display\n\n"
        "from workbench.data.dataset import load_dataset\n"
        "from workbench.report import build_report, comparison_table, demo_banner_html\n\n"
        "ds = load_dataset()\n"
        "display(HTML(demo_banner_html(ds)))\n"
        "report = build_report(ds)"
    ),
    nbf.v4.new_markdown_cell("## Counted from the file"),
    nbf.v4.new_code_cell('comparison_table(report, "key_numbers")'),
    nbf.v4.new_markdown_cell("## Genre distribution"),
    nbf.v4.new_code_cell('comparison_table(report, "genre")'),
    nbf.v4.new_markdown_cell("## Difficulty distribution (0 retrieval, 1 simple, 2 complex)"),
    nbf.v4.new_code_cell('comparison_table(report, "difficulty")'),
    nbf.v4.new_markdown_cell(
        "## Cross-check\n\n"
        "The same counts by plain Python over the raw records, independent of the polars "
        "frames; the notebook fails if they disagree."
    ),
    nbf.v4.new_code_cell(
        "raw = ds.records\n"
        "independent = {\n"
        '    "records": len(raw),\n'
        '    "claims": sum(len(r["claims"]) for r in raw),\n'
        '    "attribution_spans": sum(len(c["attribution"]) for r in raw for c in r["claims"]),\n'
        '    "attribution_spans_verified": sum(\n'
        '        r["source_text"][a["start_char"] : a["end_char"]] == a["source_excerpt"]\n'
        '        for r in raw for c in r["claims"] for a in c["attribution"]\n'
        "    ),\n"
        '    "human_rating_entries": sum(len(r["human_ratings"]) for r in raw),\n'
        "}\n"
        'assert independent == report["key_numbers"], (independent, report["key_numbers"])\n'
        'n_ok = sum(r["match"] for r in report["comparison"])\n'
        "print(f\"{n_ok} of {len(report['comparison'])} published numbers reproduced "
        "({report['source']['kind']} data)\")"
    ),
]
nb = nbf.v4.new_notebook(cells=cells)
nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
nbf.write(nb, "notebooks/01_key_numbers.ipynb")
