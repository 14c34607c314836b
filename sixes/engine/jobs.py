"""Work spread over processes for the command line, in an order that does not
depend on how many there are: ``python -m sixes simulate|duplicate --jobs N``.

Every piece of work is seeded by its own number, so the result is a function of
the arguments alone; ``jobs`` only changes how long it takes. The page never
imports this module (Pyodide has no processes).

The processes are a ``concurrent.futures.Executor``: ours is the standard
library's process pool, and any other with the same shape (a Dask or Ray
client's, say) can be handed in instead. Each task it is given is a run of
items sized to take about ``TASK_SECONDS``, so handing work over costs little
beside the work itself.
"""

import concurrent.futures
import itertools
import math
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sized
from typing import TypeVar

Item = TypeVar("Item")
Result = TypeVar("Result")

TASK_SECONDS = 0.05  # each task's work, about; handing one over costs well under a millisecond
FIRST_SECONDS = 0.05  # played here first, timed, to size the tasks and see whether processes pay
POOL_PAYS_SECONDS = 0.5  # work left below this is done here: starting processes costs a good part of it
STALL_SECONDS = 300  # no task finished for this long: the workers are stuck, so give up


class JobsFailed(RuntimeError):
    """The worker processes failed: one died, or none finished any work for too long."""


def default_jobs() -> int:
    """All the cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on every platform
        return os.cpu_count() or 1


def ordered_map(
    work: Callable[[Item], Result],
    items: Iterable[Item],
    jobs: int = 1,
    executor: concurrent.futures.Executor | None = None,
    left: Callable[[], float] | None = None,
    stall: float = STALL_SECONDS,
) -> Iterator[Result]:
    """``work(item)`` for each item (the items may never end), yielded in the
    items' order, computed in ``jobs`` processes, or by ``executor`` running
    ``jobs`` tasks at once. Stop iterating and nothing more is handed out.

    ``left()`` says how many items are still wanted after those yielded so far
    (by default all of ``items``, where it has a length), so that a run with an
    end known only to the caller is not handed out far beyond it. The first
    items are played in this process, timed: if the rest would take less than
    ``POOL_PAYS_SECONDS`` here, no processes are started at all."""
    if left is None and isinstance(items, Sized):
        total = len(items)

        def all_left() -> float:  # all the items not yet yielded
            return total - yielded

        left = all_left
    items = iter(items)
    yielded = 0
    # CPU time, not the clock's: the work's own cost, the same however loaded the machine is.
    started = time.process_time()
    for item in items:
        yield work(item)
        yielded += 1
        if time.process_time() - started >= FIRST_SECONDS:
            break
    else:
        return
    each = (time.process_time() - started) / yielded
    wanted = left() if left else math.inf
    if executor is None and (jobs <= 1 or each * wanted < POOL_PAYS_SECONDS):
        yield from map(work, items)
        return
    size = max(1, round(TASK_SECONDS / each))
    queued = 0  # items handed out and not yet yielded

    def next_run() -> list[Item]:
        """The next items to hand out: a task's worth, or fewer if the run is nearly done."""
        wanted = size if left is None else min(size, math.ceil(left() - queued))
        return list(itertools.islice(items, max(wanted, 0 if pending else 1)))

    own = executor is None
    pool = _processes(jobs, work) if executor is None else executor
    pending: list[concurrent.futures.Future[list[Result]]] = []  # futures of runs of items, in the items' order
    here: set[concurrent.futures.Future[list[Result]]] = set()  # those of them played in this process
    warming = own  # until our workers have finished something, this process plays too
    failed = False
    try:
        while True:
            while len(pending) < 2 * jobs:  # two tasks a worker, so that none waits between tasks
                run = next_run()
                if not run:
                    break
                pending.append(pool.submit(play_run, work, run))
                queued += len(run)
            if not pending:
                return
            if warming and not pending[0].done():
                # A run or so a worker, no more: on a loaded machine the workers may take long to start.
                warming = len(here) < jobs and not any(future.done() for future in pending if future not in here)
                extra = next_run() if warming else None
                if extra:  # the workers are still starting: play the next run here meanwhile
                    pending.append(_done(play_run(work, extra)))
                    here.add(pending[-1])
                    queued += len(extra)
                    continue
            try:
                results = pending.pop(0).result(timeout=stall)
            except concurrent.futures.TimeoutError:
                failed = True
                raise JobsFailed(f"no work finished in {stall:g} s: the worker processes are stuck") from None
            except concurrent.futures.BrokenExecutor as error:  # the process pool's BrokenProcessPool
                failed = True
                raise JobsFailed("a worker process died (killed, or out of memory?)") from error
            queued -= len(results)
            for result in results:
                yielded += 1
                yield result
    finally:
        if not own:
            for future in pending:
                future.cancel()
        else:  # our pool's own thread cancels what is waiting (cancelled here, it fails marking them broken)
            if failed:  # a stuck worker would never finish its task: end them all (3.14 names this kill_workers)
                for process in list((getattr(pool, "_processes", None) or {}).values()):
                    process.kill()
            pool.shutdown(wait=not failed, cancel_futures=True)


