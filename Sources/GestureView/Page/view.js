"use strict";
const token = new URLSearchParams(location.search).get("token") || "";
const $ = (id) => document.getElementById(id);
const OWNERS = { forward: "forwarded to the desktop", hold: "held back from the desktop", consume: "consumed: the desktop does not see it" };
const OWNER_COLOURS = { forward: "#1a7f37", hold: "#bf8700", consume: "#8250df" };
const TOUCH = "#e4572e", TRAIL = "rgba(228,87,46,0.45)", LIVE_WINDOW = 10, LIVE_KEEP = 2000;

// What is shown: surfaces, the touches of each device's latest frame, trails, lanes, events.
let mode = "live";
const live = { surfaces: [], gestures: [], frames: new Map(), trails: new Map(), events: [], instances: new Map(), trace: [], palms: new Map(), claims: new Map(), now: 0 };
const rec = { doc: null, steps: [], index: 0, playing: false, started: 0, from: 0 };

function fmt(n, places) { return Number(n).toFixed(places); }
function key(device, id) { return device + ":" + id; }

// Instances of gestures from events, in order: first active, end, phase, reason, last line.
function instancesOf(events) {
  const byInstance = new Map();
  for (const e of events) {
    const m = e.message;
    if (!m || m.gesture === undefined) continue;
    let i = byInstance.get(m.instance);
    if (!i) { i = { gesture: m.gesture, instance: m.instance, start: m.time, end: null, phase: "possible", reason: null, text: "" }; byInstance.set(m.instance, i); }
    i.phase = m.phase; i.text = e.text || i.text;
    if (m.phase !== "active") { i.end = m.time; i.reason = m.reason || null; }
  }
  return [...byInstance.values()];
}

// What no event says, per gesture: when it watched touches (possible), the arena's decisions,
// and failures before it was announced (recordings only: the trace of the replay).
function traceLanes(trace, now) {
  const lanes = new Map(), winners = new Map();
  for (const t of trace) if (t.arena === "accepted") winners.set(t.touch, t.gesture);
  const lane = (g) => { if (!lanes.has(g)) lanes.set(g, { possible: [], marks: [], open: null }); return lanes.get(g); };
  for (const t of trace) {
    const l = lane(t.gesture);
    if (t.arena === "joined") { if (l.open === null) l.open = t.time; continue; }
    if (l.open !== null) { l.possible.push({ start: l.open, end: t.time }); l.open = null; }
    if (t.arena === "accepted") l.marks.push({ time: t.time, kind: "accepted", title: "won touch " + t.touch + "'s arena" });
    else if (t.arena === "rejected") l.marks.push({ time: t.time, kind: "rejected", title: "lost touch " + t.touch + "'s arena" + (winners.has(t.touch) ? " to " + winners.get(t.touch) : "") });
    else if (t.failed) l.marks.push({ time: t.time, kind: "unseen", reason: t.failed, title: "failed(" + t.failed + ") before any client saw it" });
  }
  for (const l of lanes.values()) if (l.open !== null) l.possible.push({ start: l.open, end: now });
  return lanes;
}

