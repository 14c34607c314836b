"""First visit against repeat visit of the built site (issue #4), in headless Chromium on this machine.

The site is built as `make site` builds it (tools/build_site.py) and served
under /sixes/ by a server that counts the bytes it sends. Each run, alternated
`--runs` times:
- first visit: a fresh browser profile (empty HTTP cache, no service worker),
  navigation → html[data-state=ready]; the bytes the page downloaded until then
  (its resource timing), and the bytes the server sent until the service worker
  had precached the site (it revalidates what the page just downloaded, so that
  should cost little more);
- repeat visit: a new tab in the same context, served by the service worker:
  navigation → ready, and the bytes the server sent for it.
It also checks that pyodide.asm.wasm comes from the worker's cache as
application/wasm, so the browser can compile it while it streams.

Run: .venv/bin/python bench/visits.py [--runs 3] [--json]   (after `make test` installed the venv and runtime)
"""

import argparse
import functools
import http.server
import json
import pathlib
import statistics
import sys
import tempfile
import threading

from playwright.sync_api import sync_playwright

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tools"), str(ROOT / "tests" / "browser")]
import build_site
import serve
from conftest import CHROMIUM, QUIET

COMMAND = ".venv/bin/python bench/visits.py"
READY = "performance.getEntriesByName('sixes-ready')[0].startTime"
PRECACHED = """async (count) => {
  await navigator.serviceWorker.ready;
  const names = await caches.keys();
  return names.length === 1 && (await (await caches.open(names[0])).keys()).length === count;
}"""
# The page's own downloads (the worker's precache is not in the page's timeline), headers included.
TRANSFERRED = """[...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')]
  .reduce((sum, entry) => sum + entry.transferSize, 0)"""
WASM = """fetch('./build/pyodide/pyodide.asm.wasm').then(r => r.headers.get('content-type'))"""


class Counter:
    """Bytes of response bodies the server has sent."""

    def __init__(self):
        self.sent = 0
        self.lock = threading.Lock()


def serve_counting(folder, counter):
    class Counting(serve.Handler):
        def copyfile(self, source, outputfile):
            super().copyfile(source, outputfile)
            with counter.lock:
                counter.sent += source.tell()

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Counting, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def ready_time(page, url):
    page.goto(url)
    page.wait_for_selector("html[data-state=ready]", timeout=120_000)
    return page.evaluate(READY)


def run(playwright, url, counter, files, foreign):
    # A browser profile on disk, as a person's is: an in-memory (incognito) cache drops the 9.6 MB
    # wasm, and the worker's precache would then download it a second time.
    profile = tempfile.TemporaryDirectory()
    context = playwright.chromium.launch_persistent_context(profile.name, executable_path=CHROMIUM, args=QUIET)
    context.on("request", lambda request: request.url.startswith(url) or foreign.append(request.url))
    start = counter.sent
    page = context.pages[0] if context.pages else context.new_page()
    first = ready_time(page, url)
    first_bytes = page.evaluate(TRANSFERRED)
    page.wait_for_function(PRECACHED, arg=files, timeout=120_000, polling=100)
    precached_bytes = counter.sent - start
    page.close()
    start = counter.sent
    page = context.new_page()
    repeat = ready_time(page, url)
    repeat_bytes = counter.sent - start
    controlled = page.evaluate("!!navigator.serviceWorker.controller")
    wasm_type = page.evaluate(WASM)
    context.close()
    profile.cleanup()
    return {
        "first_ms": first,
        "repeat_ms": repeat,
        "first_bytes_to_ready": first_bytes,
        "first_bytes_with_precache": precached_bytes,
        "repeat_bytes": repeat_bytes,
        "repeat_served_by_worker": controlled,
        "wasm_type_from_cache": wasm_type,
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        files = len(build_site.build(pathlib.Path(folder) / "sixes"))
        counter = Counter()
        server = serve_counting(folder, counter)
        url = f"http://127.0.0.1:{server.server_address[1]}/sixes/"
        foreign = []
        with sync_playwright() as playwright:
            runs = [run(playwright, url, counter, files, foreign) for _ in range(args.runs)]
        server.shutdown()
    if foreign:
        raise SystemExit(f"requests left the origin: {foreign}")
    result = {
        "first_visit_ms": statistics.median(r["first_ms"] for r in runs),
        "repeat_visit_ms": statistics.median(r["repeat_ms"] for r in runs),
        "first_visit_bytes_to_ready": runs[0]["first_bytes_to_ready"],
        "first_visit_bytes_with_precache": runs[0]["first_bytes_with_precache"],
        "repeat_visit_bytes": max(r["repeat_bytes"] for r in runs),
        "repeat_served_by_worker": all(r["repeat_served_by_worker"] for r in runs),
        "wasm_type_from_cache": runs[0]["wasm_type_from_cache"],
        "runs": runs,
    }
    if args.json:
        print(json.dumps(result, indent=1))
        return
    command = f"{COMMAND} --runs {args.runs}"
    print(f"first visit, navigation → ready: {result['first_visit_ms']:.0f} ms (median of {args.runs})   [{command}]")
    print(
        f"repeat visit (service worker), navigation → ready: {result['repeat_visit_ms']:.0f} ms"
        f" (median of {args.runs})   [{command}]"
    )
    print(
        f"first visit, bytes the page downloaded until ready: {result['first_visit_bytes_to_ready'] / 1e6:.2f} MB;"
        f" bytes served with the worker's precache: {result['first_visit_bytes_with_precache'] / 1e6:.2f} MB"
        f"   [{command}]"
    )
    print(
        f"repeat visit, bytes served: {result['repeat_visit_bytes']} B; served by the worker:"
        f" {result['repeat_served_by_worker']}; pyodide.asm.wasm from the cache as {result['wasm_type_from_cache']}"
        f"   [{command}]"
    )


if __name__ == "__main__":
    main()
