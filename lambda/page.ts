/**
 * GET /: one self-contained page (no CDN, nothing fetched but the API itself) to edit a board,
 * solve it and watch the solution played. The position lives in the page's URL so it can be
 * shared. Kept as a string so the function serves it from memory.
 */
import { DEFAULT_GOAL, KNIGHTS_GOALS } from '../core/knights/goals';

/** The page, with the default knights goal from the registry. */
export function pageHtml(): string {
  return PAGE_TEMPLATE.replace('__GOAL__', KNIGHTS_GOALS.get(DEFAULT_GOAL)!.board);
}

/** Inline script and style only; the page talks to nothing but this origin. */
export const PAGE_SECURITY_POLICY =
  "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const PAGE_TEMPLATE = String.raw`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>tablebase</title>
<style>
  :root { --cell: min(13vw, 56px); --ink: #1d2433; --muted: #5b6478; --accent: #2f6fde; --bad: #b3261e; }
  * { box-sizing: border-box; }
  body { margin: 0; font: 16px/1.45 system-ui, sans-serif; color: var(--ink); background: #f6f7fb; }
  main { max-width: 980px; margin: 0 auto; padding: 16px; }
  h1 { font-size: 1.5rem; margin: 0 0 4px; }
  h2 { font-size: 1.15rem; margin: 0 0 8px; }
  p.lead { margin: 0 0 16px; color: var(--muted); }
  section { background: #fff; border-radius: 12px; padding: 16px; margin-bottom: 16px; box-shadow: 0 1px 3px #0002; }
  .row { display: flex; flex-wrap: wrap; gap: 16px; align-items: flex-start; }
  .board { display: grid; gap: 3px; background: #c9cfdc; padding: 3px; border-radius: 8px; width: max-content; }
  .board.k { grid-template-columns: repeat(5, var(--cell)); }
  .board.e { grid-template-columns: repeat(3, var(--cell)); }
  .board.small { --cell: min(7vw, 28px); }
  .board button, .board span { width: var(--cell); height: var(--cell); border: 0; border-radius: 5px; font-size: calc(var(--cell) * 0.5); display: grid; place-items: center; padding: 0; }
  .board button { cursor: pointer; }
  .board button:focus-visible { outline: 3px solid var(--accent); outline-offset: 1px; }
  .w { background: #fdfdfd; color: #222; }
  .b { background: #2b2f3a; color: #fff; }
  .h { background: #e7ebf3; color: transparent; }
  .t { background: #ffe9b8; color: #5a3b00; font-weight: 600; }
  .x { background: #e7ebf3; color: transparent; }
  .sel { outline: 3px solid var(--accent); }
  .controls { display: flex; flex-wrap: wrap; gap: 8px; margin-top: 10px; }
  .controls button { font: inherit; padding: 6px 12px; border-radius: 8px; border: 1px solid #b8c0d0; background: #fff; cursor: pointer; }
  .controls button.primary { background: var(--accent); color: #fff; border-color: var(--accent); }
  .controls button:disabled { opacity: .5; cursor: default; }
  .status { margin-top: 8px; min-height: 1.4em; }
  .status.bad { color: var(--bad); }
  .answer { font-family: ui-monospace, monospace; word-break: break-all; }
  label { display: block; font-size: .9rem; color: var(--muted); margin-bottom: 4px; }
</style>
</head>
<body>
<main>
  <h1>tablebase</h1>
  <p class="lead">Perfect answers, computed once by breadth-first search. Click the boards to edit them, then solve.</p>

  <section aria-labelledby="kh">
    <h2 id="kh">Knights (SCOI 2005)</h2>
    <p>Click a cell to cycle it: white knight, black knight, empty. The goal is 12 white, 12 black and one empty square.</p>
    <div class="row">
      <div><label>Board</label><div class="board k" id="kboard" role="group" aria-label="knights board"></div></div>
      <div><label>Goal (standard)</label><div class="board k small" id="kgoal" aria-label="goal board"></div></div>
    </div>
    <div class="status" id="kcount" aria-live="polite"></div>
    <div class="controls">
      <button class="primary" id="ksolve">Solve</button>
      <button id="kplay" disabled>Play</button>
      <button id="kstep" disabled>Step</button>
      <button id="kreset" disabled>Reset</button>
    </div>
    <div class="status" id="kstatus" aria-live="polite"></div>
  </section>

  <section aria-labelledby="eh">
    <h2 id="eh">Eight II (HDU 3567)</h2>
    <p>Click two cells of a board to swap them. The answer is the shortest, and among those the alphabetically first, moves of the blank (d, l, r, u).</p>
    <div class="row">
      <div><label>From</label><div class="board e" id="efrom" role="group" aria-label="from board"></div></div>
      <div><label>To</label><div class="board e" id="eto" role="group" aria-label="to board"></div></div>
    </div>
    <div class="controls">
      <button class="primary" id="esolve">Solve</button>
      <button id="eplay" disabled>Play</button>
      <button id="estep" disabled>Step</button>
      <button id="ereset" disabled>Reset</button>
    </div>
    <div class="status" id="estatus" aria-live="polite"></div>
  </section>
</main>
<script>
"use strict";
var GOAL = "__GOAL__";
var params = new URLSearchParams(location.search);
var k = { board: clean(params.get("board"), /^[01*]{25}$/, "10110" + "01*11" + "10111" + "01001" + "00000"), path: [], at: 0, start: null, timer: null };
var e = { from: clean(params.get("from"), /^[1-8X]{9}$/, "12X453786"), to: clean(params.get("to"), /^[1-8X]{9}$/, "12345678X"), path: "", at: 0, start: null, timer: null, picked: null };

function clean(value, pattern, fallback) { var v = (value || "").replace(/\//g, ""); return pattern.test(v) ? v : fallback; }
function $(id) { return document.getElementById(id); }
function saveUrl() {
  var q = new URLSearchParams({ board: rows(k.board), from: e.from, to: e.to });
  history.replaceState(null, "", "?" + q.toString());
}
function rows(b) { return b.match(/.{5}/g).join("/"); }
function say(id, text, bad) { var s = $(id); s.textContent = text; s.className = "status" + (bad ? " bad" : ""); }
async function ask(path) {
  var response = await fetch(path);
  var body = await response.json().catch(function () { return { error: "The server answered " + response.status + "." }; });
  if (!response.ok) throw new Error(body.error || ("The server answered " + response.status + "."));
  return body;
}

/* Knights */
var NAMES = { "0": "white knight", "1": "black knight", "*": "empty" };
function drawKnights() {
  var board = $("kboard"); board.textContent = "";
  for (var i = 0; i < 25; i++) {
    var c = k.board[i], b = document.createElement("button");
    b.className = c === "0" ? "w" : c === "1" ? "b" : "h";
    b.textContent = c === "*" ? "" : "\u265E";
    b.dataset.cell = String(i);
    b.setAttribute("aria-label", "cell " + i + ": " + NAMES[c]);
    b.addEventListener("click", cycle);
    board.appendChild(b);
  }
  var whites = count(k.board, "0"), blacks = count(k.board, "1"), holes = count(k.board, "*");
  var ok = whites === 12 && blacks === 12 && holes === 1;
  say("kcount", whites + " white, " + blacks + " black, " + holes + " empty" + (ok ? "" : " \u2014 a board needs 12, 12 and 1."), !ok);
  $("ksolve").disabled = !ok;
}
function drawGoal() {
  var g = $("kgoal"); g.textContent = "";
  for (var i = 0; i < 25; i++) { var s = document.createElement("span"); s.className = GOAL[i] === "0" ? "w" : GOAL[i] === "1" ? "b" : "h"; s.textContent = GOAL[i] === "*" ? "" : "\u265E"; g.appendChild(s); }
}
function count(s, ch) { return s.split(ch).length - 1; }
function cycle(event) {
  knightsPlayer.stop(); k.path = []; k.start = null; knightsPlayer.buttons();
  var i = Number(event.currentTarget.dataset.cell), next = { "0": "1", "1": "*", "*": "0" }[k.board[i]];
  k.board = k.board.slice(0, i) + next + k.board.slice(i + 1);
  drawKnights(); saveUrl(); say("kstatus", "");
  var again = document.querySelector('#kboard [data-cell="' + i + '"]'); if (again) again.focus();
}
async function solveKnights() {
  knightsPlayer.stop(); say("kstatus", "Solving\u2026");
  try {
    var a = await ask("/knights?board=" + encodeURIComponent(rows(k.board)));
    k.start = k.board; k.path = a.path; k.at = 0;
    if (a.steps < 0) say("kstatus", "More than 15 moves from the goal: no solution within the limit.");
    else if (a.steps === 0) say("kstatus", "Already at the goal: 0 moves.");
    else say("kstatus", a.steps + " moves (" + a.source + "): the empty square goes to cells " + a.path.join(", ") + ".");
  } catch (err) { say("kstatus", err.message, true); k.path = []; }
  knightsPlayer.buttons();
}
/* Eight */
function drawEight() { drawEightBoard("efrom", "from"); drawEightBoard("eto", "to"); }
function drawEightBoard(id, which) {
  var board = $(id); board.textContent = "";
  for (var i = 0; i < 9; i++) {
    var c = e[which][i], b = document.createElement("button");
    b.className = (c === "X" ? "x" : "t") + (e.picked && e.picked.which === which && e.picked.cell === i ? " sel" : "");
    b.textContent = c === "X" ? "" : c;
    b.dataset.cell = String(i); b.dataset.which = which;
    b.setAttribute("aria-label", which + " cell " + i + ": " + (c === "X" ? "blank" : "tile " + c));
    b.addEventListener("click", pick);
    board.appendChild(b);
  }
}
function pick(event) {
  eightPlayer.stop(); e.path = ""; e.start = null; eightPlayer.buttons();
  var which = event.currentTarget.dataset.which, cell = Number(event.currentTarget.dataset.cell);
  if (!e.picked || e.picked.which !== which) e.picked = { which: which, cell: cell };
  else {
    var s = e[which].split(""), t = s[cell]; s[cell] = s[e.picked.cell]; s[e.picked.cell] = t;
    e[which] = s.join(""); e.picked = null; saveUrl();
  }
  drawEight(); say("estatus", "");
  var again = document.querySelector('[data-which="' + which + '"][data-cell="' + cell + '"]'); if (again) again.focus();
}
async function solveEight() {
  eightPlayer.stop(); e.picked = null; drawEight(); say("estatus", "Solving\u2026");
  try {
    var a = await ask("/eight?from=" + e.from + "&to=" + e.to);
    e.start = e.from; e.path = a.path; e.at = 0;
    say("estatus", a.steps === 0 ? "Already there: 0 moves." : a.steps + " moves (" + a.source + "): " + a.path);
  } catch (err) { say("estatus", err.message, true); e.path = ""; }
  eightPlayer.buttons();
}
var STEP = { d: 3, l: -1, r: 1, u: -3 };

/*
 * Playback of a solved line, the same for both puzzles: Play/Pause, Step and Reset over
 * state.path, moving state.position with play(position, move) and redrawing with draw().
 */
function player(prefix, state, key, play, draw, statusId, everyMs) {
  function buttons() {
    var has = state.path.length > 0;
    $(prefix + "play").disabled = !has; $(prefix + "play").textContent = state.timer ? "Pause" : "Play";
    $(prefix + "step").disabled = !has || state.at >= state.path.length;
    $(prefix + "reset").disabled = !has || state.at === 0;
  }
  function stop() { if (state.timer) clearInterval(state.timer); state.timer = null; buttons(); }
  function step() {
    if (state.at >= state.path.length) { stop(); return; }
    state[key] = play(state[key], state.path[state.at++]);
    draw(); buttons();
    if (state.at >= state.path.length) { stop(); say(statusId, $(statusId).textContent.replace(/ Played\.$/, "") + " Played."); }
  }
  function reset() { stop(); if (state.start) { state[key] = state.start; state.at = 0; draw(); } buttons(); }
  $(prefix + "play").addEventListener("click", function () {
    if (state.timer) { stop(); return; }
    if (state.at >= state.path.length) reset();
    state.timer = setInterval(step, everyMs); buttons();
  });
  $(prefix + "step").addEventListener("click", function () { stop(); step(); });
  $(prefix + "reset").addEventListener("click", reset);
  return { stop: stop, buttons: buttons };
}

var knightsPlayer = player("k", k, "board", function (board, to) {
  var hole = board.indexOf("*"), cells = board.split(""); cells[hole] = cells[to]; cells[to] = "*"; return cells.join("");
}, drawKnights, "kstatus", 500);
var eightPlayer = player("e", e, "from", function (board, move) {
  var blank = board.indexOf("X"), to = blank + STEP[move], cells = board.split(""); cells[blank] = cells[to]; cells[to] = "X"; return cells.join("");
}, drawEight, "estatus", 400);

$("ksolve").addEventListener("click", solveKnights);
$("esolve").addEventListener("click", solveEight);
drawGoal(); drawKnights(); drawEight(); saveUrl();
</script>
</body>
</html>
`;