def play_run(work: Callable[[Item], Result], run: list[Item]) -> list[Result]:
    """One task: ``work`` over a run of items, in a worker."""
    return [work(item) for item in run]


def _done(result: Result) -> "concurrent.futures.Future[Result]":
    """A finished future holding ``result``: a run played in this process, queued with the workers' runs."""
    future: concurrent.futures.Future[Result] = concurrent.futures.Future()
    future.set_result(result)
    return future


def _processes(jobs: int, work: Callable[..., object]) -> concurrent.futures.ProcessPoolExecutor:
    """Our pool of ``jobs`` worker processes, started once for the run."""
    import multiprocessing

    # Fork is the quickest start (the workers have the work's modules already), but forking a process
    # that runs other threads (a test run that has driven a browser, say) can copy a lock some thread
    # held, and a child waits on it for ever. So fork only a single-threaded process; otherwise a fork
    # server, a fresh single-threaded process that forks the workers; where neither, the platform's default.
    methods = multiprocessing.get_all_start_methods()
    method = (
        "fork"
        if "fork" in methods and threading.active_count() == 1
        else "forkserver"
        if "forkserver" in methods
        else None
    )
    context = multiprocessing.get_context(method)
    if method == "forkserver":  # imported once in the fork server rather than in every worker
        context.set_forkserver_preload([getattr(work, "func", work).__module__])
    # The standard library's pool ends its workers by telling them to, never by a signal. The old
    # multiprocessing.Pool killed them with SIGTERM when a run stopped early; one killed while it held
    # the lock on the results pipe left the pool's task thread waiting on that lock for ever, and
    # the command with it (seen once in about 30 runs: a futex wait, no workers left).
    return concurrent.futures.ProcessPoolExecutor(
        jobs, mp_context=context, initializer=_worker_starts, initargs=(os.getpid(),)
    )


def _worker_starts(main: int) -> None:
    # Ctrl-C reaches every process of the terminal's group: the workers leave it to the main
    # process, which stops handing out work, and each ends after its task.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # A worker waiting for work never hears that the main process was killed (it holds both ends
    # of the pipe it reads): it looks every second and ends with it, rather than waiting for ever.
    threading.Thread(target=_end_with, args=(main,), daemon=True).start()


def _end_with(main: int) -> None:
    while True:
        time.sleep(1)
        try:
            os.kill(main, 0)
        except ProcessLookupError:
            os._exit(1)


class Progress:
    """Progress of a long run on stderr: tqdm's bar where tqdm is installed, a
    plain counter line otherwise (so a bare CPython needs nothing more)."""

    def __init__(self, total: int, unit: str) -> None:
        self.total, self.unit, self.done = total, unit, 0
        try:
            from tqdm import tqdm  # type: ignore[import-untyped, import-not-found, unused-ignore]
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

    def update(self, n: int = 1) -> None:
        self.done += n
        if self.bar is not None:
            self.bar.update(n)
        elif time.monotonic() >= self.next_at:
            self.next_at = time.monotonic() + 0.5
            self.shown = True
            print(
                f"\r{self.done:,}/{self.total:,} {self.unit} ({self.done / self.total:.0%})",
                end="",
                file=sys.stderr,
                flush=True,
            )

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
        elif self.shown:
            print("\r\033[K", end="", file=sys.stderr, flush=True)  # leave nothing behind, as tqdm's leave=False