function drawLanes(gestures, instances, from, to, now, traced) {
  const names = [...gestures];
  for (const i of instances) if (!names.includes(i.gesture)) names.push(i.gesture);
  const span = Math.max(to - from, 1e-6);
  const x = (t) => Math.min(100, Math.max(0, (t - from) / span * 100));
  const lanes = $("lanes");
  lanes.replaceChildren();
  for (const name of names) {
    const lane = document.createElement("div");
    lane.className = "lane"; lane.dataset.gesture = name;
    const label = document.createElement("div"); label.className = "name"; label.textContent = name;
    const track = document.createElement("div"); track.className = "track";
    const last = document.createElement("div"); last.className = "last";
    let state = "possible";
    const t = traced && traced.get(name);
    let unseen = null, latest = null;
    for (const p of t ? t.possible : []) {
      const s = document.createElement("div");
      s.className = "span possible";
      s.style.left = x(p.start) + "%";
      s.style.width = Math.max(0, x(p.end) - x(p.start)) + "%";
      track.appendChild(s);
    }
    for (const m of t ? t.marks : []) {
      const mark = document.createElement("div");
      mark.className = "mark " + m.kind; mark.title = m.title; mark.style.left = x(m.time) + "%";
      if (m.reason) {
        mark.dataset.reason = m.reason;
        const r = document.createElement("span"); r.className = "reason"; r.textContent = m.reason; r.title = m.title;
        mark.appendChild(r);
        unseen = m;
      }
      track.appendChild(mark);
    }
    for (const i of instances.filter((i) => i.gesture === name)) {
      if (i.end !== null && i.end < from) continue;
      const s = document.createElement("div");
      s.className = "span " + i.phase;
      s.dataset.instance = i.instance;
      s.style.left = x(i.start) + "%";
      s.style.width = Math.max(0, x(i.end === null ? now : i.end) - x(i.start)) + "%";
      s.title = i.text;
      if (i.phase === "failed") {
        s.dataset.reason = i.reason || "";
        const r = document.createElement("span"); r.className = "reason"; r.textContent = i.reason || "failed"; r.title = i.text;
        s.appendChild(r);
      }
      track.appendChild(s);
      last.textContent = i.text.trim(); last.title = i.text;
      state = i.phase; latest = i.end === null ? now : i.end;
    }
    if (unseen && (latest === null || unseen.time > latest)) { state = "failed-unseen"; last.textContent = unseen.title; last.title = unseen.title; }
    lane.dataset.state = state;
    const cursor = document.createElement("div"); cursor.className = "cursor"; cursor.style.left = x(now) + "%";
    track.appendChild(cursor);
    label.title = name;
    lane.append(label, track, last);
    lanes.appendChild(lane);
  }
  declutter(lanes);
}

// A lane's labels never sit on each other, on another mark, or outside their track: each
// reason is written after its span or mark, else (a span's) inside it, else before it, else
// not at all (its mark's and
// span's titles still say it on hover, and the lane's last column says the latest). The reasons
// of failed instances, which clients saw, get their places first.
function declutter(lanes) {
  for (const track of lanes.querySelectorAll(".track")) {
    const edge = track.getBoundingClientRect();
    // Each mark's glyph: 6 px either side of its place.
    const glyphs = [...track.querySelectorAll(".mark")].map((m) => ({ mark: m, x: m.getBoundingClientRect().left }));
    const placed = [];
    const fits = (r) => {
      const box = r.getBoundingClientRect();
      if (box.left < edge.left || box.right > edge.right) return false;
      if (glyphs.some((g) => g.mark !== r.parentElement && g.x + 6 > box.left && g.x - 6 < box.right)) return false;
      return !placed.some((p) => p.left < box.right + 4 && box.left < p.right + 4);
    };
    const labels = [...track.querySelectorAll(".span .reason"), ...track.querySelectorAll(".mark .reason")];
    for (const r of labels) {
      const places = r.parentElement.classList.contains("span") ? ["inside", "before"] : ["before"];
      let place = null;
      while (!fits(r) && (place = places.shift())) {
        r.classList.remove("inside", "before");
        r.classList.add(place);
      }
      if (!fits(r)) { r.classList.remove("inside", "before"); r.hidden = true; continue; }
      placed.push(r.getBoundingClientRect());
    }
  }
}

function drawEvents(events) {
  const asJSON = $("json").checked, list = $("events");
  const wanted = events.filter((e) => e.text !== null);
  // Add to the list rather than rebuild it when only new lines came (live, playing forward).
  if (list.children.length > wanted.length || list.dataset.form !== String(asJSON)) list.replaceChildren();
  list.dataset.form = String(asJSON);
  for (let n = list.children.length; n < wanted.length; n++) {
    const li = document.createElement("li");
    li.textContent = asJSON ? wanted[n].json : wanted[n].text;
    list.appendChild(li);
  }
  if (mode === "live") list.scrollTop = list.scrollHeight;
}

