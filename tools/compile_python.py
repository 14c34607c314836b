"""Compile the page's Python into .pyc archives, inside the pinned Pyodide (`make build` runs it
through tools/in_pyodide.mjs, from the repo root). Writes, into build/:

- pyodide/: the pinned Pyodide's files, with its python_stdlib.zip replaced by one holding only
  the modules the page can import, all as sourceless .pyc: those the runtime imports at boot
  (tools/runtime_modules.txt, measured by tools/runtime_modules.py) and every standard-library
  module any module of the package (sixes/**/*.py) imports, found from their import statements
  (so a new module or a new import needs no list), with what those import in turn. Rewritten only when that set or the runtime changes.
- python.zip, unpacked by PyScript into the page's working folder (its config in index.html:
  "files": {"./build/python.zip": "./*"}): every sixes/**/*.py as a sourceless .pyc at the same path
  (sixes/engine/cards.py → sixes/engine/cards.pyc, subpackages' __init__ too), each language's
  words as sixes/locale/<lang>/LC_MESSAGES/sixes.mo (compiled beforehand by make, with Babel), and a
  __pycache__ for PyScript's own package. PyScript writes that package's sources into the same
  folder at every boot, from strings in its dist/ script; compiling them took ~0.3 s of each boot.
  Their .pyc are hash-checked against the source, so a mismatch costs only the time it saves.

Each module is compiled under the file name its tracebacks show: /lib/python314.zip/<path> for
the standard library (where Pyodide mounts it), its own path for the game (sixes/engine/cards.py).
"""

import ast
import hashlib
import importlib._bootstrap_external as bootstrap
import importlib.util
import json
import pathlib
import re
import shutil
import sys
import zipfile

RUNTIME = pathlib.Path("/node_modules/pyodide")  # (tools/in_pyodide.mjs mounts it there)
RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json")
STDLIB = "python_stdlib.zip"
MOUNTED_AS = f"/lib/python{sys.version_info.major}{sys.version_info.minor}.zip"  # where Pyodide puts STDLIB
PYSCRIPT = pathlib.Path("/node_modules/@pyscript/core/dist")
HOME = "/home/pyodide"  # the page's working folder, where PyScript unpacks [files] and writes its package
RUNTIME_MODULES = pathlib.Path("tools/runtime_modules.txt")
OUT = pathlib.Path("build")


def pyc(source, filename):
    """A .pyc of ``source`` with a header saying "no date": zipimport and the sourceless loader
    take it as it is, since no source sits beside it to compare against."""
    code = compile(source, filename, "exec", dont_inherit=True)
    return bytes(bootstrap._code_to_timestamp_pyc(code, 0, 0))


def module_of(path):
    """ "json/decoder.py" → "json.decoder"; "json/__init__.py" → "json"."""
    return path.removesuffix(".py").replace("/", ".").removesuffix(".__init__")


def write_zip(out, entries):
    partial = out.with_name(out.name + ".part")
    with zipfile.ZipFile(partial, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name, data in entries:  # a fixed date: the same sources give the same bytes
            archive.writestr(zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0)), data, zipfile.ZIP_DEFLATED)
    partial.replace(out)  # never a half-written archive under the real name


def game_modules():
    """Every module of the package, in any of its folders: a new module or subpackage needs no list."""
    return sorted(pathlib.Path("sixes").rglob("*.py"))


def package_of(path):
    """The package a module's relative imports resolve against: sixes/model/table.py and
    sixes/model/__init__.py → "sixes.model"."""
    return ".".join(path.parent.parts)


def imports(source, package, everywhere):
    """The modules that the code ``source`` (of a module in ``package``) imports: all its import
    statements if ``everywhere``, else only those that run when it is imported (not in functions).
    ``from a import b`` names both a and a.b: b may be a submodule."""
    found = set()
    todo = list(ast.parse(source).body)
    while todo:
        node = todo.pop()
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(
                    package.split(".")[: len(package.split(".")) - node.level + 1] + ([base] if base else [])
                )
            found |= {base} | {f"{base}.{alias.name}" for alias in node.names}
        if everywhere or not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            todo += ast.iter_child_nodes(node)
    return {name for name in found if name}


def needed_modules(stock, files):
    """The standard-library modules the page may import: those the runtime imports at boot, and
    those the game's import statements name (anywhere in sixes/**/*.py, so lazy imports too), with
    what each of these imports in turn when it is imported, looked up in the stock sources."""
    needed = {line for line in RUNTIME_MODULES.read_text().splitlines() if line and not line.startswith("#")}
    todo = set().union(*(imports(path.read_text(), package_of(path), everywhere=True) for path in game_modules()))
    while todo:
        name = todo.pop()
        if name in needed or name not in files:
            continue  # a module of the game, a built-in one, or one the stock library lacks too
        needed.add(name)
        parent = name.rpartition(".")[0]
        todo |= {parent} if parent else set()
        is_package = files[name].endswith("__init__.py")
        todo |= imports(stock.read(files[name]), name if is_package else parent, everywhere=False)
    return needed


