/* qipai: the events' pages. Vanilla JS, no build step; every page works without it.
   - Times (<time class="local-time">) are shown in the browser's own time zone, and
     countdowns (.countdown[data-until]) tick each second.
   - The director's form sends the start as the browser's local time with its UTC offset.
   - The event page polls GET /api/events/{id} every few seconds; when the event has changed,
     it fetches the page again and swaps in its live part (#event-live): the registration
     room, the standings, "your table now" and the rounds follow the event with no reload.
     A form being filled in is left alone until it is sent or emptied. */
"use strict";

(function () {
  const pad = (n) => String(n).padStart(2, "0");

  function localText(iso) {
    const d = new Date(iso);
    if (isNaN(d.getTime())) return null;
    return (
      d.getFullYear() + "-" + pad(d.getMonth() + 1) + "-" + pad(d.getDate()) + " " +
      pad(d.getHours()) + ":" + pad(d.getMinutes())
    );
  }

  function localiseTimes(root) {
    for (const node of root.querySelectorAll("time.local-time[datetime]")) {
      const text = localText(node.getAttribute("datetime"));
      if (text) {
        if (!node.title) node.title = node.textContent;
        node.textContent = text;
      }
    }
  }

  let timeLeft = "{t}";

  function tick() {
    const now = Date.now();
    for (const node of document.querySelectorAll(".countdown[data-until]")) {
      const until = new Date(node.dataset.until).getTime();
      if (isNaN(until)) continue;
      let s = Math.max(0, Math.round((until - now) / 1000));
      const h = Math.floor(s / 3600);
      s -= h * 3600;
      const m = Math.floor(s / 60);
      s -= m * 60;
      const text = (h ? h + ":" + pad(m) : String(m)) + ":" + pad(s);
      node.textContent = "(" + timeLeft.replace("{t}", text) + ")";
    }
  }

  // --- the director's form: the start in the browser's time zone ---------------------------

  function offsetFor(value) {
    const d = value ? new Date(value) : new Date(); // a datetime-local value parses as local
    return String(-(isNaN(d.getTime()) ? new Date() : d).getTimezoneOffset());
  }

  function setUpForm(form) {
    const start = form.querySelector("#start-local");
    const offset = form.querySelector("#tz-offset");
    if (!start || !offset) return;
    if (start.dataset.default) {
      // the server's default start is in China's time: the browser's own instead (an hour
      // on, on the half hour)
      const d = new Date(Date.now() + 60 * 60 * 1000);
      d.setSeconds(0, 0);
      d.setMinutes(d.getMinutes() + ((30 - (d.getMinutes() % 30)) % 30));
      start.value =
        d.getFullYear() + "-" + pad(d.getMonth() + 1) + "-" + pad(d.getDate()) + "T" +
        pad(d.getHours()) + ":" + pad(d.getMinutes());
    }
    const zone = form.querySelector("#tz-name");
    const update = () => {
      offset.value = offsetFor(start.value);
      const m = Number(offset.value);
      const a = Math.abs(m);
      const name = "UTC" + (m < 0 ? "-" : "+") + pad(Math.floor(a / 60)) + ":" + pad(a % 60);
      if (zone) zone.textContent = name;
    };
    update();
    start.addEventListener("change", update);
    form.addEventListener("submit", update);
  }

  // --- the event page: follow the event --------------------------------------------------

  function busy(live) {
    // a field the user is filling in (a partner's name, a reason) is not to be swept away
    const active = document.activeElement;
    if (active && live.contains(active) && active.matches("input:not([type=hidden]), select")) {
      return true;
    }
    for (const input of live.querySelectorAll("input[name=partner], input[name=reason]")) {
      if (input.value) return true;
    }
    return false;
  }

  function canonical(x) {
    // one text for equal values, whatever the order of their keys
    if (Array.isArray(x)) return "[" + x.map(canonical).join(",") + "]";
    if (x && typeof x === "object") {
      const keys = Object.keys(x).sort();
      return "{" + keys.map((k) => JSON.stringify(k) + ":" + canonical(x[k])).join(",") + "}";
    }
    return JSON.stringify(x);
  }

  function followEvent(live) {
    const data = (id) => JSON.parse(document.getElementById(id).textContent);
    // the event as the page shows it (the JSON API's view it was made from)
    const shownEvent = () => canonical(data("event-data"));
    let config = data("event-config");
    let shown = shownEvent();
    let timer = null;
    timeLeft = config.time_left || timeLeft;

    async function swap() {
      // the event's page (not location: after a refused form it is the form's address)
      const r = await fetch("/events/" + config.id, { credentials: "same-origin" });
      if (!r.ok) return;
      const doc = new DOMParser().parseFromString(await r.text(), "text/html");
      const fresh = doc.getElementById("event-live");
      if (!fresh) return;
      live.replaceChildren(...Array.from(fresh.childNodes).map((n) => document.adoptNode(n)));
      localiseTimes(live);
      tick();
      config = data("event-config");
      shown = shownEvent();
      document.body.dataset.eventStatus = config.status;
    }

    const isOver = () => config.status === "finished" || config.status === "cancelled";
    // a page in a background tab asks less often; it catches up when shown again
    const delay = () => (config.poll_ms || 3000) * (document.hidden ? 5 : 1);

    async function poll() {
      timer = null;
      try {
        const r = await fetch("/api/events/" + config.id, {
          credentials: "same-origin",
          headers: { Accept: "application/json" },
        });
        if (r.ok) {
          const now = canonical(await r.json());
          if (now !== shown && !busy(live)) await swap();
        }
      } catch (e) {
        // offline for a moment: try again at the next poll
      }
      if (!isOver()) timer = setTimeout(poll, delay());
    }

    document.body.dataset.eventStatus = config.status;
    if (!isOver()) timer = setTimeout(poll, delay());
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible" && timer !== null) {
        clearTimeout(timer);
        timer = setTimeout(poll, 0);
      }
    });
  }

  // forms whose step cannot be taken back (withdrawing, cancelling the event) ask first
  document.addEventListener("submit", (e) => {
    const question = e.target.dataset && e.target.dataset.confirm;
    if (question && !window.confirm(question)) e.preventDefault();
  });

  localiseTimes(document);
  const form = document.getElementById("event-form");
  if (form) setUpForm(form);
  const live = document.getElementById("event-live");
  if (live) followEvent(live);
  tick();
  setInterval(tick, 1000);
})();
