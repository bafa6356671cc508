/* The bidding box, a fixed grid (pass, double, redouble; then 1♣ to 7NT) with the calls that
   may not be made now disabled, not removed; one tab stop, the arrow keys move within it. And
   the auction, with each explanation shown on hover and on a tap. */
import { $, el, clear } from "../dom.js";
import { ctx, seatName } from "./ctx.js";
import { mayAct } from "./allowed.js";
import { callName, callNode } from "./names.js";
import { rove } from "./seats.js";

function callButton(call, legal) {
  const b = el("button", "call-btn");
  b.type = "button";
  b.appendChild(callNode(call));
  b.dataset.call = call;
  b.setAttribute("aria-label", callName(call));
  b.disabled = !legal.includes(call);
  b.addEventListener("click", () => {
    const explanation = $("explanation").value.trim();
    ctx.send({ type: "call", call: call, alert: $("alert-check").checked || explanation.length > 0, explanation: explanation });
  });
  return b;
}

export function renderBiddingBox() {
  const S = ctx.S;
  const box = clear($("bidding-box"));
  const v = ctx.state.view;
  const legal = v && v.phase === "auction" && mayAct() ? v.legal_calls : [];
  box.classList.toggle("hidden", !legal.length);
  if (!legal.length) return;
  const grid = el("div", "bid-grid");
  grid.setAttribute("role", "group");
  grid.setAttribute("aria-label", S.auction);
  const specials = el("div", "bid-row specials");
  for (const call of ["P", "X", "XX"]) specials.appendChild(callButton(call, legal));
  grid.appendChild(specials);
  const bids = el("div", "bids");
  for (let level = 1; level <= 7; level++) {
    for (const strain of ["C", "D", "H", "S", "NT"]) bids.appendChild(callButton(level + strain, legal));
  }
  grid.appendChild(bids);
  box.appendChild(grid);
  rove(grid);
  const extra = el("div", "alert-row");
  const label = el("label", "check");
  const alert = el("input");
  alert.type = "checkbox";
  alert.id = "alert-check";
  label.appendChild(alert);
  label.appendChild(document.createTextNode(" " + S.alert));
  const expl = el("input", "explanation");
  expl.id = "explanation";
  expl.maxLength = 200;
  expl.placeholder = S.explanation;
  extra.appendChild(label);
  extra.appendChild(expl);
  box.appendChild(extra);
}

export function renderAuction() {
  const box = clear($("auction"));
  const alerts = clear($("alerts"));
  const v = ctx.state.view;
  if (!v) return;
  const order = ["W", "N", "E", "S"];
  const tbl = el("table", "auction-table");
  const head = el("tr");
  for (const s of order) head.appendChild(el("th", v.turn === s && v.phase === "auction" ? "turn" : null, seatName(s)));
  tbl.appendChild(head);
  const cells = [];
  for (let i = 0; i < order.indexOf(v.dealer); i++) cells.push(null);
  for (const e of v.auction) cells.push(e);
  if (v.phase === "auction") cells.push("?");
  for (let i = 0; i < cells.length; i += 4) {
    const tr = el("tr");
    for (let j = i; j < i + 4; j++) {
      const td = el("td");
      const e = cells[j];
      if (e === "?") td.textContent = "?";
      else if (e) {
        td.appendChild(callNode(e.call));
        if (e.alert) td.appendChild(el("sup", "alert-mark", "!"));
        const text = ctx.zh && e.explanation_zh ? e.explanation_zh : e.explanation;
        if (text) explainOn(td, text, e.call);
        if (text && (e.alert || e.call !== "P")) {
          const li = el("li");
          li.appendChild(callNode(e.call));
          li.appendChild(document.createTextNode(" (" + seatName(e.seat) + "): " + text));
          alerts.appendChild(li);
        }
      }
      tr.appendChild(td);
    }
    tbl.appendChild(tr);
  }
  box.appendChild(tbl);
  if (v.phase === "auction") {
    // the auction in the middle of the table too, beside the bidding box on a phone
    const copy = tbl.cloneNode(true);
    copy.classList.add("center-auction");
    copy.setAttribute("aria-hidden", "true");
    for (const n of copy.querySelectorAll("[tabindex]")) n.removeAttribute("tabindex");
    clear($("trick")).appendChild(copy);
  }
}

// -- explanations: shown on hover (title) and on a tap (a small pop-up)
export function explainOn(node, text, call) {
  node.title = text;
  node.classList.add("explained");
  if (call === "P") node.classList.add("quiet");
  node.tabIndex = 0;
  const show = (ev) => {
    ev.stopPropagation();
    const pop = $("expl-pop");
    if (!pop.classList.contains("hidden") && pop.dataset.for === text) {
      pop.classList.add("hidden");
      return;
    }
    pop.textContent = text;
    pop.dataset.for = text;
    const r = node.getBoundingClientRect();
    pop.style.left = Math.max(4, Math.min(window.scrollX + r.left, window.scrollX + document.documentElement.clientWidth - 260)) + "px";
    pop.style.top = window.scrollY + r.bottom + 4 + "px";
    pop.classList.remove("hidden");
  };
  node.addEventListener("click", show);
  node.addEventListener("keydown", (ev) => {
    if (ev.key === "Enter" || ev.key === " ") show(ev);
  });
}

export function initBidding() {
  document.addEventListener("click", () => $("expl-pop").classList.add("hidden"));
}
