// Fatesmith: the players' view. Follows the game master's encounter through Server-Sent
// Events ("events", beside this page) and draws each public state with textContent only: a
// name or an aspect is always text, never markup. Reconnects by itself (the browser's own
// retry, and a fresh connection when the page wakes up or the stream goes quiet). A player
// may pick their character ("I play"): its card is pinned on top, on this device only.
"use strict";

(function () {
  const QUIET_MS = 45000; // the server says "ping" every 15 s; 45 s of silence: reconnect
  const RETRY_MS = 3000;
  let source = null;
  let heard = 0;
  let retryTimer = 0;
  let current = null;

  function $(id) {
    return document.getElementById(id);
  }

  function el(tag, cls, text) {
    const node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  function show(node, visible) {
    node.hidden = !visible;
  }

  function setStatus(kind, words) {
    const status = $("status");
    status.className = "status " + kind;
    status.textContent = words;
  }

  function boxes(track) {
    if (track.text) return track.text;
    return track.boxes.map(function (b) { return b === 0 ? "\u2610" : b === 1 ? "\u2612" : String(b); }).join("");
  }

  function detail(label, value, cls) {
    const line = el("div", "detail" + (cls ? " " + cls : ""));
    line.appendChild(el("span", "label", label + ": "));
    line.appendChild(el("span", null, value));
    return line;
  }

  function person(p, pointsLabel) {
    const item = el("li", "person");
    if (p.current) item.classList.add("now");
    if (p.on_deck) item.classList.add("deck");
    if (p.taken_out) item.classList.add("out");
    const head = el("div", "head");
    if (p.initiative) head.appendChild(el("span", "init", p.initiative));
    head.appendChild(el("span", "name", p.name || "(unnamed)"));
    if (p.current) head.appendChild(el("span", "tag", "acting now"));
    if (p.on_deck) head.appendChild(el("span", "tag", "on deck"));
    item.appendChild(head);
    const details = el("div", "details");
    const status = p.status.replace(/^(acting|held action)(, )?/, "");
    if (status) details.appendChild(el("div", "detail", status));
    p.tracks.forEach(function (t) {
      const line = detail(t.label, "");
      line.lastChild.className = "boxes";
      line.lastChild.textContent = boxes(t);
      details.appendChild(line);
    });
    if (p.condition) details.appendChild(detail("Condition", p.condition));
    if (p.consequences.length) details.appendChild(detail("Consequences", p.consequences.join("; ")));
    if (p.fate_points !== null && p.fate_points !== undefined) {
      details.appendChild(detail(pointsLabel || "Fate points", p.fate_points));
    }
    if (p.aspects.length) details.appendChild(detail("Aspects", p.aspects.join("; ")));
    if (p.zone) details.appendChild(detail("In", p.zone));
    if (details.childNodes.length) item.appendChild(details);
    return item;
  }

  function fill(list, items) {
    list.replaceChildren.apply(list, items);
  }

  function pickable(state) {
    return state.participants.filter(function (p) { return p.kind === "pc"; });
  }

  function renderMine(state) {
    // a player's own character, pinned at the top (chosen on this device, by name)
    const select = $("me");
    const wanted = stored("fatesmith-me") || "";
    const options = [el("option", null, "(nobody)")];
    options[0].value = "";
    pickable(state).forEach(function (p) {
      const option = el("option", null, p.name || "(unnamed)");
      option.value = p.name;
      options.push(option);
    });
    fill(select, options);
    select.value = wanted;
    if (select.value !== wanted) select.value = "";
    show($("pick"), options.length > 1);
    const mine = pickable(state).filter(function (p) { return p.name === wanted; });
    fill($("mine"), mine.map(function (p) { return person(p, state.points_label); }));
    show($("mine-box"), mine.length > 0);
  }

  function render(state) {
    current = state;
    $("title").textContent = state.title || "Conflict";
    document.title = (state.title || "Conflict") + " \u2014 players' view";
    $("phase").textContent = [state.system, state.phase].filter(Boolean).join(" \u00b7 ");
    $("up").textContent = state.up ? "Up: " + state.up : "";
    show($("up"), Boolean(state.up));
    $("deck").textContent = state.on_deck ? "On deck: " + state.on_deck : "";
    show($("deck"), Boolean(state.on_deck));

    fill($("people"), state.participants.map(function (p) { return person(p, state.points_label); }));
    show($("people-empty"), state.participants.length === 0);

    fill($("aspects"), state.scene_aspects.map(function (a) {
      const chip = el("li", null, a.text);
      if (a.free_tags) {
        const free = a.free_tags + " free tag" + (a.free_tags > 1 ? "s" : "") +
          (a.tag_owner ? " (" + a.tag_owner + ")" : "");
        chip.appendChild(document.createTextNode(" "));
        chip.appendChild(el("span", "free", free));
      }
      return chip;
    }));
    show($("aspects-empty"), state.scene_aspects.length === 0);

    fill($("zones"), state.zones.map(function (z) {
      const item = el("li");
      item.appendChild(el("strong", null, z.name));
      item.appendChild(document.createTextNode(": " + (z.here.length ? z.here.join(", ") : "nobody")));
      return item;
    }));
    fill($("borders"), state.borders.map(function (b) {
      return el("li", null, b.between[0] + " \u2194 " + b.between[1] + ": " +
        (b.value === 0 ? "open" : "border " + b.value));
    }));
    show($("zones-box"), state.zones.length > 0);

    $("last-roll").textContent = state.last_roll ? "Last roll: " + state.last_roll : "";
    show($("last-roll"), Boolean(state.last_roll));
    fill($("log"), state.log.map(function (line) { return el("li", null, line); }));
    show($("log-empty"), state.log.length === 0 && !state.last_roll);
    renderMine(state);
  }

  function connect() {
    clearTimeout(retryTimer);
    if (source) source.close();
    heard = Date.now();
    setStatus("", "connecting\u2026");
    source = new EventSource("events");
    source.onopen = function () {
      heard = Date.now();
      setStatus("live", "live");
    };
    source.onmessage = function (event) {
      heard = Date.now();
      let state;
      try {
        state = JSON.parse(event.data);
      } catch (err) {
        return;
      }
      if (state && Array.isArray(state.participants)) render(state);
      setStatus("live", "live");
    };
    source.addEventListener("ping", function () { heard = Date.now(); });
    source.onerror = function () {
      if (source.readyState === EventSource.CLOSED) {
        // refused (a revoked link, a full house) or the app stopped sharing: try again later
        setStatus("down", "not connected \u2014 retrying");
        retryTimer = setTimeout(connect, RETRY_MS);
      } else {
        setStatus("down", "reconnecting\u2026");
      }
    };
  }

  function watch() {
    if (Date.now() - heard > QUIET_MS) connect();
  }

  function applyLarge(on) {
    document.documentElement.classList.toggle("large", on);
    $("large-toggle").setAttribute("aria-pressed", on ? "true" : "false");
  }

  function applyTheme(theme) {
    if (theme === "light" || theme === "dark") {
      document.documentElement.setAttribute("data-theme", theme);
    } else {
      document.documentElement.removeAttribute("data-theme");
    }
    $("theme-toggle").textContent = "Theme: " + (theme === "light" || theme === "dark" ? theme : "device");
  }

  function stored(key) {
    try {
      return window.localStorage.getItem(key);
    } catch (err) {
      return null;
    }
  }

  function store(key, value) {
    try {
      window.localStorage.setItem(key, value);
    } catch (err) {
      // private mode: the choice lasts this visit only
    }
  }

  function start() {
    const params = new URLSearchParams(window.location.search);
    const large = params.get("large") || stored("fatesmith-large");
    applyLarge(large === "1" || (large === null && window.innerWidth >= 1600));
    applyTheme(params.get("theme") || stored("fatesmith-theme") || "device");
    $("large-toggle").addEventListener("click", function () {
      const on = !document.documentElement.classList.contains("large");
      applyLarge(on);
      store("fatesmith-large", on ? "1" : "0");
    });
    $("theme-toggle").addEventListener("click", function () {
      const now = document.documentElement.getAttribute("data-theme") || "device";
      const next = now === "device" ? "light" : now === "light" ? "dark" : "device";
      applyTheme(next);
      store("fatesmith-theme", next);
    });
    $("me").addEventListener("change", function () {
      store("fatesmith-me", $("me").value);
      if (current) renderMine(current);
    });
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "visible") connect(); // a phone waking up
    });
    window.addEventListener("online", connect);
    window.addEventListener("pageshow", function (event) {
      if (event.persisted) connect();
    });
    setInterval(watch, 5000);
    connect();
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
