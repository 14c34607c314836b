"""Issue 19, part 2: a returning player's interpreter restored from a memory snapshot made on their device.

The built site only (tools/build_site.py names its build in the page; the repo served as is makes no
snapshot), served as test_offline serves it. After a first boot the page makes the snapshot in a worker
(assets/snapshot.mjs) and keeps it in Cache Storage; the next boot restores it (assets/interpreter.mjs).
Whatever is wrong with the kept snapshot, the page boots as on a first visit and makes a good one.
"""

import pathlib
import sys

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).parent))  # pytest imports tests in importlib mode
import build_site
from test_offline import built, precached, visit  # noqa: F401  (fixtures: the tests' parameters, hence their F811)
from test_page import boot, play_round, ready, saved_game

MADE = "performance.getEntriesByName('sixes-snapshot-made').length > 0"
RESTORED = "performance.getEntriesByName('sixes-snapshot-restored').length > 0"
SNAPSHOT = """async () => {
  const name = (await caches.keys()).find((name) => name.endsWith(' snapshot'));
  if (!name) return null;
  const cache = await caches.open(name);
  return Promise.all((await cache.keys()).map(async (request) => {
    const response = await cache.match(request);
    return [request.url, response.headers.get('X-Sixes-Digest'), (await response.arrayBuffer()).byteLength];
  }));
}"""
# Python run in the page's interpreter (the module hands back the instance it started): its value.
PYTHON = """(code) => import('./assets/interpreter.mjs')
  .then((module) => module.loadPyodide({stdout: console.log, stderr: console.error}))
  .then((pyodide) => pyodide.runPython(code))"""
RANDOM = "import random; random.random()"  # Python's generator
# The languages whose words the interpreter has read (sixes.model.words keeps each catalogue once read).
WORDS_READ = "from sixes.model.words import WORDS; ' '.join(sorted(l for l, w in WORDS.items() if 'words' in vars(w)))"
# Replaces the kept snapshot's bytes by what `damage` (a JS function of a Uint8Array) makes of them.
DAMAGE = """async (damage) => {
  const name = (await caches.keys()).find((name) => name.endsWith(' snapshot'));
  const cache = await caches.open(name);
  const [request] = await cache.keys();
  const old = await cache.match(request);
  const bytes = eval(damage)(new Uint8Array(await old.arrayBuffer()));
  await cache.put(request, new Response(bytes, {headers: {'X-Sixes-Digest': old.headers.get('X-Sixes-Digest')}}));
}"""


def kept(page):
    """The snapshot cache's entries: (URL, digest, bytes), or None without that cache."""
    entries = page.evaluate(SNAPSHOT)
    return None if entries is None else [tuple(entry) for entry in entries]


def made(page):
    page.wait_for_function(MADE)
    return kept(page)


def test_a_returning_player_boots_from_a_snapshot_made_on_the_device_and_plays_on(visit, built):  # noqa: F811
    page, _ = visit
    boot(page, built.url + "?speed=0")
    page.click("#guide-skip")
    [(url, digest, size)] = made(page)
    build = page.get_attribute('meta[name="snapshot"]', "content")
    assert url == built.url + f"snapshot-{build}" and len(digest) == 64 and size > 1e6
    assert not page.evaluate(RESTORED), "a first visit starts Python from nothing"
    assert page.evaluate(PYTHON, WORDS_READ) == "en", "and reads only the words it says"
    draws = []
    for _ in range(2):
        page.reload()
        ready(page)
        assert page.evaluate(RESTORED), "the next boot restores the snapshot"
        draws.append(page.evaluate(PYTHON, RANDOM))
    assert draws[0] != draws[1], "and reseeds Python's generator, which the snapshot holds in one state"
    assert page.evaluate(PYTHON, WORDS_READ) == "cy en es si", "the snapshot holds every language's words, read"
    play_round(page)
    game = saved_game(page)
    assert game.round_number == 1 and game.round_over, "the restored interpreter plays the game to a round's end"
    assert kept(page) == [(url, digest, size)], "a restored boot makes no new snapshot"


