/* Errors and notices: an error for this player for a few seconds; what came of a claim or an
   undo request told to every seat (#notice, role="status"). */
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
  if (!text) return;
  const box = $("notice");
  box.textContent = text;
  box.classList.remove("hidden");
  clearTimeout(announce.timer);
  announce.timer = setTimeout(() => box.classList.add("hidden"), 10000);
}
