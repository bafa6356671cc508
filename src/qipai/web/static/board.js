// The board-game table's page (board.html): the board drawn as a grid of buttons (chess,
// xiangqi, renju, go), click or Enter to move, arrow keys between points; seats, clocks, the
// move list, resign and draw offers; spectators see the same board without the moves to make.
// The server's view decides everything: the legal moves come only to the player to move.

const config = JSON.parse(document.getElementById("config").textContent);
const W = config.words;
const LANG = config.lang;
const $ = (id) => document.getElementById(id);
const fill = (s, f) => s.replace(/\{(\w+)\}/g, (_, k) => (k in f ? String(f[k]) : ""));

let ws = null;
let msg = null; // the last state or event message
let receivedAt = 0;
let selected = null;
let promoting = null; // the promotion moves offered, while the player chooses
let focusIdx = null;

// --- the geometry of each game ------------------------------------------------------------

const CHESS = { K: "♔", Q: "♕", R: "♖", B: "♗", N: "♘", P: "♙", k: "♚", q: "♛", r: "♜", b: "♝", n: "♞", p: "♟" };
const XIANGQI = { K: "帥", A: "仕", B: "相", N: "傌", R: "俥", C: "炮", P: "兵", k: "將", a: "士", b: "象", n: "馬", r: "車", c: "砲", p: "卒" };
const LETTERS = "abcdefghijklmnopqrs";

function placement(fen, files) {
  // FEN ranks from the top: each rank's pieces by file (null where empty)
  return fen.split(" ")[0].split("/").map((rank) => {
    const row = [];
    for (const ch of rank) {
      if (/\d/.test(ch)) for (let i = 0; i < Number(ch); i++) row.push(null);
      else row.push(ch);
    }
    while (row.length < files) row.push(null);
    return row;
  });
}

function cells(view) {
  // {cols, rows: [[{point, glyph, cls}]]} top row first, as the viewer sees it
  const game = view.game;
  const flip = view.you && view.sides && view.you === view.sides[1] && (game === "chess" || game === "xiangqi");
  let grid = [];
  if (game === "chess" || game === "xiangqi") {
    const files = game === "chess" ? 8 : 9;
    const ranks = placement(view.fen, files);
    const top = game === "chess" ? 8 : 9;
    grid = ranks.map((rank, r) =>
      rank.map((p, f) => {
        const point = LETTERS[f] + String(top - r);
        const glyph = p ? (game === "chess" ? CHESS[p] : XIANGQI[p]) : "";
        const cls = [];
        if (game === "chess") cls.push((f + r) % 2 === 0 ? "light" : "dark");
        if (game === "xiangqi" && p && p === p.toUpperCase()) cls.push("piece-r");
        return { point, glyph, cls };
      }),
    );
  } else {
    const size = view.size;
    grid = view.rows.map((row, r) =>
      [...row].map((ch, c) => {
        const point = game === "go" ? LETTERS[c] + LETTERS[r] : LETTERS[c] + String(size - r);
        const glyph = ch === "X" ? "●" : ch === "O" ? "○" : "";
        const cls = glyph ? ["stone"] : [];
        if (!glyph && isStar(size, r, c)) cls.push("star");
        return { point, glyph, cls };
      }),
    );
  }
  if (flip) grid = grid.reverse().map((row) => row.reverse());
  if (game === "xiangqi") {
    grid[4].forEach((cell) => cell.cls.push("river-above")); // the rows by the river, as shown
    grid[5].forEach((cell) => cell.cls.push("river-below"));
    markPalaces(grid);
  }
  return grid;
}

function markPalaces(grid) {
  // the palaces' diagonals: a cross at each centre (e1, e8), and from each corner a half
  // diagonal toward it, drawn in the quarter of the cell that faces the centre
  grid.forEach((row, r) =>
    row.forEach((cell, c) => {
      if (cell.point !== "e1" && cell.point !== "e8") return;
      cell.cls.push("pal-x");
      for (const dr of [-1, 1]) {
        for (const dc of [-1, 1]) {
          const corner = grid[r + dr] && grid[r + dr][c + dc];
          if (corner) corner.cls.push("pal-" + (dr < 0 ? "b" : "t") + (dc < 0 ? "r" : "l"));
        }
      }
    }),
  );
}

function isStar(size, r, c) {
  // 19×19: nine star points; 9, 13 and renju's 15: the four corner points and 天元
  const edge = size < 13 ? 2 : 3;
  const lines = [edge, (size - 1) / 2, size - 1 - edge];
  if (size === 19) return lines.includes(r) && lines.includes(c);
  const mid = (size - 1) / 2;
  return (r === mid && c === mid) || (r !== mid && c !== mid && lines.includes(r) && lines.includes(c));
}

const twoClicks = (game) => game === "chess" || game === "xiangqi";

// --- drawing -------------------------------------------------------------------------------

