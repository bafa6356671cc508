/* Cards and calls by name, for screen readers, in the page's language: 红心A / ace of hearts,
   1红心 / 1 heart; and the nodes that draw them. */
import { el, fill } from "../dom.js";
import { ctx } from "./ctx.js";
import { rankText, suitClass } from "../display.js";

const SUIT_KEYS = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };

export function cardName(card) {
  const S = ctx.S;
  const rank = S["rank_" + card[1]] || rankText(card[1]);
  return fill(S.card_name, { suit: S[SUIT_KEYS[card[0]]], rank: rank });
}

export function callName(call) {
  const S = ctx.S;
  if (call === "P") return S.pass;
  if (call === "X") return S.double;
  if (call === "XX") return S.redouble;
  const level = call[0];
  const strain = call.slice(1);
  if (strain === "NT") return level + (ctx.zh ? S.notrump : "NT");
  const word = level === "1" || ctx.zh ? S["one_" + strain] : S[SUIT_KEYS[strain]];
  return fill(S.call_name, { level: level, strain: word });
}

/** A card played or named: 52 cards a move; a call as the auction shows it. */
export function actionName(what) {
  return /^[SHDC][AKQJT2-9]$/.test(what) ? cardName(what) : callName(what);
}

/** A call as the auction shows it (display.js's words), marked with its call. */
export function callNode(call) {
  const span = ctx.D.node(ctx.D.callBits(call), "call");
  span.dataset.call = call;
  return span;
}

/** A card face: rank over suit symbol; a button when it may be played. */
export function cardNode(card, opts) {
  const suit = card[0];
  const node = el(opts && opts.button ? "button" : "span", "card suit-" + suit + " " + suitClass(suit));
  node.dataset.card = card;
  node.appendChild(el("span", "rank", rankText(card[1])));
  node.appendChild(el("span", "suit", { S: "♠", H: "♥", D: "♦", C: "♣" }[suit]));
  node.setAttribute("aria-label", opts && opts.label ? opts.label : cardName(card));
  if (opts && opts.button) node.type = "button";
  else node.setAttribute("role", "img");
  return node;
}

// The hand in alternating colours: spades, hearts, clubs, diamonds; high to low.
const SORT_SUITS = "SHCD";
const SORT_RANKS = "AKQJT98765432";
export function sortHand(cards) {
  return cards
    .slice()
    .sort((a, b) => SORT_SUITS.indexOf(a[0]) - SORT_SUITS.indexOf(b[0]) || SORT_RANKS.indexOf(a[1]) - SORT_RANKS.indexOf(b[1]));
}
