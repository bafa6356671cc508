/* The status lines: the connection, the board (number, dealer, vulnerability), the contract,
   the tricks won, and whose turn it is. */
import { $, clear, fill } from "../dom.js";
import { ctx, seatName, isPaused } from "./ctx.js";
import { isConnected } from "./connection.js";

export function renderStatus() {
  const node = $("conn-status");
  const on = isConnected();
  node.textContent = on ? ctx.S.connected : ctx.S.reconnecting;
  node.className = "conn " + (on ? "ok" : "down");
}

export function renderInfo() {
  const { S, D, state } = ctx;
  const v = state.view;
  const info = clear($("board-info"));
  const c = clear($("contract-info"));
  const tr = clear($("tricks-info"));
  if (!v) {
    info.textContent = state.table && state.table.closed ? S.table_closed : S.waiting_players;
    return;
  }
  info.textContent = S.board + " " + v.number + " · " + S.dealer + " " + seatName(v.dealer) + " · " + D.vulnerability(v.vulnerability);
  if (v.contract) {
    c.appendChild(document.createTextNode(S.contract + " "));
    c.appendChild(D.node(D.resultBits(v.contract, v.declarer, null), "contract"));
  } else if (v.phase === "done") {
    c.textContent = D.T.passed_out;
  }
  if (v.phase !== "auction") {
    tr.textContent = S.tricks_won + " " + S.NS + " " + v.tricks_won.NS + " : " + v.tricks_won.EW + " " + S.EW;
  }
}

export function renderTurn() {
  const { S, state } = ctx;
  const banner = $("turn-banner");
  const v = state.view;
  banner.className = "turn-banner";
  if (isPaused()) {
    const why = state.table.paused;
    banner.textContent = S.play_paused + (why ? (ctx.zh ? "：" : ": ") + why : "");
    banner.classList.add("paused");
    return;
  }
  if (!v || v.phase === "done") {
    banner.textContent = v ? S.board_over : S.waiting_players;
    return;
  }
  if (v.claim !== null) {
    banner.textContent = fill(S.claim_pending, { seat: seatName(v.declarer), n: v.claim });
    if (v.claim_statement) banner.textContent += " · " + fill(S.claim_statement, { text: v.claim_statement });
    banner.classList.add("claim");
    return;
  }
  const mine = state.you.seat && v.acting === state.you.seat;
  if (mine) {
    banner.textContent = v.turn !== v.acting ? S.your_turn_dummy : S.your_turn;
    banner.classList.add("mine");
  } else {
    banner.textContent = fill(S.waiting_for, { seat: seatName(v.turn) });
  }
}