// Surfaces stacked top to bottom at one scale; touches of each device's latest frame.
// A device of hello, device-added or device-changed as the page draws it: its size as positions
// are reported (turned), and how it is turned when it is (`turned 270° by sway (HEADLESS-1)`).
function surfaceOf(d) {
  const o = d.orientation;
  let turned = "";
  if (o) {
    turned = (o.rotation ? "turned " + o.rotation + "°" : "not turned") + (o.setBy && o.setBy !== "configuration" ? " by " + o.setBy + " (" + o.screen + ")" : "");
    if (o.follows) turned += ", following " + (o.output ? "output " + o.output : "the built-in screen");
  }
  return { device: d.id, name: d.name, width: d.size.width, height: d.size.height, turned };
}

function drawSurfaces(surfaces, frames, trails, palms, claims) {
  const canvas = $("canvas"), g = canvas.getContext("2d");
  const widest = Math.max(1, ...surfaces.map((s) => s.width));
  const scale = Math.min(4, (canvas.width - 20) / widest);
  const height = surfaces.reduce((h, s) => h + s.height * scale + 30, 10);
  if (Math.abs(canvas.height - height) > 1) canvas.height = Math.max(120, height);
  g.clearRect(0, 0, canvas.width, canvas.height);
  const layout = {};
  let y = 24;
  const list = $("touches");
  list.replaceChildren();
  for (const s of surfaces) {
    layout[s.device] = { x: 10, y, scale, width: s.width, height: s.height, turned: s.turned };
    g.fillStyle = "#555"; g.font = "12px sans-serif";
    g.fillText("dev" + s.device + "  " + s.name + "  " + fmt(s.width, 1) + " × " + fmt(s.height, 1) + " mm" + (s.turned ? "  " + s.turned : ""), 10, y - 8);
    g.strokeStyle = "#999"; g.lineWidth = 1; g.strokeRect(10, y, s.width * scale, s.height * scale);
    g.strokeStyle = TRAIL; g.lineWidth = 2;
    for (const [k, points] of trails) {
      if (!k.startsWith(s.device + ":") || points.length < 2) continue;
      g.beginPath();
      points.forEach((p, n) => n ? g.lineTo(10 + p.x * scale, y + p.y * scale) : g.moveTo(10 + p.x * scale, y + p.y * scale));
      g.stroke();
    }
    for (const p of (palms && palms.get(s.device)) || []) {
      // Left out by the touchpad's rules: drawn and listed, never a finger.
      const li = document.createElement("li");
      Object.assign(li.dataset, { device: s.device, id: p.id, x: p.x, y: p.y, phase: "left-out", why: p.why });
      li.className = "left-out";
      li.textContent = "dev" + s.device + "  #" + p.id + "  " + p.why + "  (" + fmt(p.x, 1) + ", " + fmt(p.y, 1) + ") mm";
      list.appendChild(li);
      const px = 10 + p.x * scale, py = y + p.y * scale;
      g.strokeStyle = "#6e7781"; g.lineWidth = 2; g.setLineDash([4, 3]);
      g.beginPath(); g.arc(px, py, 11, 0, 2 * Math.PI); g.stroke(); g.setLineDash([]);
      g.fillStyle = "#6e7781"; g.font = "11px sans-serif"; g.fillText(p.why, px + 13, py + 4);
    }
    const frame = frames.get(s.device);
    for (const c of frame ? frame.contacts : []) {
      const li = document.createElement("li");
      // On a device whose gestures consume: forwarded to the desktop, held back, or consumed.
      const owner = claims && claims.get(s.device) && claims.get(s.device).get(c.id);
      Object.assign(li.dataset, { device: s.device, id: c.id, x: c.x, y: c.y, phase: c.phase }, owner ? { owner } : {});
      li.textContent = "dev" + s.device + "  #" + c.id + "  " + c.phase + "  (" + fmt(c.x, 1) + ", " + fmt(c.y, 1) + ") mm" + (owner ? "  " + OWNERS[owner] : "");
      list.appendChild(li);
      if (c.phase === "ended" || c.phase === "cancelled") continue;
      const px = 10 + c.x * scale, py = y + c.y * scale;
      g.fillStyle = TOUCH; g.beginPath(); g.arc(px, py, 9, 0, 2 * Math.PI); g.fill();
      if (owner) { g.strokeStyle = OWNER_COLOURS[owner]; g.lineWidth = 3; g.beginPath(); g.arc(px, py, 13, 0, 2 * Math.PI); g.stroke(); }
      g.fillStyle = "#1d1d1f"; g.font = "bold 12px sans-serif"; g.fillText(String(c.id), px + 11, py - 9);
    }
    y += s.height * scale + 30;
  }
  canvas.dataset.layout = JSON.stringify(layout);
}

