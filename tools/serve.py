"""Serve the repo root (the site) on 127.0.0.1 for `make play` and the browser tests."""

import argparse
import functools
import http.server
import mimetypes
import pathlib
import threading

ROOT = pathlib.Path(__file__).resolve().parent.parent


# As static hosts serve it (Python's table lacks it); .wasm is already application/wasm.
mimetypes.add_type("application/manifest+json", ".webmanifest")


class Handler(http.server.SimpleHTTPRequestHandler):
    # Revalidate on every load, so an edited module of sixes/ is never served stale
    # from the browser's heuristic cache next to fresh ones.
    def end_headers(self):
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format, *args):
        pass  # the game's own log is the page; per-request lines drown the URL


def make_server(directory=ROOT, port=8000):
    """A threaded server for `directory`; port 0 picks a free one."""
    handler = functools.partial(Handler, directory=str(directory))
    return http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)


def serve_in_background(directory=ROOT):
    """Start a server on a free port in a daemon thread; returns it (see .server_address)."""
    server = make_server(directory, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--port", type=int, default=8000)
    port = parser.parse_args().port
    with make_server(ROOT, port) as server:
        print(f"Sixes is at http://127.0.0.1:{port}/  (Ctrl+C stops it)", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass


if __name__ == "__main__":
    main()
