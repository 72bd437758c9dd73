"""The grounding pipeline's layout: one-way stages, no private name across modules, the
constants kept in params, and the package naming only its public API."""

from __future__ import annotations

import ast
from pathlib import Path

import workbench.grounding as grounding

ROOT = Path(__file__).resolve().parents[1] / "workbench"
STAGES = ["index", "prepare", "candidates", "support", "checks", "verdict", "engine"]


def _imports(path: Path) -> list[tuple[str, str]]:
    """(module, name) of every ``from workbench... import name`` in ``path``."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("workbench"):
            out += [(node.module or "", a.name) for a in node.names]
    return out


def test_no_private_name_crosses_a_module_boundary() -> None:
    crossing = [
        f"{path.relative_to(ROOT)}: {mod}.{name}"
        for folder in ("grounding", "hebrew")
        for path in sorted((ROOT / folder).glob("*.py"))
        for mod, name in _imports(path)
        if name.startswith("_")
    ]
    assert crossing == []


def test_stages_only_import_earlier_stages() -> None:
    """Data flows one way: a stage never imports a later one."""
    for i, stage in enumerate(STAGES):
        later = {f"workbench.grounding.{s}" for s in STAGES[i + 1 :]}
        bad = [m for m, _ in _imports(ROOT / "grounding" / f"{stage}.py") if m in later]
        assert bad == [], (stage, bad)


def test_check_helpers_do_not_reach_later_stages() -> None:
    """The modules the checks stage uses (binding, who is who, questions) read earlier
    stages only."""
    later = {f"workbench.grounding.{s}" for s in ("checks", "verdict", "engine")}
    for helper in (
        "binding",
        "scope",
        "clauses",
        "sentence_clauses",
        "bound_numbers",
        "question",
        "people",
        "pieces",
        "meaning",
    ):
        bad = [m for m, _ in _imports(ROOT / "grounding" / f"{helper}.py") if m in later]
        assert bad == [], (helper, bad)


def test_constants_are_not_re_exported() -> None:
    params = {
        n.targets[0].id if isinstance(n, ast.Assign) else n.target.id  # type: ignore[union-attr]
        for n in ast.parse((ROOT / "grounding" / "params.py").read_text()).body
        if isinstance(n, ast.Assign | ast.AnnAssign)
    }
    assert "SUPPORTED_THRESHOLD" in params
    assert params.isdisjoint(grounding.__all__)
    for stage in STAGES:
        mod = __import__(f"workbench.grounding.{stage}", fromlist=["_"])
        assert params.isdisjoint(getattr(mod, "__all__", [])), stage


def test_package_names_the_public_api() -> None:
    for name in (
        "ground",
        "ground_claim",
        "Grounding",
        "ClaimResult",
        "SpanResult",
        "Issue",
        "IssueKind",
        "Thresholds",
    ):
        assert name in grounding.__all__ and hasattr(grounding, name)
