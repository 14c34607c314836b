"""The deployable site as built by `make site` (tools/build_site.py), and the page's security rules, without a browser."""

import base64
import hashlib
import html.parser
import json
import pathlib
import re
import struct
import subprocess
import sys
import urllib.request

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import build_site
import page_config
import serve

PYODIDE = {"pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"}


def build():
    """What `make site` builds first: the compiled runtime and package (a no-op when up to date)."""
    subprocess.run(["make", "--no-print-directory", "-s", "build"], cwd=ROOT, check=True)


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    build()
    out = tmp_path_factory.mktemp("built") / "site"
    return out, build_site.build(out)


def test_the_site_holds_what_the_page_loads_and_nothing_else(site):
    out, revisions = site
    files = {path.relative_to(out).as_posix() for path in out.rglob("*") if path.is_file()}
    assert {f"./{name}" for name in files - {"sw.js", "index.html"}} | {"./"} == set(revisions)
    # The compiled runtime and package, not their sources, nor the stock runtime beside them.
    assert {name for name in files if name.startswith("build/")} == {f"build/pyodide/{name}" for name in PYODIDE} | {
        "build/python.zip",
        "build/first.js",
    }
    assert all(
        name.startswith("node_modules/@pyscript/core/dist/") for name in files if name.startswith("node_modules/")
    )
    assert not any(name.endswith((".map", ".py")) or name.startswith(("tests/", "bench/", "tools/")) for name in files)
    assert "node_modules/@pyscript/core/dist/core.js" in files


class Configs(html.parser.HTMLParser):
    """PyScript's config as a page gives it to each interpreter: {"py": text, "mpy": text}."""

    def __init__(self):
        super().__init__()
        self.found, self.inside = {}, None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "script" and attrs.get("type") == "py":
            self.found["py"] = attrs["config"]
        self.inside = "mpy" if tag == "mpy-config" else None
        if self.inside and "src" in attrs:
            self.found["mpy"] = attrs["src"]

    def handle_data(self, data):
        if self.inside and data.strip():
            self.found[self.inside] = data


def configs(page):
    parser = Configs()
    parser.feed(page)
    return parser.found


def test_pyscript_toml_is_the_one_config_the_built_and_the_served_page_carry_as_json(site):
    """pyscript.toml is what PyScript reads for both interpreters: named by the repo's page (any static server),
    and written into the page as JSON by the site's build and by `make play`'s server, never a second copy."""
    out, _ = site
    toml = page_config.settings(ROOT)
    assert toml["interpreter"] == "./assets/interpreter.mjs" and "!py-terminal" in toml["plugins"]
    assert configs((ROOT / "index.html").read_text()) == {"py": "./pyscript.toml", "mpy": "./pyscript.toml"}
    server = serve.serve_in_background(ROOT)
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{server.server_address[1]}/") as response:
            served = response.read().decode()
    finally:
        server.shutdown()
    for page in ((out / "index.html").read_text(), served):
        found = configs(page)
        assert {name: json.loads(text) for name, text in found.items()} == {"py": toml, "mpy": toml}


def test_only_the_built_page_registers_a_worker(site):
    out, _ = site
    assert build_site.WORKER_TAG in (out / "index.html").read_text()
    assert build_site.WORKER_TAG not in (ROOT / "index.html").read_text(), "the repo root has no sw.js to register"
    assert "__FILES__" not in (out / "sw.js").read_text()


def test_the_cache_version_follows_the_content(site, tmp_path):
    out, revisions = site
    version = re.search(r'VERSION = "(\w+)"', (out / "sw.js").read_text())[1]
    assert build_site.write_worker(out) == revisions
    assert re.search(r'VERSION = "(\w+)"', (out / "sw.js").read_text())[1] == version, "same files, same version"
    css = out / "assets" / "sixes.css"
    before = css.read_bytes()
    css.write_bytes(before + b" ")
    try:
        changed = build_site.write_worker(out)
        assert re.search(r'VERSION = "(\w+)"', (out / "sw.js").read_text())[1] != version
        assert {path for path in revisions if changed[path] != revisions[path]} == {"./assets/sixes.css"}
    finally:
        css.write_bytes(before)
        build_site.write_worker(out)


