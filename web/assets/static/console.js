// The organizer's console from the keyboard: a letter opens a page of the
// menu (r, p, s, d, c, l, n, u), "/" or a digit goes to the result box,
// whose board is lit on the grid as it is typed; the name box of the
// players' page searches the club roster as one types, the arrows choose
// and Enter enters. Without this file every form still works: the result
// box and the name box post as they are, and the roster is searched with
// its own form.
(function () {
  "use strict";

  function typing(el) {
    return el && (el.tagName === "INPUT" || el.tagName === "TEXTAREA" || el.tagName === "SELECT" || el.isContentEditable);
  }

  document.addEventListener("keydown", function (ev) {
    if (ev.ctrlKey || ev.metaKey || ev.altKey || typing(document.activeElement)) return;
    var entry = document.getElementById("entry");
    if (ev.key === "/") {
      var box = entry || document.getElementById("name") || document.getElementById("q");
      if (box) { ev.preventDefault(); box.focus(); box.select(); }
      return;
    }
    if (entry && /^[0-9]$/.test(ev.key)) {
      ev.preventDefault();
      entry.focus();
      entry.value = ev.key;
      preview();
      return;
    }
    var link = document.querySelector('header.console a[data-key="' + ev.key + '"]');
    if (link) { ev.preventDefault(); location.href = link.href; }
  });

  // preview lights the board typed in the result box and says what Enter
  // will enter.
  var results = { "1": "1-0", "0": "0-1", "1-0": "1-0", "0-1": "0-1", "1/2": "½-½", "½": "½-½", "=": "½-½", "x": "½-½",
    "+-": "+ −", "-+": "− +", "--": "− −" };
  function preview() {
    var entry = document.getElementById("entry");
    var out = document.getElementById("entry-preview");
    if (!entry || !out) return;
    document.querySelectorAll("li.board.target").forEach(function (li) { li.classList.remove("target"); });
    var m = entry.value.trim().match(/^(\d+)\s*(.*)$/);
    out.textContent = "";
    if (!m) return;
    var li = document.getElementById("board-" + m[1]);
    if (!li) return;
    li.classList.add("target");
    var res = entry.dataset.match ? "" : results[m[2].replace(/\s+/g, "").toLowerCase()] || "";
    out.textContent = m[1] + ": " + li.dataset.white + " – " + li.dataset.black + (res ? "  →  " + res : "");
  }
  document.addEventListener("input", function (ev) {
    if (ev.target && ev.target.id === "entry") preview();
    if (ev.target && ev.target.id === "name" && ev.target.dataset.search) search(ev.target);
  });

  // The search of the club roster as one types.
  var timer = null, seq = 0;
  function search(box) {
    var pick = document.getElementById("pick");
    if (pick) pick.value = "";
    clearTimeout(timer);
    timer = setTimeout(function () {
      var q = box.value.trim(), mine = ++seq;
      var list = document.getElementById("matches");
      if (!list) return;
      if (q.length < 2) { show(box, list, []); return; }
      fetch(box.dataset.search + "?q=" + encodeURIComponent(q), { credentials: "same-origin", cache: "no-store" })
        .then(function (r) { return r.ok ? r.json() : []; })
        .then(function (ps) { if (mine === seq) show(box, list, ps); })
        .catch(function () {});
    }, 120);
  }
  function show(box, list, ps) {
    list.innerHTML = "";
    ps.forEach(function (p, i) {
      var li = document.createElement("li");
      li.setAttribute("role", "option");
      li.id = "match-" + p.id;
      li.dataset.id = p.id;
      li.dataset.name = p.name;
      li.textContent = p.name + " ";
      var small = document.createElement("small");
      small.textContent = [p.rating || "", p.club || "", p.entered ? "✓" : ""].join(" ").trim();
      li.appendChild(small);
      if (p.entered) li.setAttribute("aria-disabled", "true");
      li.addEventListener("mousedown", function (ev) { ev.preventDefault(); choose(box, li); });
      list.appendChild(li);
    });
    list.hidden = ps.length === 0;
    box.setAttribute("aria-expanded", ps.length ? "true" : "false");
    box.removeAttribute("aria-activedescendant");
  }
  function choose(box, li) {
    if (li.getAttribute("aria-disabled") === "true") return;
    var pick = document.getElementById("pick");
    pick.value = li.dataset.id;
    box.value = li.dataset.name;
    box.form.submit();
  }
  document.addEventListener("keydown", function (ev) {
    var box = ev.target;
    if (!box || box.id !== "name" || !box.dataset.search) return;
    var list = document.getElementById("matches");
    if (!list || list.hidden) return;
    var items = Array.prototype.slice.call(list.querySelectorAll("li"));
    var at = items.findIndex(function (li) { return li.getAttribute("aria-selected") === "true"; });
    if (ev.key === "ArrowDown" || ev.key === "ArrowUp") {
      ev.preventDefault();
      if (at >= 0) items[at].removeAttribute("aria-selected");
      at = ev.key === "ArrowDown" ? Math.min(at + 1, items.length - 1) : Math.max(at - 1, -1);
      if (at >= 0) {
        items[at].setAttribute("aria-selected", "true");
        box.setAttribute("aria-activedescendant", items[at].id);
      } else {
        box.removeAttribute("aria-activedescendant");
      }
    } else if (ev.key === "Enter" && at >= 0) {
      ev.preventDefault();
      choose(box, items[at]);
    } else if (ev.key === "Escape") {
      list.hidden = true;
      box.setAttribute("aria-expanded", "false");
    }
  });

  // The keys work from here on: the page says so (a deferred script runs
  // a moment after the page shows, and a key typed before is lost).
  document.documentElement.dataset.keys = "on";
})();
