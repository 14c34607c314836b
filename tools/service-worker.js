// Sixes' service worker: the whole game from one versioned cache, so it plays offline.
// tools/build_site.py writes this into the site as sw.js, filling in VERSION and FILES
// (every file of the site with a hash of its content); it is never served from the repo root.
const VERSION = "__VERSION__";
const FILES = __FILES__; // {"./path": "content hash"}; "./" is the page
// Named after the site's address too: two copies on one origin (user.github.io/a/ and /b/)
// each keep their own cache.
const PREFIX = `sixes ${self.registration.scope} `;
const CACHE = PREFIX + VERSION;

// A file whose hash did not change is copied from the old cache: an update
// downloads only what changed (not 13 MB of Pyodide again).
async function reuse(url, revision) {
  for (const name of await caches.keys()) {
    if (name === CACHE || !name.startsWith(PREFIX)) continue;
    const old = await (await caches.open(name)).match(url);
    if (old && old.headers.get("X-Sixes-Revision") === revision) return old;
  }
  return null;
}

async function precache() {
  const cache = await caches.open(CACHE);
  await Promise.all(Object.entries(FILES).map(async ([path, revision]) => {
    const url = new URL(path, self.registration.scope).href;
    if (await cache.match(url)) return;  // an install that was interrupted and retried
    let response = await reuse(url, revision);
    if (!response) {
      // "no-cache" revalidates with the server: a file the page just downloaded costs a 304,
      // while a stale copy in the HTTP cache can never sneak into the new version.
      const fetched = await fetch(url, { cache: "no-cache" });
      if (!fetched.ok) throw new Error(`${path}: HTTP ${fetched.status}`);
      const headers = new Headers(fetched.headers);
      headers.set("X-Sixes-Revision", revision);
      // Keeps Content-Type (application/wasm lets the browser compile Pyodide while it streams).
      response = new Response(fetched.body, { status: 200, headers });
    }
    await cache.put(url, response);
  }));
}

self.addEventListener("install", (event) => event.waitUntil(precache()));

// The new version takes over only when the person reloads (the page asks: see assets/offline.js),
// so an open game never runs on a mix of old and new files.
self.addEventListener("message", (event) => {
  if (event.data === "activate") self.skipWaiting();
});

self.addEventListener("activate", (event) => event.waitUntil((async () => {
  for (const name of await caches.keys()) {
    if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
  }
  await self.clients.claim();
})()));

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    // The page under either address, with any URL parameters (?seed=3): they are the page's business.
    const url = new URL(request.url);
    url.search = "";
    const page = [self.registration.scope, `${self.registration.scope}index.html`].includes(url.href);
    return (await cache.match(page ? self.registration.scope : request)) || fetch(request);
  })());
});
