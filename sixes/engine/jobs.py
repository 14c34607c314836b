"""Work spread over processes for the command line, in an order that does not
depend on how many there are: ``python -m sixes simulate|duplicate --jobs N``.

Every piece of work is seeded by its own number, so the result is a function of
the arguments alone; ``jobs`` only changes how long it takes. The page never
imports this module (Pyodide has no processes).
"""

import os
import sys
import time


def default_jobs():
    """All the cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on every platform
        return os.cpu_count() or 1


def ordered_map(work, items, jobs=1):
    """``work(item)`` for each item (the items may never end), yielded in the
    items' order, computed by ``jobs`` processes (in this one when ``jobs`` is 1).
    Stop iterating and the rest is not computed beyond the few under way."""
    if jobs <= 1:
        yield from map(work, items)
        return
    import collections
    import multiprocessing

    # Not fork: forking a process that runs other threads (a test run that has driven a browser, say)
    # can copy a lock some thread held, and a child waits on it for ever. A fork server is a fresh
    # single-threaded process that forks the workers; where there is none, the platform's default.
    method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else None
    items = iter(items)
    waiting = collections.deque()
    with multiprocessing.get_context(method).Pool(jobs) as pool:  # leaving it terminates the workers
        while True:
            # A few pieces ahead per process keep them all busy without running far past a stop.
            for item in items:
                waiting.append(pool.apply_async(work, (item,)))
                if len(waiting) >= 4 * jobs:
                    break
            if not waiting:
                return
            yield waiting.popleft().get()


class Progress:
    """Progress of a long run on stderr: tqdm's bar where tqdm is installed, a
    plain counter line otherwise (so a bare CPython needs nothing more)."""

    def __init__(self, total, unit):
        self.total, self.unit, self.done = total, unit, 0
        try:
            from tqdm import tqdm
        except ImportError:
            tqdm = None
        if tqdm is not None:
            # delay: short runs finish before any bar is drawn.
            self.bar = tqdm(total=total, unit=f" {unit}", delay=1.0, file=sys.stderr, leave=False)
        else:
            self.bar = None
            # Like tqdm's delay: a short run finishes before anything is drawn.
            self.next_at = time.monotonic() + 1.0
            self.shown = False

    def update(self, n=1):
        self.done += n
        if self.bar is not None:
            self.bar.update(n)
        elif time.monotonic() >= self.next_at:
            self.next_at = time.monotonic() + 0.5
            self.shown = True
            print(f"\r{self.done:,}/{self.total:,} {self.unit} ({self.done / self.total:.0%})",
                  end="", file=sys.stderr, flush=True)

    def close(self):
        if self.bar is not None:
            self.bar.close()
        elif self.shown:
            print("\r\033[K", end="", file=sys.stderr, flush=True)  # leave nothing behind, as tqdm's leave=False