def png_size(path):
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_the_manifest_is_relative_and_its_icons_have_their_sizes():
    manifest = json.loads((ROOT / "manifest.webmanifest").read_text())
    assert manifest["start_url"] == "./" and manifest["scope"] == "./"
    assert {"192x192", "512x512"} <= {icon["sizes"] for icon in manifest["icons"]}
    for icon in manifest["icons"]:
        path = ROOT / icon["src"]
        assert icon["src"].startswith("./") and path.is_file()
        if icon["type"] == "image/png":
            assert "x".join(map(str, png_size(path))) == icon["sizes"]


class Attributes(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.names = set()
        self.csp = None
        self.inline = []  # the text of each script the browser runs that has no src
        self.script = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self.names |= set(attrs)
        if attrs.get("http-equiv") == "Content-Security-Policy":
            self.csp = attrs["content"]
        if tag == "script" and "src" not in attrs and attrs.get("type", "text/javascript") == "text/javascript":
            self.script = ""

    def handle_data(self, data):
        if self.script is not None:
            self.script += data

    def handle_endtag(self, tag):
        if tag == "script" and self.script is not None:
            self.inline.append(self.script)
            self.script = None


def test_the_page_allows_only_its_own_origin_and_no_inline_code_but_its_one_script_by_its_hash():
    """The one script written in the page (a returning player's table, shown before anything is fetched) is
    allowed by its SHA-256, so an edit of it needs the new hash in the CSP: this test says which."""
    page = Attributes()
    page.feed((ROOT / "index.html").read_text())
    policy = dict(part.strip().split(" ", 1) for part in page.csp.split(";"))
    assert policy["default-src"] == "'self'" and policy["style-src"] == "'self'"
    assert len(page.inline) == 1 and "sixes-table-shown" in page.inline[0], "the kept table's script, and no other"
    digest = base64.b64encode(hashlib.sha256(page.inline[0].encode()).digest()).decode()
    assert policy["script-src"] == f"'self' 'sha256-{digest}' 'wasm-unsafe-eval' 'unsafe-eval'", (
        "that script by its hash (the one here is its text's), and Pyodide's two eval permissions, no more"
    )
    assert not [name for name in page.names if name.startswith("on")], "no inline event handlers"
    assert "style" not in page.names, "the CSP refuses inline styles"
    # The HTML the page builds at run time: no inline styles or handlers either.
    for module in (ROOT / "sixes").rglob("*.py"):  # every layer's modules, in every folder
        assert not re.search(r"""\sstyle=|\son[a-z]+=["']""", module.read_text()), module.relative_to(ROOT)


def test_every_url_in_the_page_is_relative():
    html = (ROOT / "index.html").read_text()
    urls = re.findall(r'(?:src|href|config)="([^"#]+)"', html)
    assert urls, "the pattern still finds the page's URLs"
    assert all(url.startswith("./") for url in urls), urls
    for url in urls:
        if not url.startswith("./node_modules/"):
            assert (ROOT / url).exists(), url


def unclosed_blocks(css):
    """Lines of a style sheet that start a rule at the margin while a block is still open (house style
    indents the rules inside @media), and whether the sheet ends with every block closed."""
    depth, strays = 0, []
    for number, line in enumerate(
        re.sub(r"/\*.*?\*/", lambda c: "\n" * c[0].count("\n"), css, flags=re.DOTALL).splitlines(), 1
    ):
        if depth and line[:1] not in ("", " ", "}"):
            strays.append(number)
        depth += line.count("{") - line.count("}")
    return strays, depth == 0


def test_every_block_of_the_style_sheet_is_closed():
    """A brace lost in a merge silently swallows every later rule into an @media block
    (it happened once: the review's styles applied only on narrow screens)."""
    assert unclosed_blocks(".a { b: c; }\n@media (x) {\n  .d { e: f; }\n.g { h: i; }\n") == ([4], False)
    assert unclosed_blocks((ROOT / "assets" / "sixes.css").read_text()) == ([], True)
