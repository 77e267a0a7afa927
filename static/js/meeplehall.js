// Small glue on top of htmx: match clocks count down to the deadline a frame carries, and a socket
// that comes back asks for a fresh board (the server also sends one on every connect).
(function () {
  // A frame carries the absolute deadline, never a count of seconds: frames are cached per
  // revision and served later, so only the time of reading may decide what is left. The page
  // knows the server's clock when it was served; the browser's clock is corrected by the
  // difference, so a phone whose clock is a minute off still shows the server's countdown.
  var served = Number(document.body.dataset.serverMs);
  var skew = served ? served - Date.now() : 0;
  function clockText(left) {
    var d = Math.floor(left / 86400), h = Math.floor(left % 86400 / 3600);
    var m = Math.floor(left % 3600 / 60), s = left % 60;
    if (d) return d + "d " + h + "h left";
    if (h) return h + "h " + m + "m left";
    return m + ":" + String(s).padStart(2, "0") + " left";
  }
  function tick() {
    var now = Date.now() + skew;
    document.querySelectorAll(".clock[data-deadline]").forEach(function (el) {
      var text = clockText(Math.max(0, Math.floor((Number(el.dataset.deadline) - now) / 1000)));
      if (el.textContent !== text) el.textContent = text;
    });
  }
  tick();
  setInterval(tick, 1000);
  document.addEventListener("htmx:oobAfterSwap", tick);

  // Every few seconds the match page tells its socket which revision it shows; the server answers
  // only if the page is behind (an update lost on the way heals without a reload).
  function openMatchSocket() {
    var socketElt = document.getElementById("match-socket");
    var data = socketElt && socketElt["htmx-internal-data"];
    var wrapper = data && data.webSocket;
    return wrapper && wrapper.socket && wrapper.socket.readyState === 1 ? wrapper.socket : null;
  }
  setInterval(function () {
    var live = document.getElementById("match-live");
    var socket = openMatchSocket();
    if (live && socket) socket.send(JSON.stringify({ revision: Number(live.dataset.revision) }));
  }, 7000);
  // A move goes over the open match socket instead of a POST of its own: the server reads the
  // same fields the same way (core/move_requests.py) and answers with the frame every socket of
  // the seat gets, or with the refusal, without an HTTP request per move. With the socket down
  // the move is POSTed as before.
  document.addEventListener("htmx:configRequest", function (e) {
    var socket = openMatchSocket();
    if (!socket || e.detail.verb !== "post" || !/^\/match\/\d+\/move\/$/.test(e.detail.path)) return;
    e.preventDefault();
    var feedback = document.getElementById("move-feedback");
    if (feedback) feedback.innerHTML = "";
    socket.send(JSON.stringify({ type: "move", form: new URLSearchParams(e.detail.formData).toString() }));
  });
  // The invite link is rendered as a path (frames do not know the host); show it whole.
  function absoluteInvites() {
    document.querySelectorAll("input[data-invite-path]").forEach(function (el) {
      el.value = window.location.origin + el.dataset.invitePath;
    });
  }
  absoluteInvites();
  document.addEventListener("htmx:oobAfterSwap", absoluteInvites);
  // A live frame replaces the whole match area; a keyboard player keeps their place: the
  // element that had focus is found again in the new frame (same id, or the same move) and
  // focused, or failing that the board itself, so Tab goes on from where it was.
  var refocus = null;
  function describe(el) {
    if (!el || el === document.body || !document.getElementById("match-live").contains(el)) return null;
    if (el.id) return "#" + CSS.escape(el.id);
    var vals = el.getAttribute("hx-vals");
    if (vals) return '[hx-vals="' + CSS.escape(vals) + '"]';
    var label = el.getAttribute("aria-label");
    return label ? '[aria-label="' + CSS.escape(label) + '"]' : "#board";
  }
  // A frame of the same position (a seat or clock change, a re-sent frame) also keeps the
  // choices a player was making on the board (Komodo's tile and turn pickers, say): the radio
  // buttons they had checked are checked again. A new position starts from its own defaults.
  // The new frame's version is read from the incoming fragment: while htmx settles, the swapped-in
  // element still carries the old one's attributes.
  var picked = [];
  document.addEventListener("htmx:oobBeforeSwap", function (e) {
    if (!e.target || e.target.id !== "match-live") return;
    refocus = describe(document.activeElement);
    var incoming = e.detail.fragment && e.detail.fragment.querySelector("#match-live");
    var same = incoming && incoming.dataset.version === e.target.dataset.version;
    picked = same ? Array.from(e.target.querySelectorAll("input[type=radio][id]:checked"), function (el) { return el.id; }) : [];
  });
  document.addEventListener("htmx:oobAfterSwap", function (e) {
    if (!e.target || e.target.id !== "match-live") return;
    picked.forEach(function (id) {
      var radio = document.getElementById(id);
      if (radio && radio.type === "radio" && e.target.contains(radio)) radio.checked = true;
    });
    picked = [];
    if (!refocus) return;
    var again = document.querySelector("#match-live " + refocus) || document.getElementById("board");
    refocus = null;
    if (again) {
      if (!again.hasAttribute("tabindex") && !again.matches("button, a, input, select, textarea")) again.setAttribute("tabindex", "-1");
      again.focus({ preventScroll: true });
    }
  });
  document.addEventListener("focusin", function (e) {
    if (e.target.matches && e.target.matches("input[data-invite-path]")) e.target.select();
  });
  // A chat message that was accepted leaves the box empty for the next one.
  document.addEventListener("htmx:afterRequest", function (e) {
    if (e.target.matches && e.target.matches("form.chat-form") && e.detail.successful) e.target.reset();
  });
  // htmx swaps 4xx answers (they carry a message) but not 5xx ones; without this a refused or
  // failed request (a 503 while the database is busy, a 500) would show nothing at all. The
  // message is the answer's own role=alert text when it has one, else a plain sentence.
  function serverTrouble(text) {
    var box = document.getElementById("server-trouble");
    if (!box && !text) return;
    if (!box) {
      box = document.createElement("p");
      box.id = "server-trouble";
      box.className = "feedback error";
      box.setAttribute("role", "alert");
      // Pinned to the bottom of the window, so it is seen wherever the page is scrolled.
      Object.assign(box.style, { position: "fixed", left: "1rem", right: "1rem", bottom: "1rem",
        zIndex: "1000", margin: "0", padding: "0.7rem 1rem", background: "var(--pico-background-color, #fff)",
        border: "2px solid currentColor", borderRadius: "0.4rem" });
      document.body.append(box);
    }
    box.textContent = text;
    box.hidden = !text;
  }
  document.addEventListener("htmx:responseError", function (e) {
    var xhr = e.detail.xhr;
    if (!xhr || xhr.status < 500) return;
    var doc = new DOMParser().parseFromString(xhr.responseText || "", "text/html");
    var alert = doc.querySelector("[role=alert]");
    serverTrouble((alert && alert.textContent.trim()) ||
      "The server could not answer (error " + xhr.status + "). Please try again in a moment.");
  });
  document.addEventListener("htmx:sendError", function () {
    serverTrouble("The server could not be reached. Check your connection and try again.");
  });
  document.addEventListener("htmx:afterRequest", function (e) {
    if (e.detail.successful) serverTrouble("");
  });
  document.addEventListener("htmx:wsOpen", function (e) {
    document.body.classList.remove("socket-down");
  });
  // htmx's ws extension retries on its own after abnormal closures (1006, 1011-1013). Any other
  // close while the socket's element is still on the page (and not a refusal, 44xx) is retried
  // here, so a page never stays silently stale. The server sends the whole board on connect.
  window.mhReconnects = 0;
  document.addEventListener("htmx:wsClose", function (e) {
    document.body.classList.add("socket-down");
    var code = e.detail.event && e.detail.event.code;
    var handledByHtmx = [1006, 1011, 1012, 1013].indexOf(code) >= 0;
    var refused = code >= 4400 && code < 4500;
    if (document.body.contains(e.target) && !refused && !handledByHtmx && e.detail.socketWrapper) {
      setTimeout(function () { window.mhReconnects += 1; e.detail.socketWrapper.reconnect(); }, 1500);
    }
  });
})();