function render() {
  if (!msg) return;
  const view = msg.view;
  const table = msg.table;
  if (!view) return;
  const board = $("board");
  const grid = cells(view);
  const legal = view.legal || [];
  const targets = new Set();
  if (selected && twoClicks(view.game)) {
    for (const m of legal) if (m.startsWith(selected)) targets.add(m.slice(2, 4));
  }
  const last = view.last || "";
  const lastPoints = twoClicks(view.game) ? [last.slice(0, 2), last.slice(2, 4)] : [last];
  board.className = "board " + view.game;
  board.style.gridTemplateColumns = `repeat(${grid[0].length}, auto)`;
  const buttons = [];
  const hadFocus = board.contains(document.activeElement);
  board.replaceChildren();
  grid.forEach((row, r) => {
    const line = document.createElement("div");
    line.setAttribute("role", "row");
    line.style.display = "contents";
    row.forEach((cell, c) => {
      const b = document.createElement("button");
      b.type = "button";
      b.className = ["pt", ...cell.cls].filter(Boolean).join(" ");
      if (lastPoints.includes(cell.point) && last) b.classList.add("last");
      if (cell.point === selected) b.classList.add("sel");
      if (targets.has(cell.point)) b.classList.add("hint");
      b.dataset.point = cell.point;
      b.setAttribute("role", "gridcell");
      let label = cell.point + (cell.glyph ? " " + cell.glyph : "");
      if (cell.point === selected) label += " · " + fill(W.selected, { point: cell.point });
      b.setAttribute("aria-label", label);
      const span = document.createElement("span");
      span.textContent = cell.glyph;
      b.appendChild(span);
      b.tabIndex = -1;
      b.addEventListener("click", () => choose(cell.point, buttons.indexOf(b)));
      b.addEventListener("keydown", (e) => arrows(e, buttons.indexOf(b), grid[0].length));
      line.appendChild(b);
      buttons.push(b);
    });
    board.appendChild(line);
  });
  if (focusIdx === null || focusIdx >= buttons.length) focusIdx = 0;
  buttons[focusIdx].tabIndex = 0;
  if (hadFocus) buttons[focusIdx].focus();
  renderPlayers(view, table);
  renderStatus(view, table);
  renderActions(view, table);
  renderMoves(view);
}

function arrows(e, i, cols) {
  const board = $("board");
  const all = [...board.querySelectorAll("button.pt")];
  const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -cols, ArrowDown: cols }[e.key];
  if (step === undefined) return;
  e.preventDefault();
  const j = i + step;
  if (j < 0 || j >= all.length) return;
  all[i].tabIndex = -1;
  all[j].tabIndex = 0;
  focusIdx = j;
  all[j].focus();
}

function sideName(view, i) {
  return view.side_names[LANG][i];
}

function clockText(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

function thought(clock, i) {
  if (clock.running !== i || clock.since === null) return 0;
  return clock.now + (Date.now() - receivedAt) - clock.since;
}

function clockShown(clock, i) {
  // the main time, or once it is gone the byo-yomi period running and the periods left
  const t = thought(clock, i);
  const main = clock.left[i] - t;
  if (main > 0 || !clock.period_ms) return clockText(main);
  const over = -main;
  const used = Math.floor(over / clock.period_ms);
  const left = Math.max(0, clock.periods[i] - used);
  const inPeriod = left ? clock.period_ms - (over % clock.period_ms) : 0;
  return `${clockText(inPeriod)} · ${fill(W.byoyomi, { n: left, s: clock.period_ms / 1000 })}`;
}

function renderPlayers(view, table) {
  const bottom = view.you && view.sides ? view.sides.indexOf(view.you) : 0;
  const order = [[1 - bottom, "player-top"], [bottom, "player-bottom"]];
  for (const [i, id] of order) {
    const box = $(id);
    const seat = table.seats[i];
    const who = seat === null ? W.empty : seat.robot ? fill(W.robot, { level: seat.level }) : seat.name;
    box.replaceChildren();
    box.classList.toggle("to-move", table.to_move === i);
    const name = document.createElement("span");
    name.className = "who";
    name.id = "seat-" + i;
    name.textContent = `${sideName(view, i)}: ${who}`;
    box.appendChild(name);
    if (table.clock) {
      const c = document.createElement("span");
      c.className = "clock" + (table.clock.running === i ? " running" : "");
      c.id = "clock-" + i;
      c.setAttribute("role", "timer");
      c.textContent = clockShown(table.clock, i);
      box.appendChild(c);
    }
    if (seat === null && config.user_id !== null && !mySeat(table)) {
      box.appendChild(button(fill(W.sit, { side: sideName(view, i) }), { type: "board.sit", seat: i }, "sit-" + i));
    }
  }
}

function mySeat(table) {
  return table.seats.some((s) => s && !s.robot && s.user_id === config.user_id);
}

function renderStatus(view, table) {
  let text;
  if (table.result) text = view.reason_text ? view.reason_text[LANG] : table.result.result;
  else if (!table.started) text = W.waiting;
  else if (view.legal && view.legal.length) text = W.your_move;
  else text = fill(W.to_move, { side: sideName(view, table.to_move) });
  if (!table.result && view.draw_offer) {
    text += " · " + fill(W.draw_offered, { side: sideName(view, view.sides.indexOf(view.draw_offer)) });
  }
  if (!view.you) text += " · " + W.spectator;
  $("status").textContent = text;
}

function button(label, message, id) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = label;
  if (id) b.id = id;
  b.addEventListener("click", () => {
    if (message.type === "board.resign" && !window.confirm(W.confirm_resign)) return;
    send(message);
  });
  return b;
}