def build_stdlib():
    target = OUT / "pyodide"
    with zipfile.ZipFile(RUNTIME / STDLIB) as stock:
        modules = {module_of(name): name for name in stock.namelist() if name.endswith(".py")}
        needed = sorted(needed_modules(stock, modules))
        # What this build depends on: the runtime itself, this script and the modules chosen.
        stamp = hashlib.sha256(
            json.dumps(
                [
                    [hashlib.sha256((RUNTIME / name).read_bytes()).hexdigest() for name in (*RUNTIME_FILES, STDLIB)],
                    hashlib.sha256(pathlib.Path(__file__).read_bytes()).hexdigest(),
                    needed,
                ]
            ).encode()
        ).hexdigest()
        if (target / "stamp").is_file() and (target / "stamp").read_text() == stamp:
            return f"{target}/{STDLIB}: unchanged ({len(needed)} modules)"
        shutil.rmtree(target, ignore_errors=True)
        target.mkdir(parents=True)
        for name in RUNTIME_FILES:
            shutil.copyfile(RUNTIME / name, target / name)
        write_zip(
            target / STDLIB,
            ((modules[name] + "c", pyc(stock.read(modules[name]), f"{MOUNTED_AS}/{modules[name]}")) for name in needed),
        )
    (target / "modules.txt").write_text("\n".join(needed) + "\n")  # what the tests compare the page's imports with
    (target / "stamp").write_text(stamp)
    return f"{target}/{STDLIB}: {len(needed)} of the {len(modules)} modules, compiled"


def pyscript_sources():
    """{"pyscript/x.py": source} as @pyscript/core writes them at boot: the one object literal
    {pyscript:{"__init__.py":"…",…}} in its dist/ chunks, read by the JavaScript engine at hand."""
    import js  # Node's globals: only ever run inside Pyodide (tools/in_pyodide.mjs)

    for chunk in sorted(PYSCRIPT.glob("*.js")):
        text = chunk.read_text(encoding="utf-8")
        start = text.find('{pyscript:{"__init__.py":')
        if start < 0:
            continue
        depth, at = 0, start
        while True:  # to the brace that closes it, skipping the strings' contents
            char = text[at]
            if char == '"':
                at = re.compile(r'"(?:[^"\\]|\\.)*"').match(text, at).end()
                continue
            depth += {"{": 1, "}": -1}.get(char, 0)
            at += 1
            if depth == 0:
                break
        tree = js.eval(f"({text[start:at]})").to_py()

        def files(folder, node):
            for name, value in node.items():
                yield from (
                    files(f"{folder}/{name}", value) if isinstance(value, dict) else [(f"{folder}/{name}", value)]
                )

        return dict(files("", tree))
    raise SystemExit(
        f"no PyScript sources found in {PYSCRIPT}: tools/compile_python.py must learn where this version keeps them"
    )


def catalogues():
    """Each language's compiled words, sixes/locale/<lang>/LC_MESSAGES/sixes.mo (make compiles them with
    Babel, which this Python lacks): the .mo beside every .po, and no .mo whose .po is gone."""
    compiled = []
    for source in sorted(pathlib.Path("sixes/locale").glob("*/LC_MESSAGES/sixes.po")):
        mo = source.with_suffix(".mo")
        if not mo.is_file() or mo.stat().st_mtime < source.stat().st_mtime:
            raise SystemExit(f"{mo} is missing or older than {source.name}: run `make build`")
        compiled.append(mo)
    return compiled


def build_page_python():
    game = game_modules()
    entries = [(path.with_suffix(".pyc").as_posix(), pyc(path.read_bytes(), path.as_posix())) for path in game]
    words = catalogues()
    entries += [(path.as_posix(), path.read_bytes()) for path in words]
    runtime = {path.lstrip("/"): source for path, source in pyscript_sources().items() if path.endswith(".py")}
    for path, source in sorted(runtime.items()):
        folder, _, name = path.rpartition("/")
        data = source.encode()
        code = compile(data, f"{HOME}/{path}", "exec", dont_inherit=True)
        entries.append(
            (
                f"{folder}/__pycache__/{name[:-3]}.{sys.implementation.cache_tag}.pyc",
                bytes(bootstrap._code_to_hash_pyc(code, importlib.util.source_hash(data), checked=True)),
            )
        )
    write_zip(OUT / "python.zip", entries)
    return (
        f"{OUT}/python.zip: {len(game)} modules of the game and {len(runtime)} of PyScript, compiled, "
        f"and {len(words)} languages' words"
    )


if __name__ == "__main__":
    print(build_stdlib())
    print(build_page_python())