// ---- Recordings: everything up to the step's time, as `gesturectl replay` reports it.
function recordingAt(index) {
  const doc = rec.doc, now = rec.steps[index] ?? 0;
  const frames = new Map(), trails = new Map();
  for (const f of doc.frames) {
    if (f.time > now) break;
    frames.set(f.device, f);
    for (const c of f.contacts) {
      const k = key(f.device, c.id);
      if (c.phase === "began" || !trails.has(k)) trails.set(k, []);
      trails.get(k).push({ x: c.x, y: c.y });
    }
  }
  const events = doc.events.filter((e) => e.time <= now);
  const trace = doc.trace.filter((t) => t.time <= now);
  const palms = new Map();
  for (const p of doc.palms) if (p.time <= now) palms.set(p.device, p.contacts);
  return { now, frames, trails, events, trace, palms };
}

function showRecording() {
  if (!rec.doc) return;
  const at = recordingAt(rec.index);
  $("scrub").value = rec.index;
  $("clock").textContent = fmt(at.now, 3) + " s";
  $("status").textContent = "recording " + rec.doc.files.join(", ") + ": step " + (rec.index + 1) + " of " + rec.steps.length;
  drawSurfaces(rec.doc.surfaces, at.frames, at.trails, at.palms);
  drawLanes(rec.doc.gestures, instancesOf(at.events), 0, Math.max(rec.doc.duration, 0.001), at.now, traceLanes(at.trace, at.now));
  drawEvents(at.events);
}

// A recording made with the Record button: offered for saving, with its transcript.
function offer(id, text, name) {
  const link = $(id);
  if (link.href.startsWith("blob:")) URL.revokeObjectURL(link.href);
  link.hidden = text === undefined;
  if (text === undefined) return;
  link.href = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
  link.download = name;
}

async function recordLive() {
  const device = $("record-device").value, seconds = $("record-seconds").value;
  if (!device) { $("error").textContent = "no device to record"; return; }
  $("error").textContent = "";
  $("status").textContent = "recording dev" + device + " for " + seconds + " s: touch it now";
  $("record").disabled = true;
  try {
    const response = await fetch("/record?token=" + encodeURIComponent(token) + "&device=" + device + "&seconds=" + seconds, { method: "POST" });
    const body = await response.json().catch(() => ({ error: response.statusText }));
    if (!response.ok) { $("error").textContent = body.error; $("status").textContent = $("status").dataset.live || ""; return; }
    loadRecording(body);
  } finally {
    $("record").disabled = false;
  }
}

function loadRecording(doc) {
  const name = doc.files[0] || "recording.yml";
  offer("save-recording", doc.recording, name);
  offer("save-transcript", doc.transcript, name + ".expected.jsonl");
  for (const e of doc.events) e.message = JSON.parse(e.json);
  rec.doc = doc;
  const times = new Set(doc.frames.map((f) => f.time).concat(doc.events.map((e) => e.time), doc.palms.map((p) => p.time)));
  rec.steps = [...times].sort((a, b) => a - b);
  rec.index = 0; rec.playing = false;
  $("scrub").max = Math.max(0, rec.steps.length - 1);
  $("files").textContent = doc.warnings.join("; ");
  $("events").replaceChildren();
  setMode("replay");
}

function step(delta) { rec.playing = false; rec.index = Math.min(rec.steps.length - 1, Math.max(0, rec.index + delta)); showRecording(); }

