"use strict";
// The Actions panel (issue 51): the user's actions file listed, added to by doing the gesture,
// tried, saved, undone, imported into. view.js's live messages call offerCandidate and
// strokeRecorded; the server (ViewActionsDesk) does the reading and writing.
const panel = { version: null, adding: false, trying: false, candidates: [], exactly: null, keys: "", consumeTouched: false };
const post = async (verb, body) => {
  const response = await fetch("/actions/" + verb + "?token=" + encodeURIComponent(token), { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const answer = await response.json().catch(() => ({ error: response.statusText }));
  if (!response.ok) throw Object.assign(new Error(answer.error), { status: response.status });
  return answer;
};
// A refusal said; one because the file changed on disk (409) shows the file as it is now, so
// that the next save is made against it (issue 60).
async function refused(error) {
  note(error.message, false);
  if (error.status === 409) await loadActions();
}

function showActions(list) {
  panel.version = list.version;
  $("actions-box").hidden = false;
  $("actions-path").textContent = list.shown + (list.exists ? "" : " (not written yet)");
  showApps(list);
  $("undo").hidden = !list.undo;
  const items = list.actions.map((a) => {
    const li = document.createElement("li");
    li.dataset.line = a.line;
    li.textContent = a.text;
    if (a.consumes) { const tag = document.createElement("span"); tag.className = "tag"; tag.textContent = "consumes"; li.appendChild(tag); }
    for (const text of a.mistakes) { const m = document.createElement("div"); m.className = "mistake"; m.textContent = text; li.appendChild(m); }
    if (list.added === a.line) li.classList.add("added");
    return li;
  });
  const shown = new Set(list.actions.flatMap((a) => a.mistakes));
  for (const text of list.mistakes.filter((t) => !shown.has(t))) { const li = document.createElement("li"); li.className = "mistake"; li.textContent = text; items.push(li); }
  if (!items.length) { const li = document.createElement("li"); li.textContent = "no actions yet: add one by doing its gesture"; items.push(li); }
  $("actions-list").replaceChildren(...items);
}

// The file as the server reads it now (GET /actions), or null (409: started with recordings or
// --no-actions).
async function readActions() {
  const response = await fetch("/actions?token=" + encodeURIComponent(token));
  return response.ok ? response.json() : null;
}

async function loadActions() {
  const list = await readActions();
  if (list) showActions(list);
}

function note(text, ok) { $("actions-note").textContent = text; $("actions-note").className = ok ? "ok" : "mistake"; }

// What a value says, in words, for "this one exactly".
function described(v) {
  const fingers = (v.fingers || 1) + " finger" + ((v.fingers || 1) === 1 ? "" : "s");
  switch (v.kind) {
    case "swipe": return "a swipe " + v.direction + " with " + fingers;
    case "edgeSwipe": return "an edge swipe from the " + v.edge + " edge with " + fingers;
    case "tap": return (v.count || 1) + " tap" + ((v.count || 1) === 1 ? "" : "s") + " with " + fingers;
    case "hold": return "a hold with " + fingers;
    case "drag": return "a drag with " + fingers;
    case "magnify": return "a pinch with " + fingers;
    case "rotate": return "a rotation with " + fingers;
    case "stroke": return "the stroke " + v.name;
    default: return null;
  }
}

// The applications in front when gestures ended (the desktop says which), offered for `when:`.
function showApps(list) {
  $("apps").replaceChildren(...list.apps.map((app) => Object.assign(document.createElement("option"), { value: app })));
  $("apps-note").textContent = !list.desktop ? "(no desktop here to say which application is in front: type its name)"
    : list.apps.length ? "in front when a gesture ended: " + list.apps.join(", ") : "(do the gesture in the application to have it offered here)";
}
async function refreshApps() {
  const list = await readActions();
  if (list) showApps(list);
}

function offerCandidate(e) {
  if (!panel.adding || e.phase !== "ended" || e.snapshot) return;
  refreshApps();
  // Drawn again only when something new is offered (a choice being clicked stays put).
  const known = panel.candidates.some((c) => c.gesture === e.gesture);
  if (!known) panel.candidates.push({ id: "gesture " + e.gesture, text: e.gesture, gesture: e.gesture });
  const first = !panel.exactly && e.value && described(e.value);
  if (first) panel.exactly = e.value;
  if (known && !first) return;
  drawCandidates(null);
}

// The choices: the gestures that ended, "this one exactly", the shapes recorded here.
function drawCandidates(pick) {
  const choices = panel.candidates.filter((c) => c.gesture);
  if (panel.exactly) choices.push({ id: "exactly", text: "this one exactly: " + described(panel.exactly), exactly: panel.exactly });
  for (const c of panel.candidates) if (c.exactly) choices.push(c);
  const picked = pick || (document.querySelector("#candidates input:checked") || {}).value || choices[0].id;
  $("candidates").replaceChildren(...choices.map((c) => {
    const label = document.createElement("label");
    const input = document.createElement("input");
    input.type = "radio"; input.name = "candidate"; input.value = c.id; input.checked = c.id === picked;
    input.onchange = checkDraft;
    label.append(input, " " + c.text);
    return label;
  }));
  $("adder-step").textContent = "Pick what you did (do it again to see more), then what it does:";
  $("does").hidden = false;
  checkDraft();
}

function draft() {
  const picked = (document.querySelector("#candidates input:checked") || {}).value;
  if (!picked) return null;
  const action = {};
  const chosen = panel.candidates.find((c) => c.id === picked);
  if (picked === "exactly") action.exactly = panel.exactly;
  else if (chosen && chosen.exactly) action.exactly = chosen.exactly;
  else action.gesture = picked.slice("gesture ".length);
  const kind = $("does-kind").value;
  if (kind === "keys") action.keys = panel.keys || null;
  if (kind === "shell") action.shell = $("does-shell").value || null;
  if (kind === "window") action.window = $("does-window").value;
  if ($("when-app").value.trim()) action.app = $("when-app").value.trim();
  if (panel.consumeTouched) action.consume = $("consume").checked;
  return action;
}

let checking = 0;
async function checkDraft() {
  const action = draft();
  if (!action) return;
  const mine = ++checking;
  $("save").disabled = true; $("try").disabled = true;
  try {
    const answer = await post("check", { action });
    if (mine !== checking) return;
    $("draft-yaml").textContent = answer.yaml;
    $("draft-check").replaceChildren(...[answer.text].concat(answer.mistakes).map((text, index) => {
      const div = document.createElement("div"); div.textContent = text; if (index) div.className = "mistake"; return div;
    }), ...(answer.others || []).map((text) => Object.assign(document.createElement("div"), { className: "also", textContent: "also runs: " + text })));
    panel.others = answer.others || [];
    if (!panel.consumeTouched) $("consume").checked = answer.consumes;
    $("consume-note").textContent = $("consume").checked
      ? "Consumed: while you do this gesture, the desktop and its applications do not see those fingers."
      : "Not consumed: the desktop and its applications see those fingers too (a touchpad's swipe may also scroll or switch).";
    $("save").disabled = answer.mistakes.length > 0; $("try").disabled = answer.mistakes.length > 0;
  } catch (error) {
    if (mine !== checking) return;
    $("draft-yaml").textContent = "";
    $("draft-check").replaceChildren(Object.assign(document.createElement("div"), { className: "mistake", textContent: error.message }));
  }
}

// A drawing of the shape being recorded: said; with the last, the shape is offered to bind.
function strokeRecorded(m) {
  $("stroke-status").textContent = m.text;
  if (!m.value || !panel.adding) return;
  $("stroke-record").disabled = false;
  const id = "stroke " + m.name;
  panel.candidates = panel.candidates.filter((c) => c.id !== id).concat([{ id, text: "the shape " + m.name + ", just recorded", exactly: m.value }]);
  drawCandidates(id);
}

$("stroke-record").onclick = async () => {
  try {
    const answer = await post("stroke", { name: $("stroke-name").value.trim() });
    $("stroke-status").textContent = "draw " + answer.recording + " with one finger (1 of " + answer.times + ")";
    $("stroke-record").disabled = true;
  } catch (error) { $("stroke-status").textContent = error.message; }
};

function startAdding() {
  Object.assign(panel, { adding: true, candidates: [], exactly: null, keys: "", consumeTouched: false });
  $("candidates").replaceChildren(); $("draft-yaml").textContent = ""; $("draft-check").replaceChildren(); $("trial").textContent = "";
  $("does-keys").value = ""; $("does-shell").value = ""; $("when-app").value = ""; $("does-kind").value = "keys"; $("stroke-status").textContent = "";
  showKind();
  $("adder-step").textContent = "Do the gesture now, on a touchscreen or a touchpad: the gestures that end are offered here.";
  $("does").hidden = true; $("adder").hidden = false; $("importer").hidden = true; note("");
}

function stopAdding() {
  panel.adding = false; $("adder").hidden = true;
  if (panel.trying) { panel.trying = false; post("try", { action: null }).catch(() => {}); }
  if ($("stroke-record").disabled) { $("stroke-record").disabled = false; post("stroke", { name: null }).catch(() => {}); }
}

// A key press as gestured names it: modifiers, then the key's xkb name (docs/ACTIONS.md, "Keys").
const KEY_NAMES = { ArrowLeft: "Left", ArrowRight: "Right", ArrowUp: "Up", ArrowDown: "Down", Enter: "Return", Backspace: "BackSpace",
  PageUp: "Page_Up", PageDown: "Page_Down", " ": "space", Escape: "Escape", Tab: "Tab", Delete: "Delete", Insert: "Insert", Home: "Home", End: "End",
  PrintScreen: "Print", AudioVolumeUp: "XF86AudioRaiseVolume", AudioVolumeDown: "XF86AudioLowerVolume", AudioVolumeMute: "XF86AudioMute",
  MediaPlayPause: "XF86AudioPlay", MediaTrackNext: "XF86AudioNext", MediaTrackPrevious: "XF86AudioPrev", BrightnessUp: "XF86MonBrightnessUp", BrightnessDown: "XF86MonBrightnessDown",
  MediaStop: "XF86AudioStop", MediaPlay: "XF86AudioPlay", MediaPause: "XF86AudioPause", MicrophoneVolumeMute: "XF86AudioMicMute", Eject: "XF86Eject",
  BrowserBack: "XF86Back", BrowserForward: "XF86Forward", BrowserRefresh: "XF86Reload", BrowserHome: "XF86HomePage", BrowserSearch: "XF86Search",
  LaunchMail: "XF86Mail", LaunchApplication2: "XF86Calculator", ContextMenu: "Menu", CapsLock: "Caps_Lock", NumLock: "Num_Lock",
  ScrollLock: "Scroll_Lock", Pause: "Pause", PowerOff: "XF86PowerOff", Sleep: "XF86Sleep" };
const MODIFIERS = { Control: "ctrl", Alt: "alt", Shift: "shift", Meta: "super", OS: "super", AltGraph: "altgr" };
function chord(event) {
  const mods = [];
  if (event.ctrlKey) mods.push("ctrl");
  if (event.altKey) mods.push("alt");
  if (event.metaKey) mods.push("super");
  // The keypad by its own xkb names (KP_1, KP_Add), whatever Num Lock makes of it; Space is
  // `space`, not " " (issue 60).
  const pad = /^Numpad(\d|Add|Subtract|Multiply|Divide|Enter|Decimal|Equal)$/.exec(event.code || "");
  let name = pad ? "KP_" + pad[1] : KEY_NAMES[event.key] || event.key;
  if (!pad && !KEY_NAMES[event.key] && event.key.length === 1) name = event.key.toLowerCase() === event.key.toUpperCase() ? event.key : event.key.toLowerCase();
  if (event.shiftKey && (event.key.length > 1 || event.key.toLowerCase() !== event.key.toUpperCase())) mods.push("shift");
  return mods.concat([name]).join("+");
}
$("does-keys").addEventListener("keydown", (event) => {
  event.preventDefault();
  if (MODIFIERS[event.key]) { $("does-keys").value = "…" ; $("does-keys").dataset.held = MODIFIERS[event.key]; return; }
  $("does-keys").dataset.held = "";
  panel.keys = chord(event);
  $("does-keys").value = panel.keys;
  // A dead key (or one the browser cannot name): its place, named on the user's layout by the
  // view (dead_acute, dead_circumflex), with the modifiers held.
  if (event.key === "Dead" || event.key === "Unidentified") {
    const mods = panel.keys.split("+").slice(0, -1);
    post("key", { code: event.code }).then((answer) => {
      panel.keys = mods.concat([answer.name]).join("+"); $("does-keys").value = panel.keys; checkDraft();
    }, (error) => { $("does-keys").value = ""; $("draft-check").replaceChildren(Object.assign(document.createElement("div"), { className: "mistake", textContent: error.message })); });
    return;
  }
  checkDraft();
});
$("does-keys").addEventListener("keyup", (event) => {
  // A modifier pressed and let go alone (super, to open a launcher).
  if (MODIFIERS[event.key] && $("does-keys").dataset.held === MODIFIERS[event.key]) {
    panel.keys = MODIFIERS[event.key]; $("does-keys").value = panel.keys; $("does-keys").dataset.held = ""; checkDraft();
  }
});
// The field of what the action does: keys, a command or a window action.
function showKind() {
  for (const kind of ["keys", "shell", "window"]) $("does-" + kind).hidden = $("does-kind").value !== kind;
}
$("does-kind").onchange = () => { showKind(); checkDraft(); };
$("does-shell").oninput = checkDraft;
$("does-window").onchange = checkDraft;
$("when-app").oninput = checkDraft;
$("consume").onchange = () => { panel.consumeTouched = true; checkDraft(); };
$("add").onclick = startAdding;
$("cancel").onclick = stopAdding;
$("try").onclick = async () => {
  try {
    const answer = await post("try", { action: draft() });
    panel.trying = true;
    $("trial").textContent = "trying " + answer.gesture + ": do it again; what it does then is said here, and nothing runs";
  } catch (error) { $("trial").textContent = error.message; }
};
// After a change: whether the running gesturectl actions has read the file as it is now (it
// says so in its status, RunnerStatus), asked again for a few seconds.
async function followRunner(said, version) {
  for (let tries = 0; tries < 40; tries++) {
    const list = await readActions();
    if (!list || list.version !== version) return;
    const runners = list.runners || [];
    if (!runners.length) { note(said + "; no gesturectl actions runs this file now: start it (systemctl --user start gestured-actions)", true); return; }
    const current = runners.find((r) => r.current);
    if (current) {
      note(said + "; gesturectl actions (pid " + current.pid + ") has read it" + (current.mistake ? " and keeps its previous actions: " + current.mistake : ": " + current.actions + " action" + (current.actions === 1 ? "" : "s") + " run"), !current.mistake);
      return;
    }
    note(said + "; waiting for gesturectl actions (pid " + runners[0].pid + ") to read it…", true);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  note(said + "; gesturectl actions has not read it yet", false);
}

$("save").onclick = async () => {
  // A second action on a gesture runs beside the first, every time: asked, not assumed.
  if (panel.others && panel.others.length && !confirm("This gesture already runs:\n" + panel.others.join("\n") + "\n\nAdd this action too, so both run?")) {
    note("nothing was saved: the gesture already has an action", false);
    return;
  }
  try {
    const list = await post("save", { version: panel.version, action: draft() });
    stopAdding();
    showActions(list);
    const said = "saved at line " + list.added + " of " + list.shown + (list.mistakes.length ? "" : ", no mistakes");
    note(said, list.mistakes.length === 0);
    followRunner(said, list.version);
  } catch (error) { await refused(error); }
};
$("undo").onclick = async () => {
  try {
    const list = await post("undo", { version: panel.version });
    showActions(list);
    note("the last save is undone", true);
    followRunner("the last save is undone", list.version);
  } catch (error) { await refused(error); }
};
let importing = null;
async function importFile(file, accept) {
  const answer = await post("import", { name: file.name, text: file.text, accept, version: panel.version });
  if (accept) {
    showActions(answer);
    const said = answer.count ? "added " + answer.count + " imported action" + (answer.count === 1 ? "" : "s") : "nothing added: the file has every action of " + file.name + " already";
    note(said, true); $("importer").hidden = true;
    followRunner(said, answer.version);
    return;
  }
  $("import-what").textContent = file.name + " (" + answer.format + ") makes " + answer.count + " action" + (answer.count === 1 ? "" : "s") + ":";
  $("import-yaml").textContent = answer.yaml;
  $("import-notes").replaceChildren(...answer.notes.map((text) => Object.assign(document.createElement("li"), { textContent: text })));
  // A gesture on the same fingers as one the file acts on: both would run, so it is said first.
  $("import-clashes").replaceChildren(...answer.clashes.map((text) => Object.assign(document.createElement("li"), { textContent: text })));
  $("import-clashes").hidden = answer.clashes.length === 0;
  $("importer").hidden = false; stopAdding();
}
async function pickImport(file) {
  importing = { name: file.name, text: await file.text() };
  try { await importFile(importing, false); } catch (error) { note(error.message, false); }
}
$("import-file").onchange = () => { if ($("import-file").files[0]) pickImport($("import-file").files[0]); $("import-file").value = ""; };
$("import-accept").onclick = async () => { try { await importFile(importing, true); } catch (error) { await refused(error); } };
$("import-cancel").onclick = () => { $("importer").hidden = true; };
// Another tool's file dropped on the panel is imported, not replayed.
$("actions-box").addEventListener("drop", (event) => {
  event.preventDefault(); event.stopPropagation(); $("drop").classList.remove("shown");
  if (event.dataTransfer.files[0]) pickImport(event.dataTransfer.files[0]);
});

loadActions();
