// The phone's client: buttons and the text field POST entries; /events keeps the page current.
(function () {
  "use strict";
  var base = location.pathname.replace(/\/$/, "");
  var lang = document.body.dataset.lang || "en";
  var v = document.body.dataset.v;
  var errorBox = document.getElementById("error");
  var source = null;

  function show(state) {
    v = state.v;
    document.body.dataset.v = v;      // the version shown (tests and the page's own checks read it)
    document.getElementById("prompt").textContent = state.prompt || "";
    var secret = document.getElementById("secret");
    secret.hidden = !state.secret;
    secret.textContent = state.secret || "";
    var moves = document.getElementById("moves");
    moves.textContent = "";
    state.legal.forEach(function (m) {
      var b = document.createElement("button");
      b.type = "button"; b.className = "move"; b.dataset.move = m.text;
      b.textContent = (state.labels && state.labels[m.text]) || m.text;
      moves.appendChild(b);
    });
    var events = document.getElementById("events");
    events.textContent = "";
    (state.events || []).forEach(function (e) {
      var li = document.createElement("li"); li.textContent = e; events.appendChild(li);
    });
  }

  function id() {
    return Date.now().toString(36) + Math.random().toString(36).slice(2);
  }

  function enter(text) {
    errorBox.textContent = "";
    fetch(base + "/entry?lang=" + lang, {
      method: "POST", headers: {"Content-Type": "application/json"}, credentials: "omit",
      body: JSON.stringify({text: text, v: v, entry_id: id()})
    }).then(function (r) {
      return r.json().then(function (body) {
        if (r.status === 409) { show(body); errorBox.textContent = ""; }
        else if (body.error) { errorBox.textContent = body.error; }
      });
    }).catch(function () { connect(); });
  }

  document.getElementById("moves").addEventListener("click", function (e) {
    var b = e.target.closest("button[data-move]");
    if (b) { enter(b.dataset.move); }
  });
  var form = document.getElementById("entry");
  if (form) {
    form.addEventListener("submit", function (e) {
      e.preventDefault();
      var input = document.getElementById("text");
      if (input.value.trim()) { enter(input.value); input.value = ""; }
    });
  }

  function connect() {
    if (source) { source.close(); }
    source = new EventSource(base + "/events?lang=" + lang);
    source.addEventListener("state", function (e) { show(JSON.parse(e.data)); });
  }
  // A phone that slept has a dead stream that looks open: reconnect on waking.
  document.addEventListener("visibilitychange", function () { if (!document.hidden) { connect(); } });
  window.addEventListener("pageshow", function () { connect(); });
  connect();
})();