@pytest.mark.parametrize(
    "damage",
    [
        "(bytes) => bytes.subarray(0, bytes.length >> 1)",  # truncated
        "(bytes) => { bytes[bytes.length - 5] ^= 1; return bytes; }",  # one bit changed
        "(bytes) => new Uint8Array(64)",  # not a snapshot at all
    ],
)
def test_a_damaged_snapshot_means_the_normal_boot_and_a_good_snapshot_again(visit, built, damage):  # noqa: F811
    page, _ = visit
    warnings = []
    page.on("console", lambda message: message.type == "warning" and warnings.append(message.text))
    boot(page, built.url + "?seed=3&speed=0")
    [(url, _, size)] = made(page)
    page.evaluate(DAMAGE, damage)
    page.reload()
    ready(page)
    assert not page.evaluate(RESTORED)
    assert any("snapshot could not be restored" in warning for warning in warnings), warnings
    [(again, _, size_again)] = made(page)
    # A whole snapshot again: the same size to within a few of the heap's 64 KiB pages (what ran before
    # it can grow the heap by a page: CI saw 14,680,972 and 14,746,512 bytes), and the next boot restores it.
    assert again == url and abs(size_again - size) <= 4 * 65536, (size, size_again)
    page.reload()
    ready(page)
    assert page.evaluate(RESTORED)


def test_another_builds_snapshot_is_never_restored_and_is_deleted(visit, built):  # noqa: F811
    page, _ = visit
    boot(page, built.url + "?seed=3&speed=0")
    [(url, _, _)] = made(page)
    # The same snapshot kept under another build's name: the page has no business with it.
    page.evaluate(
        """async (url) => {
      const name = (await caches.keys()).find((name) => name.endsWith(' snapshot'));
      const cache = await caches.open(name);
      const response = await cache.match(url);
      await cache.delete(url);
      await cache.put(url.replace(/snapshot-.*/, 'snapshot-0123456789abcdef'), response);
    }""",
        url,
    )
    page.reload()
    ready(page)
    assert not page.evaluate(RESTORED)
    [(again, _, _)] = made(page)  # (two snapshots differ: each interpreter hashes with its own secret)
    assert again == url, "only this build's snapshot is kept"


def test_a_refused_store_means_no_snapshot_and_a_game_as_usual(visit, built):  # noqa: F811
    page, _ = visit
    # Cache Storage refuses the snapshot's cache (a full disk, or a browser that says no).
    page.context.add_init_script("""{
      const open = CacheStorage.prototype.open;
      CacheStorage.prototype.open = function (name) {
        return name.endsWith(' snapshot') ? Promise.reject(new DOMException('refused', 'QuotaExceededError'))
          : open.call(this, name);
      };
    }""")
    warnings = []
    page.on("console", lambda message: message.type == "warning" and warnings.append(message.text))
    boot(page, built.url + "?seed=3&speed=0")
    page.wait_for_function("performance.getEntriesByName('sixes-snapshot-failed').length > 0")
    assert any("no snapshot for the next visit" in warning and "refused" in warning for warning in warnings), warnings
    page.reload()
    ready(page)
    assert not page.evaluate(RESTORED)
    play_round(page)
    assert saved_game(page).round_over


def test_a_new_deploy_discards_the_old_snapshot(visit, built):  # noqa: F811
    page, _ = visit
    boot(page, built.url + "?seed=8&speed=0")
    made(page)
    old_cache, _ = precached(page)
    with open(built.out / "assets" / "sixes.css", "a") as css:
        css.write("\n/* deploy 2 */\n")
    build_site.write_worker(built.out)
    page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
    with page.expect_navigation():
        page.locator("#update-note").get_by_role("button", name="Reload").click()
    ready(page)
    assert precached(page)[0] != old_cache
    assert not page.evaluate(RESTORED), "the new version's first boot starts Python from nothing"