function tick(stamp) {
  if (!rec.playing || mode !== "replay") return;
  if (!rec.started) rec.started = stamp;
  const t = rec.from + (stamp - rec.started) / 1000;
  while (rec.index < rec.steps.length - 1 && rec.steps[rec.index + 1] <= t) rec.index++;
  showRecording();
  if (rec.index >= rec.steps.length - 1) rec.playing = false; else requestAnimationFrame(tick);
}

async function postRecording(file) {
  $("error").textContent = "";
  const response = await fetch("/replay?token=" + encodeURIComponent(token) + "&name=" + encodeURIComponent(file.name), { method: "POST", body: await file.text() });
  const body = await response.json().catch(() => ({ error: response.statusText }));
  if (!response.ok) { $("error").textContent = body.error; return; }
  loadRecording(body);
}

// ---- Live: the daemon's messages through the view's WebSocket.
function showLive() {
  const select = $("record-device"), ids = live.surfaces.map((s) => String(s.device));
  if ([...select.options].map((o) => o.value).join() !== ids.join()) {
    select.replaceChildren(...live.surfaces.map((s) => new Option("dev" + s.device + " " + s.name, String(s.device))));
  }
  drawSurfaces(live.surfaces, live.frames, live.trails, live.palms, live.claims);
  drawLanes(live.gestures, [...live.instances.values()], live.now - LIVE_WINDOW, live.now, live.now, traceLanes(live.trace, live.now));
  drawEvents(live.events);
}

// Live messages come at the touchscreen's rate: the page is drawn once per display frame
// with what came since, never once per message (a page open for long would fall behind).
let liveDrawing = false;
function drawLiveSoon() {
  if (mode !== "live" || liveDrawing) return;
  liveDrawing = true;
  requestAnimationFrame(() => { liveDrawing = false; if (mode === "live") showLive(); });
}

function onLive(m) {
  if (m.view === "trial") { $("trial").textContent = m.text; return; }
  if (m.view === "stroke") { strokeRecorded(m); return; }
  if (m.message && m.message.gesture !== undefined) offerCandidate(m.message);
  if (m.view === "action") {
    // What the actions file runs for an event: listed after it.
    live.events.push({ time: live.now, json: m.text, text: m.text, message: null });
    drawLiveSoon();
    return;
  }
  if (m.view === "status") { $("status").dataset.live = m.text; if (mode === "live") $("status").textContent = m.text; return; }
  const e = m.message;
  switch (e.event) {
    case "hello":
      live.surfaces = e.devices.map(surfaceOf);
      live.gestures = e.gestures || []; live.frames.clear(); live.trails.clear(); live.instances.clear(); live.trace = []; live.palms.clear(); live.claims.clear();
      break;
    case "device-added":
      live.surfaces = live.surfaces.filter((s) => s.device !== e.device.id).concat([surfaceOf(e.device)]);
      break;
    case "device-changed":
      // Turned with its screen: drawn the new way round, its old trails gone (they were the old way's).
      live.surfaces = live.surfaces.map((s) => (s.device === e.device.id ? surfaceOf(e.device) : s));
      live.frames.delete(e.device.id); live.palms.delete(e.device.id); live.claims.delete(e.device.id);
      for (const k of [...live.trails.keys()]) if (k.startsWith(e.device.id + ":")) live.trails.delete(k);
      break;
    case "device-removed":
      live.surfaces = live.surfaces.filter((s) => s.device !== e.device); live.frames.delete(e.device); live.palms.delete(e.device); live.claims.delete(e.device);
      break;
    case "claims":
      live.claims.set(e.device, new Map(e.contacts.map((c) => [c.id, c.owner])));
      drawLiveSoon();
      return;
    case "left-out":
      live.palms.set(e.device, e.contacts);
      drawLiveSoon();
      return;
    case "trace":
      // Why gestures fired or not: kept for the lanes' window, not listed.
      live.now = Math.max(live.now, e.time);
      for (const entry of e.entries) live.trace.push(Object.assign({ time: e.time }, entry));
      while (live.trace.length && live.trace[0].time < live.now - LIVE_WINDOW) live.trace.shift();
      drawLiveSoon();
      return;
    case "config-reloaded":
      live.gestures = e.gestures || live.gestures;
      break;
    case "touches":
      live.now = Math.max(live.now, e.time);
      live.frames.set(e.device, e);
      for (const c of e.contacts) {
        const k = key(e.device, c.id);
        if (c.phase === "began" || !live.trails.has(k)) live.trails.set(k, []);
        const trail = live.trails.get(k); trail.push({ x: c.x, y: c.y });
        if (trail.length > 256) trail.shift();
        if (c.phase === "ended" || c.phase === "cancelled") live.trails.delete(k);
      }
      break;
  }
  if (e.gesture !== undefined) {
    live.now = Math.max(live.now, e.time);
    const known = live.instances.get(e.instance);
    const i = known || { gesture: e.gesture, instance: e.instance, start: e.time, end: null, phase: "possible", reason: null, text: "" };
    i.phase = e.phase; i.text = m.text || i.text;
    if (e.phase !== "active") { i.end = e.time; i.reason = e.reason || null; }
    live.instances.set(e.instance, i);
    for (const [n, old] of live.instances) if (old.end !== null && old.end < live.now - LIVE_WINDOW) live.instances.delete(n);
  }
  live.events.push({ time: e.time, json: m.json, text: m.text, message: e });
  if (live.events.length > LIVE_KEEP) { live.events.splice(0, live.events.length - LIVE_KEEP); $("events").replaceChildren(); }
  drawLiveSoon();
}

