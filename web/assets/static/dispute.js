// The final position of a disputed game, set up by tapping: pick a
// piece, tap the squares to place it (tap again to empty a square); the
// FEN field of the claim form follows. Without this file the FEN is typed
// (and "whose flag fell" is always shown).
(function () {
  "use strict";

  var glyphs = { K: "♔", Q: "♕", R: "♖", B: "♗", N: "♘", P: "♙", k: "♚", q: "♛", r: "♜", b: "♝", n: "♞", p: "♟" };
  var files = "abcdefgh";

  // parse reads the placement and the side to move of a FEN; squares run
  // from a8 to h1.
  function parse(text) {
    var board = [], i;
    for (i = 0; i < 64; i++) board.push("");
    var parts = (text || "").trim().split(/\s+/);
    var rows = (parts[0] || "").split("/");
    if (rows.length === 8) {
      rows.forEach(function (row, r) {
        var f = 0;
        for (var j = 0; j < row.length && f < 8; j++) {
          var c = row.charAt(j);
          if (c >= "1" && c <= "8") f += Number(c);
          else if (glyphs[c]) board[r * 8 + f++] = c;
        }
      });
    }
    return { board: board, turn: parts[1] === "b" ? "b" : "w" };
  }

  // write returns the FEN of a position set up by hand: no castling, no
  // en passant, the clocks at their start; "" for an empty board.
  function write(board, turn) {
    if (board.every(function (c) { return c === ""; })) return "";
    var rows = [];
    for (var r = 0; r < 8; r++) {
      var row = "", empty = 0;
      for (var f = 0; f < 8; f++) {
        var c = board[r * 8 + f];
        if (c === "") { empty++; continue; }
        if (empty) { row += empty; empty = 0; }
        row += c;
      }
      rows.push(row + (empty ? empty : ""));
    }
    return rows.join("/") + " " + turn + " - - 0 1";
  }

  function button(text, label) {
    var b = document.createElement("button");
    b.type = "button";
    b.textContent = text;
    if (label) b.setAttribute("aria-label", label);
    return b;
  }

  function setup(box) {
    if (box.dataset.ready) return;
    var input = document.getElementById("claim-fen");
    if (!input) return;
    box.dataset.ready = "1";
    box.hidden = false;
    var pos = parse(input.value), pick = "K";

    var palette = document.createElement("div");
    palette.className = "palette";
    Object.keys(glyphs).forEach(function (c) {
      var b = button(glyphs[c], c);
      b.dataset.piece = c;
      palette.appendChild(b);
    });
    var clear = button("×", "empty");
    clear.dataset.piece = "";
    palette.appendChild(clear);

    var grid = document.createElement("div");
    grid.className = "diagram";
    var squares = [];
    for (var i = 0; i < 64; i++) {
      var r = Math.floor(i / 8), f = i % 8;
      var sq = button("", files.charAt(f) + (8 - r));
      sq.dataset.square = files.charAt(f) + (8 - r);
      if ((r + f) % 2 === 1) sq.className = "dark";
      squares.push(sq);
      grid.appendChild(sq);
    }

    var turn = document.createElement("select");
    turn.name = "";
    turn.setAttribute("aria-label", box.dataset.tomove);
    [["w", box.dataset.white], ["b", box.dataset.black]].forEach(function (o) {
      var opt = document.createElement("option");
      opt.value = o[0];
      opt.textContent = box.dataset.tomove + ": " + o[1];
      turn.appendChild(opt);
    });

    function render() {
      squares.forEach(function (sq, i) { sq.textContent = glyphs[pos.board[i]] || ""; });
      palette.querySelectorAll("button").forEach(function (b) { b.setAttribute("aria-pressed", String(b.dataset.piece === pick)); });
      turn.value = pos.turn;
    }
    function store() {
      input.value = write(pos.board, pos.turn);
      render();
    }
    palette.addEventListener("click", function (e) {
      var b = e.target.closest("button");
      if (!b) return;
      pick = b.dataset.piece;
      render();
    });
    grid.addEventListener("click", function (e) {
      var sq = e.target.closest("button");
      if (!sq) return;
      var i = squares.indexOf(sq);
      pos.board[i] = pos.board[i] === pick ? "" : pick;
      store();
    });
    turn.addEventListener("change", function () { pos.turn = turn.value; store(); });
    input.addEventListener("input", function () { pos = parse(input.value); render(); });

    box.appendChild(palette);
    box.appendChild(grid);
    box.appendChild(turn);
    render();
  }

  // flagField shows "whose flag fell" only with a flag-fall claim.
  function flagField() {
    var kind = document.getElementById("claim-kind"), flag = document.getElementById("claim-flag");
    if (!kind || !flag || kind.dataset.ready) return;
    kind.dataset.ready = "1";
    var label = document.querySelector("label[for=claim-flag]");
    var apply = function () {
      var on = kind.value === "flag";
      flag.hidden = !on;
      flag.required = on;
      if (label) label.hidden = !on;
    };
    kind.addEventListener("change", apply);
    apply();
  }

  function start() {
    document.querySelectorAll("[data-diagram]").forEach(setup);
    flagField();
  }
  start();
  // The live pages redraw their content: set the diagram up again.
  var main = document.getElementById("main");
  if (main && window.MutationObserver) new MutationObserver(start).observe(main, { childList: true });
})();
