/* The trick in the middle: the one being played; a trick just finished is held there a moment
   (HOLD_MS, or until this player plays) even when the winner leads at once; the last trick
   button (or L) shows the last finished trick until pressed again. */
import { $, el, clear, fill } from "../dom.js";
import { ctx, seatName, positions, finishedTricks } from "./ctx.js";
import { cardName, cardNode } from "./names.js";

export const HOLD_MS = 1500;

export function playCard(card) {
  ctx.hold = null;
  ctx.showLast = false;
  ctx.send({ type: "card", card: card });
}

export function renderTrick() {
  const S = ctx.S;
  const box = clear($("trick"));
  const v = ctx.state.view;
  const done = finishedTricks(v);
  const last = done.length ? done[done.length - 1] : null;
  if (!last) ctx.showLast = false;
  const lastBtn = $("last-trick");
  lastBtn.disabled = !last;
  lastBtn.classList.toggle("hidden", !v || v.phase === "auction");
  lastBtn.setAttribute("aria-pressed", ctx.showLast ? "true" : "false");
  lastBtn.title = last ? "" : S.no_last_trick;
  box.classList.remove("old", "last", "held");
  $("table-area").classList.toggle("bidding", !!v && v.phase === "auction");
  if (!v || v.phase === "auction") return;
  let trick = null;
  if (ctx.showLast) {
    trick = last;
    box.classList.add("last");
    box.appendChild(el("div", "trick-caption", fill(S.last_trick_won, { seat: seatName(last.winner) })));
  } else if (ctx.hold && last && Date.now() < ctx.hold.until && v.phase === "play") {
    trick = last;
    box.classList.add("held");
  } else {
    const ts = v.tricks;
    trick = ts.length ? ts[ts.length - 1] : null;
    if (trick && !trick.cards.length) {
      trick = last;
      box.classList.toggle("old", !!last);
    }
    if (trick && trick.winner && v.phase === "done") box.classList.add("old");
  }
  if (!trick) return;
  const where = {};
  for (const [k, s] of Object.entries(positions())) where[s] = k;
  for (const c of trick.cards) {
    const node = cardNode(c.card, { label: fill(S.seat_card, { seat: seatName(c.seat), card: cardName(c.card) }) });
    node.classList.add("in-trick", "at-" + where[c.seat]);
    node.dataset.seat = c.seat;
    if (trick.winner === c.seat) node.classList.add("winner");
    box.appendChild(node);
  }
}

export function toggleLast() {
  if ($("last-trick").disabled) return;
  ctx.showLast = !ctx.showLast;
  renderTrick();
}

export function initTrick() {
  $("last-trick").addEventListener("click", toggleLast);
}
