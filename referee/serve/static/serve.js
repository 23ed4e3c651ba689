// The phone's client: the move buttons and the text field POST entries, #undo POSTs an undo, and the
// seat's event stream (/events) keeps the page current. Every text from the game is put in as text
// (textContent); only the board's SVG is put in as markup, and the server's serializer escaped it.
// No inline script or style anywhere (CSP default-src 'self').
(function () {
  "use strict";
  var base = location.pathname.replace(/\/$/, "");
  var body = document.body;
  var lang = body.dataset.lang || "en";
  var v = body.dataset.v;
  var errorBox = document.getElementById("error");
  var source = null;
  var gone = false;       // a 410: this seat link was released or replaced; stop for good
  var retry = null;

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) { e.className = cls; }
    if (text !== undefined) { e.textContent = text; }
    return e;
  }

  function secretText(s) {
    if (s === null || s === undefined) { return ""; }
    if (Array.isArray(s)) { return s.map(secretText).join("\n"); }
    if (typeof s === "object") {
      return Object.keys(s).map(function (k) { return k + ": " + secretText(s[k]); }).join("\n");
    }
    return String(s);
  }

  function showMoves(state) {
    var moves = document.getElementById("moves");
    if (!moves) { return; }          // a watcher's page has none
    moves.textContent = "";
    var labels = state.labels || {};
    var icons = state.icons || {};
    var groups = state.groups || [{title: "", moves: state.legal.map(function (m) { return m.text; })}];
    groups.forEach(function (g) {
      moves.appendChild(el("h3", "", g.title));
      var box = el("div", "group");
      g.moves.forEach(function (text) {
        var b = el("button", "move", labels[text] || text);
        b.type = "button"; b.dataset.move = text;
        if (icons[text]) {            // a drawn tile's picture (serialized and escaped by the server)
          var svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
          svg.setAttribute("viewBox", "0 0 40 40");
          svg.setAttribute("width", "40"); svg.setAttribute("height", "40");
          svg.setAttribute("aria-hidden", "true"); svg.setAttribute("class", "icon");
          svg.innerHTML = icons[text];
          b.insertBefore(svg, b.firstChild);
          b.className = "move pictured";
        }
        box.appendChild(b);
      });
      moves.appendChild(box);
    });
  }

  function showBoard(board) {
    var svg = document.querySelector("#board svg");
    if (!svg || !board) { return; }
    svg.setAttribute("viewBox", board.size.join(" "));
    svg.setAttribute("width", board.size[2]);
    svg.setAttribute("height", board.size[3]);
    svg.innerHTML = board.svg;      // serialized and escaped by the server (referee/drawing/boards.py)
  }

  // Carcassonne: the squares the drawn tile may go to, marked on the map; a tap on one brings its
  // placements (the tile turned each way) to the middle of the screen. The buttons stay the way to enter.
  var PLACE = /^place (-?\d+),(-?\d+) r\d+$/;
  function showSpots(state) {
    var svg = document.querySelector("#board svg");
    var cell = state.board && state.board.cell;
    if (!svg || !cell) { return; }
    var seen = {};
    var box = state.board.size.slice();         // grown to hold a spot beside the map's edge
    (state.legal || []).forEach(function (m) {
      var at = PLACE.exec(m.text);
      if (!at || seen[at[1] + "," + at[2]]) { return; }
      var square = at[1] + "," + at[2];
      seen[square] = true;
      var r = document.createElementNS("http://www.w3.org/2000/svg", "rect");
      r.setAttribute("x", Number(at[1]) * cell); r.setAttribute("y", Number(at[2]) * cell);
      r.setAttribute("width", cell); r.setAttribute("height", cell);
      r.setAttribute("class", "spot"); r.setAttribute("aria-hidden", "true");
      r.dataset.square = square;
      svg.appendChild(r);
      var x = Number(at[1]) * cell, y = Number(at[2]) * cell;
      var right = Math.max(box[0] + box[2], x + cell + 4), bottom = Math.max(box[1] + box[3], y + cell + 4);
      box[0] = Math.min(box[0], x - 4); box[1] = Math.min(box[1], y - 4);
      box[2] = right - box[0]; box[3] = bottom - box[1];
    });
    svg.setAttribute("viewBox", box.join(" "));
    svg.setAttribute("width", box[2]); svg.setAttribute("height", box[3]);
  }

  document.addEventListener("click", function (e) {
    var spot = e.target.closest ? e.target.closest("rect.spot") : null;
    if (!spot) { return; }
    var first = document.querySelector('button[data-move^="place ' + spot.dataset.square + ' r"]');
    if (first) { first.scrollIntoView({block: "center"}); first.focus(); }
  });

  function show(state) {
    v = state.v;
    body.dataset.v = v;
    document.getElementById("prompt").textContent = state.prompt || "";
    var secret = document.getElementById("secret");
    var text = secretText(state.secret);
    secret.hidden = !text;
    secret.textContent = text;
    showMoves(state);
    var undo = document.getElementById("undo");
    if (undo) { undo.hidden = !state.undo; }
    var events = document.getElementById("events");
    events.textContent = "";
    (state.events || []).forEach(function (e) { events.appendChild(el("li", "", String(e))); });
    showBoard(state.board);
    showSpots(state);
  }

  function refuse(answer) {
    var text = answer.error || "";
    if (answer.rule && text.indexOf(answer.rule) < 0) {
      text += " (" + (body.dataset.rule || "{rule}").replace("{rule}", answer.rule) + ")";
    }
    errorBox.textContent = text;
  }

  function stop(answer) {       // 410: the sentence, and no more reconnecting
    gone = true;
    if (source) { source.close(); source = null; }
    errorBox.textContent = answer.error || "";
    document.querySelectorAll("button, input").forEach(function (b) { b.disabled = true; });
  }

  function id() {
    return Date.now().toString(36) + Math.random().toString(36).slice(2);
  }

  function post(path, payload, typed) {
    errorBox.textContent = "";
    var shown = v;              // the version this tap was made at
    return fetch(base + path + "?lang=" + lang, {
      method: "POST", headers: {"Content-Type": "application/json"}, credentials: "omit",
      body: JSON.stringify(payload)
    }).then(function (r) {
      return r.json().then(function (answer) {
        if (r.status === 410) { stop(answer); }
        else if (r.status === 409) { show(answer); if (typed !== undefined) { movedOn(typed); } }
        // a 200 carries the seat's new state: buttons and version change together (a button must go with
        // the version it was drawn at). Shown unless the stream brought a state first: then it is as new.
        else if (r.ok) { if (answer.state && v === shown) { show(answer.state); } }
        else { refuse(answer); }
      });
    }).catch(function () { connect(); });
  }

  function enter(text, at, typed) { post("/entry", {text: text, v: at || v, entry_id: id()}, typed); }

  // A typed move goes with the version it was begun at, not the one shown when it is sent: a move the
  // table made meanwhile (another phone, the laptop) changes what the words name, and the words must be
  // judged where the player wrote them. Stale: 409, the new state, the words back in the field to check.
  var typedAt = null;
  function movedOn(text) {
    var input = document.getElementById("text");
    if (input && !input.value) { input.value = text; typedAt = v; }
    errorBox.textContent = body.dataset.stale || "";
  }

  document.addEventListener("click", function (e) {
    var b = e.target.closest("button[data-move]");
    if (b && !gone) { enter(b.dataset.move); }
  });
  var form = document.getElementById("entry");
  if (form) {
    var field = document.getElementById("text");
    field.addEventListener("input", function () {
      if (!field.value) { typedAt = null; } else if (typedAt === null) { typedAt = v; }
    });
    form.addEventListener("submit", function (e) {
      e.preventDefault();
      var text = field.value;
      if (text.trim() && !gone) { enter(text, typedAt, text); field.value = ""; typedAt = null; }
    });
  }
  var undo = document.getElementById("undo");
  if (undo) {
    undo.addEventListener("click", function () { if (!gone) { post("/undo", {v: v, entry_id: id()}); } });
  }

  // An EventSource reconnects by itself after a dropped connection (the server's retry:), but gives up on
  // an HTTP error answer: then ask /state why (410: this seat is gone) and try again a little later.
  function connect() {
    if (gone) { return; }
    if (retry) { clearTimeout(retry); retry = null; }
    if (source) { source.close(); }
    source = new EventSource(base + "/events?lang=" + lang);
    source.addEventListener("state", function (e) { show(JSON.parse(e.data)); });
    source.addEventListener("error", function () {
      if (!source || source.readyState !== EventSource.CLOSED) { return; }
      fetch(base + "/state?lang=" + lang, {credentials: "omit"}).then(function (r) {
        if (r.status === 410) { return r.json().then(stop); }
        retry = setTimeout(connect, 2000);
      }).catch(function () { retry = setTimeout(connect, 2000); });
    });
  }
  // A phone that slept has a dead stream that looks open: reconnect on waking.
  document.addEventListener("visibilitychange", function () { if (!document.hidden) { connect(); } });
  window.addEventListener("pageshow", function (e) { if (e.persisted) { connect(); } });
  connect();
})();
