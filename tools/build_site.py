"""Build the deployable site (`make site` → _site/): the files the page loads, and a service worker for them.

The list is found from the files, never kept by hand: what index.html and the
manifest name, what PyScript's config names (pyscript.toml, which the built page carries as JSON, page_config.py:
the interpreter module, assets/interpreter.mjs, and the archive of the package built into build/ by `make build`), then every file a script imports by a relative path
(the interpreter module's build/pyodide/pyodide.mjs) and every file of the same folder that a script names
in a string (PyScript's chunks, the files pyodide.mjs fetches), repeatedly. Source maps are
left out. The worker (tools/service-worker.js) gets the list with a hash of each
file, and a version made from all of them: any changed byte makes a new cache.

Run: python3 tools/build_site.py [--out DIR]   (needs `make build` first; `make site` does both)
"""

import argparse
import hashlib
import html.parser
import json
import pathlib
import re
import shutil

import page_config

ROOT = pathlib.Path(__file__).resolve().parent.parent
WORKER = "sw.js"
# Only the built site registers a worker: the repo root served as is (docs/architecture.md) has none to ask for.
WORKER_TAG = f'<meta name="service-worker" content="./{WORKER}">'


class Links(html.parser.HTMLParser):
    """The relative URLs a page loads: src and href of its elements (not anchors: they are navigation)."""

    def __init__(self):
        super().__init__()
        self.urls = []
        self.configs = []  # PyScript's config, written in the page as JSON (page_config.inline)

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if value and value.startswith("./") and (name == "src" or (name == "href" and tag == "link")):
                self.urls.append(value)
            if tag == "script" and name == "config":
                self.configs.append(json.loads(value))


def local(base, url):
    """A relative URL against the file that names it, as a path under ROOT."""
    path = (base.parent / url.split("?")[0].split("#")[0]).resolve()
    if not path.is_relative_to(ROOT) or not path.is_file():
        raise SystemExit(
            f"{base.relative_to(ROOT)} names {url}, which is not a file of the site"
            " (`make site` installs the runtime and builds what the page loads)"
        )
    return path


def named_siblings(script):
    """Files beside a script that it names in a string: its imports and the files it fetches."""
    text = script.read_text(encoding="utf-8", errors="replace")
    for sibling in script.parent.iterdir():
        named = re.search(r"[\"'`/}]" + re.escape(sibling.name) + r"[\"'`]", text)
        if named and sibling != script and sibling.is_file() and not sibling.name.endswith(".map"):
            yield sibling


def imported(script):
    """Files a script imports from another folder (`from "../build/pyodide/pyodide.mjs"`); its own folder's
    are named_siblings."""
    text = script.read_text(encoding="utf-8", errors="replace")
    for url in re.findall(r"""\bfrom\s*["'](\.\./[^"']+)["']""", text):
        yield local(script, url)


def site_files():
    """Every file the site needs, as paths under ROOT."""
    page = ROOT / "index.html"
    parser = Links()
    parser.feed(page_config.inline(page.read_text(encoding="utf-8"), ROOT))
    found = {page} | {local(page, url) for url in parser.urls}
    manifest = ROOT / "manifest.webmanifest"
    if manifest in found:
        found |= {local(manifest, icon["src"]) for icon in json.loads(manifest.read_text())["icons"]}
    for settings in parser.configs:  # both resolve against the page (the config is in it)
        found.add(local(page, settings["interpreter"]))
        found |= {local(page, source) for source in settings.get("files", {})}  # keys: what is fetched
    found |= set((ROOT / "assets").rglob("*.*"))  # card art and icons, whoever names them
    scripts = [path for path in found if path.suffix in (".js", ".mjs")]
    while scripts:
        script = scripts.pop()
        for sibling in {*named_siblings(script), *imported(script)}:
            if sibling not in found:
                found.add(sibling)
                if sibling.suffix in (".js", ".mjs"):
                    scripts.append(sibling)
    return sorted(found)


def digest(data):
    return hashlib.sha256(data).hexdigest()[:16]


def build(out):
    """Write the site into `out` (emptied first); returns {"./path": hash} of what the worker precaches."""
    shutil.rmtree(out, ignore_errors=True)
    files = site_files()
    # The build the page's interpreter snapshot belongs to (assets/interpreter.mjs): all but the page itself,
    # whose own script runs after a restore. A snapshot of another build is never restored.
    build_id = digest("".join(digest(path.read_bytes()) for path in files if path.name != "index.html").encode())
    tags = f'  {WORKER_TAG}\n  <meta name="snapshot" content="{build_id}">\n'
    for path in files:
        relative = path.relative_to(ROOT).as_posix()
        data = path.read_bytes()
        if relative == "index.html":
            text = page_config.inline(data.decode(), ROOT)
            if "</head>" not in text:
                raise SystemExit("index.html has no </head> to put the worker's tag before")
            data = text.replace("</head>", f"{tags}</head>", 1).encode()
        target = out / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    return write_worker(out)


def write_worker(out):
    """Write sw.js for the files now in `out`; returns {"./path": hash} of what it precaches."""
    revisions = {}
    for path in sorted(out.rglob("*")):
        relative = path.relative_to(out).as_posix()
        if path.is_file() and relative != WORKER:
            revisions["./" if relative == "index.html" else f"./{relative}"] = digest(path.read_bytes())
    version = digest(json.dumps(revisions, sort_keys=True).encode())
    worker = (ROOT / "tools" / "service-worker.js").read_text()
    worker = worker.replace("__VERSION__", version).replace("__FILES__", json.dumps(revisions, indent=1))
    (out / WORKER).write_text(worker)
    return revisions


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=pathlib.Path, default=ROOT / "_site")
    out = parser.parse_args().out.resolve()
    revisions = build(out)
    size = sum(path.stat().st_size for path in out.rglob("*") if path.is_file())
    print(f"{out}: {len(revisions)} files and {WORKER}, {size / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
