// The replay's step control: the board at each step is the first frame plus the changes of every step up
// to it (keyed SVG pieces written by referee, already escaped). Snapshots every 25 steps keep going back
// cheap. No network, no libraries.
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("replay-data").textContent);
  var board = document.getElementById("board");
  var slider = document.getElementById("step");
  var status = document.getElementById("status");
  var events = document.getElementById("events");
  var moves = document.getElementById("moves");
  var last = data.moves.length;
  var EVERY = 25;
  var snapshots = {};

  function apply(state, frame) {
    (frame.set || []).forEach(function (kv) { state.pieces[kv[0]] = kv[1]; });
    (frame.del || []).forEach(function (k) { delete state.pieces[k]; });
    if (frame.size) { state.size = frame.size; }
  }
  function copy(state) {
    var pieces = {};
    for (var k in state.pieces) { pieces[k] = state.pieces[k]; }
    return { pieces: pieces, size: state.size };
  }
  function stateAt(n) {
    var base = Math.floor(n / EVERY) * EVERY;
    var state;
    var from;
    if (snapshots[base]) { state = copy(snapshots[base]); from = base + 1; }
    else { state = { pieces: {}, size: [0, 0, 720, 400] }; from = 0; }
    for (var i = from; i <= n; i++) {
      apply(state, data.frames[i]);
      if (i % EVERY === 0 && !snapshots[i]) { snapshots[i] = copy(state); }
    }
    return state;
  }
  function show(n) {
    n = Math.max(0, Math.min(last, n));
    var state = stateAt(n);
    var keys = Object.keys(state.pieces).sort();
    board.setAttribute("viewBox", state.size.join(" "));
    // at its own size (a unit a CSS px: no text under 12 px on a phone; site.css scales it only up)
    board.setAttribute("width", state.size[2]);
    board.setAttribute("height", state.size[3]);
    board.innerHTML = keys.map(function (k) { return state.pieces[k]; }).join("");
    slider.value = String(n);
    status.textContent = n === 0 ? status.dataset.start
      : status.dataset.move + " " + n + " " + status.dataset.of + " " + last + ": " + (data.labels || data.moves)[n - 1];
    events.innerHTML = "";
    (data.events[n] || []).forEach(function (text) {
      var li = document.createElement("li");
      li.textContent = text;
      events.appendChild(li);
    });
    var items = moves.children;
    for (var i = 0; i < items.length; i++) {
      if (i === n - 1) { items[i].setAttribute("aria-current", "step"); }
      else { items[i].removeAttribute("aria-current"); }
    }
  }
  function current() { return parseInt(slider.value, 10) || 0; }
  document.querySelectorAll("[data-step]").forEach(function (button) {
    button.addEventListener("click", function () {
      var what = button.dataset.step;
      show(what === "first" ? 0 : what === "last" ? last : what === "prev" ? current() - 1 : current() + 1);
    });
  });
  slider.addEventListener("input", function () { show(current()); });
  moves.addEventListener("click", function (e) {
    var target = e.target.closest("[data-goto]");
    if (target) { e.preventDefault(); show(parseInt(target.dataset.goto, 10)); }
  });
  document.getElementById("replay").addEventListener("keydown", function (e) {
    if (e.target === slider) { return; }
    if (e.key === "ArrowRight") { show(current() + 1); e.preventDefault(); }
    else if (e.key === "ArrowLeft") { show(current() - 1); e.preventDefault(); }
    else if (e.key === "Home") { show(0); e.preventDefault(); }
    else if (e.key === "End") { show(last); e.preventDefault(); }
  });
  show(0);
}());
