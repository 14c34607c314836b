"""Serve the repo root (the site) on 127.0.0.1 for `make play` and the browser tests."""

import argparse
import functools
import http.server
import io
import mimetypes
import pathlib
import threading

import page_config

ROOT = pathlib.Path(__file__).resolve().parent.parent


# As static hosts serve it (Python's table lacks it); .wasm is already application/wasm.
mimetypes.add_type("application/manifest+json", ".webmanifest")


class Handler(http.server.SimpleHTTPRequestHandler):
    # Revalidate on every load, so an edited module of sixes/ is never served stale
    # from the browser's heuristic cache next to fresh ones.
    def end_headers(self):
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def send_head(self):
        page = self.page()
        return super().send_head() if page is None else self.send_text(page, "text/html; charset=utf-8")

    def page(self):
        """The text of the index.html asked for, with its folder's pyscript.toml written in; None for any other file."""
        path = self.path.partition("?")[0]
        if not path.endswith(("/", "/index.html")):
            return None
        file = pathlib.Path(self.translate_path(path)) / ("index.html" if path.endswith("/") else "")
        return page_config.inline(file.read_text(encoding="utf-8"), file.parent) if file.is_file() else None

    def send_text(self, text, kind):
        body = text.encode()
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)

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