function renderActions(view, table) {
  const box = $("actions");
  box.replaceChildren();
  if (!view.you || !table.started || table.result) return;
  const legal = view.legal || [];
  if (promoting && promoting.every((m) => legal.includes(m))) {
    const label = document.createElement("span");
    label.textContent = W.promote;
    box.appendChild(label);
    const white = view.you === view.sides[0];
    for (const m of promoting) {
      const piece = m.slice(4);
      const b = button(CHESS[white ? piece.toUpperCase() : piece], { type: "board.move", move: m }, "promote-" + piece);
      b.setAttribute("aria-label", W["piece_" + piece]);
      b.addEventListener("click", () => {
        promoting = null;
        selected = null;
      });
      box.appendChild(b);
    }
    return;
  }
  promoting = null;
  if (legal.includes("pass")) box.appendChild(button(W.pass, { type: "board.move", move: "pass" }, "pass"));
  for (const m of legal) {
    // a game's claims and the go marking phase's answers: given as the game writes them
    if (/^(claim|accept-dead$|resume$)/.test(m)) {
      box.appendChild(button(W[m] || m, { type: "board.move", move: m }, "move-" + m));
    }
  }
  const mine = view.you;
  if (view.draw_offer && view.draw_offer !== mine) {
    box.appendChild(button(W.accept_draw, { type: "board.draw", answer: "accept" }, "accept-draw"));
    box.appendChild(button(W.decline_draw, { type: "board.draw", answer: "decline" }, "decline-draw"));
  } else if (!view.draw_offer) {
    box.appendChild(button(W.offer_draw, { type: "board.draw", answer: "offer" }, "offer-draw"));
  }
  box.appendChild(button(W.resign, { type: "board.resign" }, "resign"));
}

function renderMoves(view) {
  const list = $("move-list");
  const texts = view.san || view.chinese || view.moves;
  list.replaceChildren(
    ...texts.map((t) => {
      const li = document.createElement("li");
      li.textContent = t;
      return li;
    }),
  );
}

// --- moving --------------------------------------------------------------------------------

function choose(point, index) {
  focusIdx = index;
  const view = msg && msg.view;
  const legal = (view && view.legal) || [];
  if (!legal.length) return;
  if (!twoClicks(view.game)) {
    const marking = view.phase === "marking" ? "dead:" + point : null;
    if (legal.includes(point)) send({ type: "board.move", move: point });
    else if (marking && legal.includes(marking)) send({ type: "board.move", move: marking });
    return;
  }
  if (selected) {
    const moves = legal.filter((m) => m.slice(0, 4) === selected + point);
    if (moves.length === 1) {
      selected = null;
      send({ type: "board.move", move: moves[0] });
      return;
    }
    if (moves.length > 1) {
      promoting = moves; // a pawn's promotion: the player chooses the piece
      render();
      return;
    }
  }
  selected = legal.some((m) => m.startsWith(point)) && selected !== point ? point : null;
  promoting = null;
  render();
}

// --- the connection ------------------------------------------------------------------------

function send(message) {
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
}

function showError(text) {
  const box = $("error-box");
  box.textContent = text;
  box.classList.toggle("hidden", !text);
}

function connect() {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  ws = new WebSocket(`${proto}//${location.host}/ws/boards/${config.table_id}`);
  ws.onopen = () => {
    $("conn-status").textContent = "";
    ws.send(JSON.stringify({ type: "hello" }));
  };
  ws.onmessage = (e) => {
    const m = JSON.parse(e.data);
    if (m.type === "state" || m.type === "event") {
      msg = m;
      receivedAt = Date.now();
      if (m.type === "event" && m.event.type === "board.move") showError("");
      render();
    } else if (m.type === "error") {
      showError(LANG === "zh-CN" && m.zh ? m.zh : m.message);
    }
  };
  ws.onclose = (e) => {
    if (e.code === 4404 || e.code === 4403) return; // over (the page shows its last state)
    $("conn-status").textContent = W.connecting;
    setTimeout(connect, 1000);
  };
}

setInterval(() => {
  if (msg && msg.table.clock && msg.table.clock.running !== null) {
    for (const i of [0, 1]) {
      const c = $("clock-" + i);
      if (c) c.textContent = clockShown(msg.table.clock, i);
    }
  }
}, 250);
msg = { type: "state", ...config.initial }; // the page's own state, until the socket's
receivedAt = Date.now();
render();
if (!msg.table.closed) connect();
else $("conn-status").textContent = "";
