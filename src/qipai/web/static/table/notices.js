/* Errors and notices: an error for this player for a few seconds; what came of a claim, an
   undo request or a request to sit told to every seat (#notice, role="status"). */
import { $, fill } from "../dom.js";
import { ctx, seatName } from "./ctx.js";
import { actionName } from "./names.js";

export function showError(message) {
  const box = $("error-box");
  box.textContent = message;
  box.classList.remove("hidden");
  clearTimeout(showError.timer);
  showError.timer = setTimeout(() => box.classList.add("hidden"), 6000);
}

export function announce(e) {
  const S = ctx.S;
  let text = null;
  const seat = seatName(e.seat);
  if (e.type === "claim") text = fill(S.claim_made, { seat: seat, n: e.tricks });
  else if (e.type === "claim_response") text = fill(e.accept ? S.claim_accepted : S.claim_rejected, { seat: seat });
  else if (e.type === "claim_ruled") text = fill(S.claim_ruled, { seat: seat, n: e.tricks, claimed: e.claimed });
  else if (e.type === "undo_answer") text = fill(e.accept ? S.undo_accepted : S.undo_refused, { seat: seat });
  else if (e.type === "undo") {
    const asked = ctx.state.table && ctx.state.table.undo;
    text = fill(S.undo_done, { seat: seat, what: asked ? actionName(asked.what) : "" });
  }
  else if (e.type === "seat_requested") text = fill(S.seat_asked, { name: e.name, seat: seat });
  else if (e.type === "seat_answer") text = fill(e.accept ? S.seat_accepted : S.seat_refused, { name: e.name, seat: seat });
  if (!text) return;
  const box = $("notice");
  box.textContent = text;
  box.classList.remove("hidden");
  clearTimeout(announce.timer);
  announce.timer = setTimeout(() => box.classList.add("hidden"), 10000);
}
