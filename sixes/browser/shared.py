"""What several rooms of the page use: long work in slices between paints, dicts as JavaScript objects, and the
modules that the first draw does not need, each imported when first used."""

import asyncio
import importlib.util
import sys
from collections.abc import Callable, Mapping
from types import ModuleType
from typing import TYPE_CHECKING, Any, TypeVar

import js
from pyodide.ffi import create_once_callable, to_js
from pyscript import document, window
from pyscript.ffi import is_none

from ..engine.inference import Slices, stepped
from ..model import links


class Elements(dict[str, Any]):
    """The page's elements by id (index.html's, which stay for the page's life), each looked up once, when first asked
    for: the one way every room reaches an element of the page by its id (``el["hand"]``)."""

    def __missing__(self, name: str) -> Any:
        element = self[name] = document.getElementById(name)
        return element


el = Elements()


def take_link() -> dict[str, str]:
    """The page's link's parameters (?seed=, ?speed=, ?lang=, ?bots=, a shared deal's rules: links.PARAMETERS) as a
    dict, each value cut to a few characters (none that the page reads is longer); every parameter is removed from
    the address bar, so a reload resumes."""
    url = js.URL.new(window.location.href)
    params = url.searchParams
    found = {key: str(params.get(key))[: links.LONGEST] for key in links.PARAMETERS if params.has(key)}
    if url.search:
        url.search = ""
        window.history.replaceState(window.history.state, "", url.href)
    return found


def open_modal(name: str) -> None:
    """Open the dialog ``name`` (its id) as a modal, at its top: its title in view, whatever the focus scrolled to (its
    buttons never need scrolling to). <html> carries ``dialog-open`` until the last dialog closes
    (Dialogs.on_closed), so that no notice shows under one (a class: a :has() rule on the body restyled the
    whole page at every move)."""
    dialog = el[name]
    if not dialog.open:
        dialog.showModal()
    document.documentElement.classList.add("dialog-open")
    body = dialog.querySelector(".body")
    if not is_none(body):
        body.scrollTop = 0


SLICE = 0.02  # seconds of work between two turns of the event loop: a frame stays well under 50 ms
T = TypeVar("T")


async def in_slices(steps: Slices[T], seconds: float = SLICE, shown: Callable[[], object] | None = None) -> T:
    """Drive the generator ``steps`` to its end and return its value, handing the event loop back between slices of
    ``seconds`` (by the page's clock, so a slower CPU gets more slices, not longer ones); ``shown()`` is called
    before each pause. Slicing changes only the timing: the steps are the same whatever the clock says."""
    budget = seconds * 1000
    now = js.performance.now
    began = step = now()
    for done in stepped(steps):
        if done is not None:
            return done.value
        done_at = now()
        if done_at + (done_at - step) > began + budget:  # the next step, if it takes as long, would overrun
            if shown is not None:
                shown()
            await asyncio.sleep(0)
            done_at = now()
            began = done_at
        step = done_at
    raise AssertionError("stepped() ends with Done")


class AfterPaint:
    """Work that the next frame does not need (a save, an announcement), run in order in a task of its own once
    that frame is painted: requestAnimationFrame runs just before the paint, and a zero timeout set from it runs
    just after. A hidden page paints no frames, so there the work runs in the next task."""

    def __init__(self) -> None:
        self.waiting: list[Callable[[], object]] = []

    def __call__(self, work: Callable[[], object]) -> None:
        self.waiting.append(work)
        if len(self.waiting) > 1:
            return  # already asked for
        if document.hidden:
            window.setTimeout(create_once_callable(self.run), 0)
        else:
            window.requestAnimationFrame(
                create_once_callable(lambda _time: window.setTimeout(create_once_callable(self.run), 0))
            )

    def run(self, *_: object) -> None:
        waiting, self.waiting = self.waiting, []
        for work in waiting:
            work()


after_paint = AfterPaint()


def when_idle(work: Callable[[], object]) -> None:
    """``work()`` once the page is idle, within 2 s (assets/boot.js's sixesWhenIdle, the page's one)."""
    window.sixesWhenIdle(create_once_callable(lambda *_: work()), 2000)


def painted() -> asyncio.Future[None]:
    """A future done once the next frame is painted (see AfterPaint)."""
    done: asyncio.Future[None] = asyncio.get_event_loop().create_future()
    after_paint(lambda: done.done() or done.set_result(None))
    return done


def timing_mark(name: str) -> None:
    """A performance mark the benches time the page by: one entry a name (the last), so a long session keeps no
    list of them (bench/crash_trace.py saw one more a review or practice)."""
    window.performance.clearMarks(name)
    window.performance.mark(name)


def js_object(mapping: Mapping[str, object]) -> Any:
    return to_js(mapping, dict_converter=js.Object.fromEntries)


def download(name: str, text: str, kind: str) -> None:
    """Save ``text`` as the file ``name`` (of MIME type ``kind``), as the browser saves a download."""
    blob = js.Blob.new(to_js([text]), js_object({"type": kind}))
    link = document.createElement("a")
    link.href = js.URL.createObjectURL(blob)
    link.download = name
    link.click()
    js.URL.revokeObjectURL(link.href)


def on_first_use(name: str) -> ModuleType:
    """The module ``name``, imported when one of its attributes is first read (importlib's LazyLoader). It is in
    sys.modules at once, so a plain ``import`` of it elsewhere gets this module and imports it then."""
    spec = importlib.util.find_spec(name)
    assert spec is not None and spec.loader is not None  # (each name below is a module of this package)
    spec.loader = importlib.util.LazyLoader(spec.loader)
    module = sys.modules[name] = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


if TYPE_CHECKING:  # mypy reads the modules themselves (pyproject.toml lets the rooms import them from here)
    from ..model import deals, guide, hints, record, review, stats
else:  # what waits until a dialog, a hint, a round's end or the guided deal asks for it
    deals = on_first_use("sixes.model.deals")
    hints = on_first_use("sixes.model.hints")
    record = on_first_use("sixes.model.record")
    stats = on_first_use("sixes.model.stats")
    review = on_first_use("sixes.model.review")
    guide = on_first_use("sixes.model.guide")
