/* Focus and keys. Focus stays where play goes on, never lost to <body> when the page is redrawn;
   type a call (1h, 2n, p, x, xx) or a card (hq; the rank alone when the suit is forced) to put
   the focus on it, Enter to make it; the arrows move within a hand or the bidding box; L shows
   the last trick, Esc goes back. */
import { $ } from "../dom.js";
import { ctx } from "./ctx.js";
import { toggleLast } from "./trick.js";

export function focusKey() {
  const a = document.activeElement;
  if (!a || a === document.body || !a.closest("#table-area, .controls")) return null;
  return { card: a.dataset.card, call: a.dataset.call, id: a.id };
}

function focusOn(node, quiet) {
  if (!node) return false;
  const group = node.closest(".hand, .bid-grid");
  if (group) for (const b of group.querySelectorAll("button")) b.tabIndex = b === node ? 0 : -1;
  node.focus({ preventScroll: !!quiet });
  return document.activeElement === node;
}

// Where a keyboard player acts next: a playable card, a call, an answer, the next board.
function nextTarget() {
  return document.querySelector(
    ".seat-box button.playable, #bidding-box .bid-grid button[tabindex='0'], #accept-claim, #undo-accept, #next-board"
  );
}

export function restoreFocus(keep) {
  const a = document.activeElement;
  if (a && a !== document.body) {
    ctx.wantFocus = false;
    return;
  }
  if (!keep && !ctx.wantFocus) return;
  let same = null;
  if (keep && keep.card) same = document.querySelector('.seat-box button[data-card="' + keep.card + '"]');
  else if (keep && keep.call) same = document.querySelector('#bidding-box button[data-call="' + keep.call + '"]:not([disabled])');
  else if (keep && keep.id) same = document.getElementById(keep.id);
  if (same && focusOn(same, true)) {
    ctx.wantFocus = false;
    return;
  }
  ctx.wantFocus = !focusOn(nextTarget(), true);
}

const keys = { buf: "", at: 0 };

function pickByKeys(buf) {
  const box = $("bidding-box");
  let m;
  if (!box.classList.contains("hidden")) {
    let call = null;
    if ((m = /([1-7])([cdhsn])$/.exec(buf))) call = m[1] + (m[2] === "n" ? "NT" : m[2].toUpperCase());
    else if (/xx$/.test(buf)) call = "XX";
    else if (/x$/.test(buf)) call = "X";
    else if (/p$/.test(buf)) call = "P";
    if (!call) return false;
    if (call !== "X") keys.buf = "";
    return focusOn(box.querySelector('button[data-call="' + call + '"]:not([disabled])'));
  }
  const cards = Array.from(document.querySelectorAll(".seat-box button.playable"));
  if (!cards.length) return false;
  const b = buf.replace(/10/g, "t");
  let suit = null;
  let rank = null;
  if ((m = /([cdhs])([akqjt2-9])$/.exec(b))) [suit, rank] = [m[1], m[2]];
  else if ((m = /([akqjt2-9])([cdhs])$/.exec(b))) [rank, suit] = [m[1], m[2]];
  else if ((m = /([akqjt2-9])$/.exec(b))) rank = m[1];
  else if ((m = /([cdhs])$/.exec(b))) suit = m[1];
  else return false;
  const match = cards.filter(
    (n) => (!suit || n.dataset.card[0] === suit.toUpperCase()) && (!rank || n.dataset.card[1] === rank.toUpperCase())
  );
  if (!match.length || (rank && !suit && match.length > 1)) return false;
  if (suit && rank) keys.buf = "";
  return focusOn(match[0]);
}

function moveFocus(key) {
  const a = document.activeElement;
  const group = a && a.closest ? a.closest(".hand, .bid-grid") : null;
  if (!group) return focusOn(nextTarget());
  const items = Array.from(group.querySelectorAll("button:not([disabled])"));
  const i = items.indexOf(a);
  if (key === "ArrowLeft" || key === "ArrowRight") {
    const j = i + (key === "ArrowLeft" ? -1 : 1);
    return j >= 0 && j < items.length && focusOn(items[j]);
  }
  // up and down: the nearest button in the next row that way
  const r = a.getBoundingClientRect();
  const up = key === "ArrowUp";
  let best = null;
  let bestScore = Infinity;
  for (const b of items) {
    const q = b.getBoundingClientRect();
    const dy = (q.top + q.bottom) / 2 - (r.top + r.bottom) / 2;
    if (up ? dy > -4 : dy < 4) continue;
    const score = Math.round(Math.abs(dy) / 4) * 10000 + Math.abs((q.left + q.right) / 2 - (r.left + r.right) / 2);
    if (score < bestScore) [best, bestScore] = [b, score];
  }
  return focusOn(best);
}

export function initKeyboard() {
  document.addEventListener("pointerdown", (ev) => {
    keys.buf = "";
    if (!ev.target.closest || !ev.target.closest("#table-area, .controls")) ctx.wantFocus = false;
  });
  document.addEventListener("keydown", (ev) => {
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const t = ev.target;
    // typing in a text field or choosing in a list is not a call or a card
    if (t && t.closest && t.closest("input:not([type=checkbox]):not([type=radio]), textarea, select, [contenteditable]")) return;
    const k = ev.key;
    if (k.startsWith("Arrow")) {
      if (moveFocus(k)) ev.preventDefault();
      return;
    }
    if (k === "Escape") {
      keys.buf = "";
      if (ctx.showLast) toggleLast();
      return;
    }
    // Enter (or Space) makes the focused call or card: what was typed for it is spent, so a
    // rank typed alone for this card never joins the next card's suit ("2" then "s" is not S2)
    if (k === "Enter" || k === " ") keys.buf = "";
    if (k.length !== 1 || k === " ") return;
    const c = k.toLowerCase();
    if (c === "l") {
      toggleLast();
      ev.preventDefault();
      return;
    }
    const now = Date.now();
    if (now - keys.at > 2000) keys.buf = "";
    keys.at = now;
    keys.buf = (keys.buf + c).slice(-3);
    if (pickByKeys(keys.buf)) ev.preventDefault();
  });
}
