"""What a returning player's restore does on the main thread (issue #35): a CPU profile of a returning visit on the
phone profile, and the main thread's busiest stretch (no idle sample in it: the restore's one long task, which a
first tap on the kept table may land in) told 100 ms at a time by the two commonest stacks of each slice.

Run: .venv/bin/python bench/restore_profile.py [--root CHECKOUT]   (a built checkout; this one by default)
"""

import argparse
import collections
import pathlib

from long_tasks import WATCH
from phone_profile import KEPT, ROOT, browser, open_page, ready_for_next_visit, served, wait_state
from playwright.sync_api import sync_playwright

SLICE = 100_000  # µs


def stretches(profile):
    """The profile's runs of samples with no idle one between: [(start µs, end µs, [(time, node id)])]."""
    idle = {node["id"] for node in profile["nodes"] if node["callFrame"]["functionName"] == "(idle)"}
    found, current, at = [], None, profile["startTime"]
    for node, delta in zip(profile["samples"], profile["timeDeltas"]):
        at += delta
        if node in idle:
            current = None
            continue
        if current is None:
            current = [at, at, []]
            found.append(current)
        current[1] = at
        current[2].append((at, node))
    return found


def told(profile, stretch):
    """The stretch in slices of 100 ms: each slice's two commonest stacks (their first six frames below the root)."""
    nodes = {node["id"]: node for node in profile["nodes"]}
    parent = {child: node["id"] for node in profile["nodes"] for child in node.get("children", [])}

    def stack(node):
        frames = []
        while node in nodes and nodes[node]["callFrame"]["functionName"] != "(root)":
            frames.append(nodes[node]["callFrame"]["functionName"] or "(anonymous)")
            node = parent.get(node)
        return " > ".join(frames[::-1][:6])

    start, _, samples = stretch
    slices = collections.defaultdict(collections.Counter)
    for at, node in samples:
        slices[int((at - start) / SLICE)][stack(node)] += 1
    for number in sorted(slices):
        commonest = "; ".join(f"{count} {name}" for name, count in slices[number].most_common(2))
        print(f"  {number * SLICE // 1000:5d} ms  {commonest}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--root", type=pathlib.Path, default=ROOT)
    options = parser.parse_args()
    with (
        sync_playwright() as playwright,
        served({"game": options.root.resolve()}) as site,
        browser(playwright, init_scripts=[WATCH]) as context,
    ):
        page = open_page(context, site.url("game"))
        wait_state(page)
        page.click("#guide-skip")  # a real game, whose table is kept for the next visit
        page.wait_for_function(KEPT, timeout=60_000)
        ready_for_next_visit(page)
        page.close()
        page = open_page(context)  # on the phone's CPU and network, the profiler started before it navigates
        cdp = context.new_cdp_session(page)
        cdp.send("Profiler.enable")
        cdp.send("Profiler.setSamplingInterval", {"interval": 200})
        cdp.send("Profiler.start")
        page.goto(site.url("game"))
        wait_state(page)
        profile = cdp.send("Profiler.stop")["profile"]
        tasks = sorted(ms for _, ms in page.evaluate("benchLong"))
    print(f"returning visit, {options.root}: longest tasks {', '.join(f'{ms:.0f}' for ms in tasks[-3:][::-1])} ms")
    longest = max(stretches(profile), key=lambda stretch: stretch[1] - stretch[0])
    print(
        f"the busiest stretch: {(longest[1] - longest[0]) / 1000:.0f} ms, by samples (each slice's two commonest stacks)"
    )
    told(profile, longest)


if __name__ == "__main__":
    main()
