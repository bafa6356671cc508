/* The four seats: who sits there, dealer, vulnerability, declarer and dummy, the clock, and
   the cards (this player's hand as a fan, the others by suit; hidden hands as a count);
   and the buttons to sit down or stand up. */
import { $, el, clear, fill, button } from "../dom.js";
import { ctx, SEATS, seatName, positions, isVulnerable } from "./ctx.js";
import { cardName, cardNode, sortHand } from "./names.js";
import { suitClass, rankText } from "../display.js";
import { playCard } from "./trick.js";
import { mayAct, maySitAt, mayStand, mustAsk, policyLetsSit, requestsToAnswer } from "./allowed.js";

const SUIT_SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };

// One tab stop per group (a hand, the bidding box): the arrow keys move within it.
export function rove(group) {
  const items = Array.from(group.querySelectorAll("button:not([disabled])"));
  items.forEach((b, i) => (b.tabIndex = i === 0 ? 0 : -1));
}

function cardsPlayedBy(v, seat) {
  let n = 0;
  for (const t of v.tricks) for (const c of t.cards) if (c.seat === seat) n++;
  return n;
}

function seatLabel(seat, v) {
  const { S, state } = ctx;
  const label = el("div", "seat-label");
  label.appendChild(el("span", "seat-name", seatName(seat)));
  const occ = state.table ? state.table.seats[seat] : null;
  const who = occ && occ.name ? occ.name : occ && occ.robot ? S.robot : S.empty;
  label.appendChild(el("span", "player", who + (state.you.seat === seat ? " (" + S.you + ")" : "")));
  if (occ && occ.name && occ.robot) label.appendChild(el("span", "role takeover", S.robot_playing));
  else if (occ && occ.name && occ.away) label.appendChild(el("span", "role away", S.away));
  const clock = el("span", "clock");
  clock.dataset.seat = seat;
  clock.title = S.clock;
  label.appendChild(clock);
  if (v && v.dealer === seat) label.appendChild(el("span", "role dealer", S.dealer));
  if (v && isVulnerable(v, seat)) {
    label.classList.add("vul");
    label.appendChild(el("span", "role vul-tag", S.vulnerable));
  }
  if (v && v.declarer === seat) label.appendChild(el("span", "role", S.declarer));
  if (v && v.dummy === seat && v.phase !== "auction") label.appendChild(el("span", "role", S.dummy));
  if (v && v.turn === seat && v.phase !== "done") label.classList.add("turn");
  return label;
}

function backs(seat, v) {
  const left = 13 - cardsPlayedBy(v, seat);
  const node = el("div", "backs");
  node.setAttribute("role", "img");
  node.setAttribute("aria-label", seatName(seat) + " " + fill(ctx.S.n_cards, { n: left }));
  node.appendChild(el("span", "back"));
  node.appendChild(el("span", "count", "× " + left));
  return node;
}

function fan(seat, hand, playable) {
  const row = el("div", "hand fan");
  row.setAttribute("role", "group");
  row.setAttribute("aria-label", seatName(seat));
  for (const card of sortHand(hand)) {
    const node = cardNode(card, { button: playable(card) });
    if (playable(card)) {
      node.classList.add("playable");
      node.addEventListener("click", () => playCard(card));
    }
    row.appendChild(node);
  }
  return row;
}

function bySuit(seat, hand, playable, v) {
  const rows = el("div", "hand suits");
  rows.setAttribute("role", "group");
  rows.setAttribute("aria-label", seatName(seat) + (v.dummy === seat ? " · " + ctx.S.dummy : ""));
  for (const suit of ["S", "H", "D", "C"]) {
    const row = el("div", "suit-row");
    const sym = el("span", "suit-symbol suit-" + suit + " " + suitClass(suit), SUIT_SYMBOL[suit]);
    sym.setAttribute("aria-hidden", "true");
    row.appendChild(sym);
    const cards = sortHand(hand.filter((c) => c[0] === suit));
    if (!cards.length) row.appendChild(el("span", "void", "—"));
    for (const card of cards) {
      const chip = el(playable(card) ? "button" : "span", "chip suit-" + suit + " " + suitClass(suit), rankText(card[1]));
      chip.dataset.card = card;
      chip.setAttribute("aria-label", cardName(card));
      if (playable(card)) {
        chip.type = "button";
        chip.classList.add("playable");
        chip.addEventListener("click", () => playCard(card));
      } else chip.setAttribute("role", "img");
      row.appendChild(chip);
    }
    rows.appendChild(row);
  }
  return rows;
}

export function renderSeats() {
  const v = ctx.state.view;
  for (const [where, seat] of Object.entries(positions())) {
    const box = clear($("pos-" + where));
    box.dataset.seat = seat;
    box.appendChild(seatLabel(seat, v));
    if (!v) continue;
    const hand = v.hands[seat];
    if (hand === null) {
      box.appendChild(backs(seat, v));
      continue;
    }
    const legal = new Set(v.legal_cards);
    const playable = (card) => v.phase === "play" && v.turn === seat && legal.has(card) && mayAct();
    const group = where === "bottom" ? fan(seat, hand, playable) : bySuit(seat, hand, playable, v);
    box.appendChild(group);
    rove(group);
  }
}

export function renderSeatControls() {
  const { S, state, config } = ctx;
  const box = clear($("seat-controls"));
  if (!state.table || state.table.closed) return;
  if (!config.user) {
    const p = el("p", "note", S.login_needed + " ");
    const a = el("a", null, S.login);
    a.href = "/";
    p.appendChild(a);
    box.appendChild(p);
    return;
  }
  for (const [s, name] of Object.entries(requestsToAnswer())) {
    const row = el("div", "seat-request");
    row.appendChild(el("span", "label", fill(S.seat_asked, { name: name, seat: seatName(s) }) + " "));
    for (const [accept, label, id] of [[true, S.let_sit, "let-sit-"], [false, S.refuse_sit, "refuse-sit-"]]) {
      const b = button(label, id + s);
      b.addEventListener("click", () => ctx.send({ type: "seat_answer", seat: s, accept: accept }));
      row.appendChild(b);
    }
    box.appendChild(row);
  }
  if (state.you.seat) {
    if (!mayStand()) return;
    const b = button(S.stand, "stand");
    b.addEventListener("click", () => ctx.send({ type: "stand" }));
    box.appendChild(b);
    return;
  }
  const t = state.table;
  const waiting = SEATS.find((s) => t && (t.seat_requests || {})[s] === config.user.name);
  if (waiting) {
    box.appendChild(el("p", "note seat-waiting", fill(S.seat_waiting, { seat: seatName(waiting) })));
  }
  if (!policyLetsSit()) box.appendChild(el("p", "note", S.seat_policy + ": " + S.seat_invitation));
  const free = SEATS.filter((s) => s !== waiting && maySitAt(s));
  box.appendChild(el("span", "label", S.spectator + (free.length ? " · " : "")));
  for (const s of free) {
    const b = button((mustAsk() ? S.ask_to_sit : S.sit) + " " + seatName(s), null, "sit");
    b.dataset.seat = s;
    b.addEventListener("click", () => ctx.send({ type: "sit", seat: s }));
    box.appendChild(b);
  }
}
