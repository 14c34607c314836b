"""The package's layers, read from every import statement in it (sixes/**/*.py, lazy imports in functions too):
arrows point one way, browser → model → engine, only the browser side touches the browser, and nothing
imports itself round a cycle when it runs (an import under ``if TYPE_CHECKING:`` is read by mypy alone)."""

import ast
import pathlib
import sys
from graphlib import CycleError, TopologicalSorter

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
BROWSER_RUNTIME = {"js", "pyscript", "pyodide"}
TYPE_CHECKING = ("TYPE_CHECKING", "typing.TYPE_CHECKING")  # the test of an ``if`` whose imports mypy alone reads
# The sixes layers each layer may import. "package" is sixes/__init__.py (the public API) and __main__.py (the CLI).
MAY_IMPORT = {
    "engine": {"engine"},
    "model": {"engine", "model"},
    "browser": {"engine", "model", "browser", "package"},
    "package": {"engine", "model", "package"},
}


def module_name(path):
    """sixes/engine/cards.py → "sixes.engine.cards"; sixes/model/__init__.py → "sixes.model"."""
    return ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")


MODULES = {module_name(path): path for path in sorted((ROOT / "sixes").rglob("*.py"))}


def layer(module):
    """The layer a module of the package belongs to: its subpackage (engine, model, browser), else the package's own."""
    part = module.split(".")[1] if "." in module else ""
    return part if part in ("engine", "model", "browser") else "package"


def imports_of(source, module, is_package=False, runtime_only=False):
    """[(name, at module level?)] for every import statement of ``source``, the code of ``module``:
    relative imports resolved against its package, and ``from a import b`` naming a.b when that is a
    module of the game, else a. ``runtime_only``: leaving out those under ``if TYPE_CHECKING:``, which never run."""
    package = module if is_package else module.rpartition(".")[0]
    found = []

    def visit(node, top):
        if runtime_only and isinstance(node, ast.If) and ast.unparse(node.test) in TYPE_CHECKING:
            for child in node.orelse:
                visit(child, top)
            return
        if isinstance(node, ast.Import):
            found.extend((alias.name, top) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(parent + ([base] if base else []))
            for alias in node.names:
                name = f"{base}.{alias.name}"
                found.append((name if name in MODULES else base, top))
        top = top and not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
        for child in ast.iter_child_nodes(node):
            visit(child, top)

    visit(ast.parse(source), True)
    return found


def imports(module, runtime_only=False):
    path = MODULES[module]
    return imports_of(path.read_text(), module, path.name == "__init__.py", runtime_only)


def import_graph():
    """{module: the package's modules it imports when it runs}."""
    return {module: {name for name, _ in imports(module, runtime_only=True) if name in MODULES} for module in MODULES}


def test_the_reader_resolves_relative_and_lazy_imports():
    source = "from ..engine.cards import Card\nfrom . import kept\ndef later():\n    from .table import narrate\n"
    assert imports_of(source, "sixes.model.casual") == [
        ("sixes.engine.cards", True),
        ("sixes.model.kept", True),
        ("sixes.model.table", False),
    ]
    assert imports_of("from .cards import Card", "sixes.engine", is_package=True) == [("sixes.engine.cards", True)]
    typed = "if TYPE_CHECKING:\n    from .table import View\nelse:\n    from . import kept\n"
    assert imports_of(typed, "sixes.model.casual") == [("sixes.model.table", True), ("sixes.model.kept", True)]
    assert imports_of(typed, "sixes.model.casual", runtime_only=True) == [("sixes.model.kept", True)]
    assert {"sixes.engine", "sixes.model", "sixes.engine.game", "sixes.model.table"} <= set(MODULES)
    assert layer("sixes.browser") == layer("sixes.browser.draw") == "browser" and layer("sixes.__main__") == "package"


def test_only_the_browser_side_imports_the_browser():
    for module in MODULES:
        runtime = {name for name, _ in imports(module) if name.split(".")[0] in BROWSER_RUNTIME}
        assert not runtime or layer(module) == "browser", f"{module} ({layer(module)}) imports {sorted(runtime)}"
    assert any(layer(module) == "browser" for module in MODULES), "the browser side is still found"


def test_arrows_point_one_way_browser_model_engine():
    wrong = [
        f"{module} ({layer(module)}) imports {name} ({layer(name)})"
        for module in MODULES
        for name, _ in imports(module)
        if name.split(".")[0] == "sixes" and layer(name) not in MAY_IMPORT[layer(module)]
    ]
    assert wrong == []
    assert imports_of("from ..model import table", "sixes.engine.game")[0][0] == "sixes.model.table"
    assert layer("sixes.model.table") not in MAY_IMPORT["engine"], "so an engine module importing the model would fail"


def test_the_engine_and_the_model_import_only_the_standard_library_when_imported():
    # Pyodide and a bare CPython run them as they are; an optional extra (tqdm) is imported inside a function.
    for module in MODULES:
        if layer(module) in ("engine", "model"):
            outside = {
                name
                for name, top in imports(module)
                if top and name.split(".")[0] not in sys.stdlib_module_names | {"sixes"}
            }
            assert not outside, f"{module} imports {sorted(outside)}"


def test_no_import_cycles_anywhere_in_the_package():
    graph = import_graph()
    assert "sixes.engine.saves" in graph["sixes.engine.game"], "the graph has the edges it should"
    back = {**graph, "sixes.engine.saves": graph["sixes.engine.saves"] | {"sixes.engine.game"}}
    with pytest.raises(CycleError):  # and the check sees a cycle when there is one
        TopologicalSorter(back).prepare()
    try:
        TopologicalSorter(graph).prepare()
    except CycleError as error:
        pytest.fail("import cycle: " + " → ".join(error.args[1]))


def browser_graph():
    """{module of the browser side: the browser side's modules it imports}, those under ``if TYPE_CHECKING:`` too."""
    browser = {module for module in MODULES if layer(module) == "browser"}
    return {module: {name for name, _ in imports(module) if name in browser} for module in browser}


def test_no_room_of_the_browser_side_imports_the_controller_even_for_types():
    # The rooms are given the state and the callbacks they need (issue #36): the controller is imported by no one.
    graph = browser_graph()
    assert graph["sixes.browser.controller"] >= {"sixes.browser.draw", "sixes.browser.state"}, "the edges are read"
    assert [module for module, names in graph.items() if "sixes.browser.controller" in names] == []


def test_the_browser_side_has_no_import_cycle_even_for_types():
    graph = browser_graph()
    assert "sixes.browser.state" in graph["sixes.browser.draw"], "the graph has the edges it should"
    try:
        TopologicalSorter(graph).prepare()
    except CycleError as error:
        pytest.fail("import cycle, TYPE_CHECKING imports included: " + " → ".join(error.args[1]))


if __name__ == "__main__":  # python tests/test_layers.py: the browser side's import graph, and an order or a cycle
    graph = browser_graph()
    for module, names in sorted(graph.items()):
        print(module, "→", " ".join(sorted(names)))
    try:
        print("order:", " ".join(TopologicalSorter(graph).static_order()))
    except CycleError as error:
        print("cycle:", " → ".join(error.args[1]))
