/* Each seat's thinking time on this board; the acting seat's runs. */
import { ctx } from "./ctx.js";

function clockText(ms) {
  const sec = Math.max(0, Math.floor(ms / 1000));
  return Math.floor(sec / 60) + ":" + String(sec % 60).padStart(2, "0");
}

export function renderClocks() {
  const c = ctx.state.table && ctx.state.table.clocks;
  for (const node of document.querySelectorAll(".seat-label .clock")) {
    if (!c || !ctx.state.view) {
      node.textContent = "";
      continue;
    }
    const seat = node.dataset.seat;
    let ms = c.board[seat] || 0;
    const running = c.since !== null && c.acting === seat;
    if (running) ms += Date.now() + ctx.clockOffset - c.since;
    node.textContent = clockText(ms);
    node.classList.toggle("running", running);
  }
}

export function initClocks() {
  setInterval(renderClocks, 1000);
}
