// Live pages: when anything changes (a result confirmed on a phone, a
// round published, a command typed at the organizer's laptop), the
// server says so on /events to the pages that look different, and each
// fetches itself again, keeping what the visitor is typing. The search box of "Find my board" filters
// as one types, ignoring accents. Without this file every page still
// works: forms post, links lead, and the projector page turns with
// a refresh.
(function () {
  "use strict";

  function fold(s) {
    return s.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
      .replace(/[^a-z0-9]+/g, " ").trim();
  }

  function filters() {
    document.querySelectorAll("input[data-filter]").forEach(function (box) {
      var apply = function () {
        var q = fold(box.value);
        document.querySelectorAll(box.dataset.filter).forEach(function (li) {
          var key = li.dataset.key;
          if (key !== undefined) li.hidden = q !== "" && key.indexOf(q) < 0;
        });
      };
      box.addEventListener("input", apply);
      apply();
    });
  }

  // busy reports whether the visitor is filling a form on the page.
  function busy(main) {
    var el = document.activeElement;
    if (el && main.contains(el) && el.tagName === "INPUT" && el.type !== "hidden" && el.value !== "" && !el.dataset.filter) return true;
    // A claim being written (moves, a position) is kept even when its
    // field has lost the focus.
    return Array.prototype.some.call(main.querySelectorAll("form.claim textarea, form.claim input[name=fen]"), function (f) { return f.value !== ""; });
  }

  var loading = false, again = false;
  function reload() {
    var main = document.getElementById("main");
    if (!main) return;
    if (loading) { again = true; return; }
    if (busy(main)) return;
    // A late-entry form that answers a post ("Did you mean ...?", a
    // refusal) is not the page a fetch would get: it stays.
    if (main.querySelector("[data-hold]")) return;
    loading = true;
    fetch(location.href, { credentials: "same-origin", cache: "no-store" }).then(function (r) {
      return r.ok ? r.text() : null;
    }).then(function (html) {
      if (html === null || busy(main)) return;
      var doc = new DOMParser().parseFromString(html, "text/html");
      var fresh = doc.getElementById("main");
      if (!fresh) return;
      var q = document.querySelector("input[data-filter]");
      var typed = q ? q.value : null;
      // The box the visitor is in (empty: busy says so otherwise) keeps
      // the focus in the page drawn again.
      var focused = document.activeElement && main.contains(document.activeElement) ? document.activeElement.id : "";
      main.innerHTML = fresh.innerHTML;
      if (focused && document.getElementById(focused)) document.getElementById(focused).focus();
      if (fresh.dataset.state) main.dataset.state = fresh.dataset.state;
      if (typed !== null) {
        var nq = document.querySelector("input[data-filter]");
        if (nq) nq.value = typed;
      }
      filters();
      document.documentElement.dataset.updated = String(Date.now());
    }).catch(function () {}).finally(function () {
      loading = false;
      if (again) { again = false; reload(); }
    });
  }

  // stale reports whether the version of the page told by the server
  // (ev.data: "VERSION" or "VERSION SPREAD") is newer than the one shown.
  function stale(ev) {
    var m = document.getElementById("main");
    var shown = m ? Number(m.dataset.state) : NaN;
    return isNaN(shown) || Number(String(ev.data).split(" ")[0]) > shown;
  }

  // later runs f at a random moment within the spread the server asks
  // for (ev.data's second figure, in milliseconds): the phones told at
  // once do not all fetch in the same instant. A fetch already waiting
  // will get the newest page: it stands for this one too.
  var waiting = false;
  function later(ev, f) {
    var spread = Number(String(ev.data).split(" ")[1]) || 0;
    if (spread <= 0) { f(); return; }
    if (waiting) return;
    waiting = true;
    setTimeout(function () { waiting = false; f(); }, Math.random() * spread);
  }

  // live follows the changes of this page: the stream names the page, and
  // the server says when it looks different (or, for a page of one
  // visitor, at every change). A stream refused while the server is busy
  // is asked for again a while later.
  function live() {
    if (!window.EventSource || !document.querySelector("[data-live]")) return;
    var es = new EventSource("/events?page=" + encodeURIComponent(location.pathname + location.search));
    es.addEventListener("change", function (ev) { if (stale(ev)) later(ev, reload); });
    es.addEventListener("hello", function (ev) {
      document.documentElement.dataset.live = "on";
      // A change made between the drawing of the page and this
      // connection sent no "change" event to this page: catch up.
      if (stale(ev)) reload();
    });
    es.addEventListener("error", function () {
      if (es.readyState !== EventSource.CLOSED) return; // it reconnects by itself
      document.documentElement.dataset.live = "off";
      setTimeout(live, 15000 + Math.random() * 30000);
    });
  }

  filters();
  live();
})();
