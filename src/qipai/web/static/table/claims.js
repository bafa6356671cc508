/* Claims (Laws 68-70) and undo requests: declarer claims some of the tricks left, the
   defenders accept or dispute; a player asks to take back a mis-click, the opponents agree or
   not. What came of it is told to every seat by notices.js. */
import { $, el, clear, fill, button } from "../dom.js";
import { ctx, seatName } from "./ctx.js";
import { mayAct, mayClaim, mayUndo } from "./allowed.js";

function answerButtons(box, prefix, suffix, type) {
  for (const [accept, key] of [[true, "accept"], [false, "reject"]]) {
    const id = prefix ? prefix + key : key + suffix;
    const b = button(ctx.S[key], id);
    b.addEventListener("click", () => ctx.send({ type: type, accept: accept }));
    box.appendChild(b);
  }
}

export function renderClaim() {
  const S = ctx.S;
  // The statement being typed survives the box being drawn again by an event meanwhile.
  const typed = $("claim-statement") ? $("claim-statement").value : "";
  const box = clear($("claim-box"));
  const v = ctx.state.view;
  const me = ctx.state.you.seat;
  let show = false;
  if (v && v.phase === "play" && me) {
    const left = 13 - v.tricks_won.NS - v.tricks_won.EW;
    if (mayClaim(v)) {
      show = true;
      const sel = el("select");
      sel.id = "claim-tricks";
      for (let n = left; n >= 0; n--) {
        const o = el("option", null, String(n));
        o.value = String(n);
        sel.appendChild(o);
      }
      box.appendChild(el("span", "label", fill(S.claim_prompt, { n: left }) + " "));
      box.appendChild(sel);
      const statement = el("input");
      statement.id = "claim-statement";
      statement.type = "text";
      statement.maxLength = 300;
      statement.value = typed;
      statement.placeholder = S.claim_statement_hint;
      statement.setAttribute("aria-label", S.claim_statement_label);
      box.appendChild(statement);
      const b = button(S.claim_btn, "claim-btn");
      b.addEventListener("click", () =>
        ctx.send({ type: "claim", tricks: Number(sel.value), statement: statement.value.trim() }));
      box.appendChild(b);
    } else if (v.claim !== null && v.declarer && me !== v.declarer && me !== v.dummy && mayAct()) {
      show = true;
      box.appendChild(el("span", "label", fill(S.claim_pending, { seat: seatName(v.declarer), n: v.claim }) + " "));
      if (v.claim_statement) {
        const said = el("span", "claim-statement", fill(S.claim_statement, { text: v.claim_statement }) + " ");
        said.id = "claim-statement-shown";
        box.appendChild(said);
      }
      answerButtons(box, null, "-claim", "claim_response");
    }
  }
  box.classList.toggle("hidden", !show);
}

export function renderUndo() {
  const S = ctx.S;
  const state = ctx.state;
  const box = clear($("undo-box"));
  const v = state.view;
  const me = state.you.seat;
  const undo = state.table ? state.table.undo : null;
  let show = false;
  if (v && v.phase !== "done" && undo) {
    show = true;
    box.appendChild(el("span", "label", fill(S.undo_asked, { seat: seatName(undo.seat), what: undo.what }) + " "));
    if (me && undo.waiting_for.includes(me)) answerButtons(box, "undo-", null, "undo_answer");
    else if (me === undo.seat) box.appendChild(el("span", "note", S.undo_waiting));
  } else if (v && mayUndo(v)) {
    show = true;
    const b = button(S.undo, "undo-btn");
    b.addEventListener("click", () => ctx.send({ type: "undo" }));
    box.appendChild(b);
  } else if (v && v.phase !== "done" && v.undo_declined) {
    // The robots' rule (server/table.py robots_decline_undo): say why no Undo is offered.
    show = true;
    const why = ctx.zh && v.undo_declined.zh ? v.undo_declined.zh : v.undo_declined.message;
    const note = el("span", "note", fill(S.undo_declined, { why: why }));
    note.id = "undo-declined";
    box.appendChild(note);
  }
  box.classList.toggle("hidden", !show);
}
