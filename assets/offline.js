// Offline play: registers the service worker (only the built site has one, see
// tools/build_site.py), says when the game runs with no network, and offers a
// new version once it is downloaded, instead of mixing old and new files in an open game.
const root = document.documentElement;
const worker = document.querySelector('meta[name="service-worker"]')?.content;

const WORDS = {
  en: {
    offline: "You are offline. The game runs on this device and is saved here: nothing is lost.",
    offline_short: "Offline",
    update: "A new version of Sixes is ready.",
    reload: "Reload",
  },
  cy: {
    offline: "Rydych chi all-lein. Mae'r gêm yn rhedeg ar y ddyfais hon ac yn cael ei chadw yma: does dim byd ar goll.",
    offline_short: "All-lein",
    update: "Mae fersiwn newydd o Sixes yn barod.",
    reload: "Ail-lwytho",
  },
  si: {
    offline: "ඔබ නොබැඳි (offline) ය. ක්‍රීඩාව මෙම උපාංගයේ ක්‍රියාත්මක වන අතර මෙහි සුරැකේ: කිසිවක් නැති නොවේ.",
    offline_short: "නොබැඳි",
    update: "හයේ නව අනුවාදයක් සූදානම්.",
    reload: "නැවත පූරණය",
  },
  es: {
    offline: "Estás sin conexión. El juego funciona en este dispositivo y se guarda aquí: no se pierde nada.",
    offline_short: "Sin conexión",
    update: "Hay una versión nueva de Seises lista.",
    reload: "Recargar",
  },
};
const say = (key) => (WORDS[root.lang] ?? WORDS.en)[key];

// Built with DOM calls and textContent: nothing here is parsed as HTML. The notes lie in the page's flow, under the
// header bar (sixes.css), so they cover nothing: the table makes room while one shows.
const notes = document.createElement("div");
notes.className = "netnotes";
const bar = document.querySelector("header.bar");
if (bar) bar.after(notes);
else document.body.append(notes);

function note(id, key, button) {
  let element = document.getElementById(id);
  if (!element) {
    element = document.createElement("div");
    element.id = id;
    element.className = "netstatus";
    element.setAttribute("role", "status");
    element.append(document.createElement("p"));
    if (button) {
      const action = document.createElement("button");
      action.type = "button";
      action.className = "primary";
      action.addEventListener("click", button.click);
      element.append(action);
    }
    notes.append(element);
  }
  element.dataset.key = key;
  if (button) element.dataset.button = button.key;
  say_again(element);
  return element;
}

function say_again(element) {
  const text = element.querySelector("p");
  text.textContent = say(element.dataset.key);
  text.dataset.short = say(`${element.dataset.key}_short`) ?? "";
  if (element.dataset.button) element.querySelector("button").textContent = say(element.dataset.button);
}

let shrink;
function showNetwork() {
  const element = note("offline-note", "offline");
  element.hidden = navigator.onLine;
  element.classList.remove("brief");
  notes.prepend(element);
  clearTimeout(shrink);
  // Once read, the sentence becomes one word in the header bar, after the round's label (where it covered the bots'
  // names, then the label itself): the table gets its room back.
  const label = document.getElementById("round-label");
  if (!navigator.onLine) {
    shrink = setTimeout(() => {
      element.classList.add("brief");
      if (label) label.after(element);
    }, 8000);
  }
}
addEventListener("online", showNetwork);
addEventListener("offline", showNetwork);
showNetwork();
// The page switches language after Python starts (?lang=cy): say the notes again in it.
new MutationObserver(() => [...notes.children].forEach(say_again))
  .observe(root, { attributes: true, attributeFilter: ["lang"] });

let reloading = false;

function offer(waiting) {
  // With no controller this is the first install, not an update: nothing to offer.
  if (!waiting || !navigator.serviceWorker.controller) return;
  note("update-note", "update", {
    key: "reload",
    click: () => {
      reloading = true;
      waiting.postMessage("activate");
    },
  });
}

async function register() {
  const registration = await navigator.serviceWorker.register(worker);
  offer(registration.waiting);
  registration.addEventListener("updatefound", () => {
    const incoming = registration.installing;
    incoming.addEventListener("statechange", () => incoming.state === "installed" && offer(incoming));
  });
  // A tab left open for days still hears of a new deploy. Offline the check fails: that is expected.
  const check = () => registration.update().catch(() => {});
  addEventListener("online", check);
  setInterval(check, 60 * 60 * 1000);
}

if (worker && "serviceWorker" in navigator) {
  navigator.serviceWorker.addEventListener("controllerchange", () => reloading && location.reload());
  // Registered once the game is ready, so precaching never competes with the boot's own downloads
  // (it then revalidates files the browser has just fetched instead of downloading them twice).
  const whenReady = () => {
    if (root.dataset.state !== "ready") return false;
    register().catch((error) => console.warn("Offline play is unavailable:", error));
    return true;
  };
  if (!whenReady()) {
    const watch = new MutationObserver(() => whenReady() && watch.disconnect());
    watch.observe(root, { attributes: true, attributeFilter: ["data-state"] });
  }
}