function connect() {
  const socket = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/live?token=" + encodeURIComponent(token));
  socket.onmessage = (message) => onLive(JSON.parse(message.data));
  socket.onclose = (event) => {
    const text = "the view's connection closed" + (event.reason ? " (" + event.reason + ")" : "") + "; reconnecting";
    $("status").dataset.live = text; if (mode === "live") $("status").textContent = text;
    setTimeout(connect, 1000);
  };
}

function setMode(next) {
  mode = next;
  $("mode-live").classList.toggle("on", mode === "live");
  $("mode-replay").classList.toggle("on", mode === "replay");
  $("controls").hidden = mode !== "replay";
  $("recorder").hidden = mode !== "live";
  $("events").replaceChildren();
  if (mode === "live") { $("status").textContent = $("status").dataset.live || "connecting…"; showLive(); }
  else if (rec.doc) showRecording();
  else $("status").textContent = "open a recording, or drop one on the page";
}

$("mode-live").onclick = () => setMode("live");
$("mode-replay").onclick = () => setMode("replay");
$("json").onchange = () => (mode === "live" ? showLive() : showRecording());
$("scrub").oninput = () => { rec.playing = false; rec.index = Number($("scrub").value); showRecording(); };
$("prev").onclick = () => step(-1);
$("next").onclick = () => step(1);
$("pause").onclick = () => { rec.playing = false; };
$("play").onclick = () => {
  if (!rec.doc) return;
  if (rec.index >= rec.steps.length - 1) rec.index = 0;
  rec.playing = true; rec.started = 0; rec.from = rec.steps[rec.index] ?? 0;
  requestAnimationFrame(tick);
};
$("record").onclick = recordLive;
$("file").onchange = () => { if ($("file").files[0]) postRecording($("file").files[0]); };
document.addEventListener("dragover", (event) => { event.preventDefault(); $("drop").classList.add("shown"); });
document.addEventListener("dragleave", (event) => { if (event.target === $("drop")) $("drop").classList.remove("shown"); });
document.addEventListener("drop", (event) => {
  event.preventDefault(); $("drop").classList.remove("shown");
  if (event.dataTransfer.files[0]) postRecording(event.dataTransfer.files[0]);
});

(async () => {
  setMode("live");
  connect();
  const response = await fetch("/recordings?token=" + encodeURIComponent(token));
  const doc = await response.json();
  if (doc.files.length) loadRecording(doc);
})();
