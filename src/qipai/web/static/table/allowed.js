/* What the server would accept from this player now, read from the view and the table it
   sent (server/table.py decides; this only keeps the page from offering what it would refuse):
   no button for an action that can only come back as an error. */
import { ctx, SEATS } from "./ctx.js";

const LHO = { N: "E", E: "S", S: "W", W: "N" };
const RHO = { N: "W", E: "N", S: "E", W: "S" };

function me() {
  return ctx.state.you && ctx.state.you.seat;
}

function blocked() {
  const t = ctx.state.table;
  return !t || t.closed || t.paused != null || !!t.undo; // an undo waiting holds the board
}

function isRobot(seat) {
  const occ = ctx.state.table && ctx.state.table.seats[seat];
  return !!(occ && occ.robot);
}

function taken(seat) {
  const occ = ctx.state.table && ctx.state.table.seats[seat];
  return !!(occ && (occ.name || occ.robot));
}

/** The board's calls and cards in order, each with the seat that made it (dummy's cards are
    declarer's). */
function actions(v) {
  const out = v.auction.map((e) => e.seat);
  for (const t of v.tricks) for (const c of t.cards) out.push(c.seat === v.dummy ? v.declarer : c.seat);
  return out;
}

/** Calls, cards and a claim: only at this player's turn, play not held. */
export function mayAct() {
  return !!me() && !blocked();
}

export function mayClaim(v) {
  return mayAct() && v.phase === "play" && v.claim === null && me() === v.declarer;
}

/** Undo (server/table.py request_undo): not at an event's tables; the player's own last call
    or card, with no person acting since; robot opponents agree only to the last action of the
    board, never to the opening lead. */
export function mayUndo(v) {
  if (v.undo_declined) return false; // the server says robot opponents would decline (why: shown)
  const t = ctx.state.table;
  const seat = me();
  if (!seat || !t || t.event_table || t.closed || t.paused != null || t.undo) return false;
  if (v.phase === "done" || v.claim !== null) return false;
  const done = actions(v);
  const mine = done.lastIndexOf(seat);
  if (mine < 0) return false;
  const later = done.slice(mine + 1);
  if (later.some((s) => !isRobot(s))) return false;
  if (isRobot(LHO[seat]) || isRobot(RHO[seat])) {
    if (later.length) return false;
    if (mine === v.auction.length) return false; // the opening lead: dummy is faced (Law 41D)
  }
  return true;
}

/** Sitting down: not at an event's table; not where someone sits; one who stood up
    mid-board only where they left; a watcher shown all four hands not while the board is on. */
export function maySitAt(seat) {
  const t = ctx.state.table;
  const v = ctx.state.view;
  if (!t || t.event_table || t.closed || me() || !ctx.config.user) return false;
  if (!policyLetsSit()) return false;
  const occ = t.seats[seat];
  if (occ && occ.name) return false;
  const asking = (t.seat_requests || {})[seat];
  if (asking && asking !== ctx.config.user.name) return false; // one request a seat
  const on = v && v.phase !== "done";
  if (on && v.seat) return seat === v.seat; // their seat's view is kept: only there
  if (on && SEATS.every((s) => v.hands[s] !== null)) return false; // they saw every hand
  return true;
}

function isOwner() {
  return !!(ctx.state.you && ctx.state.you.owner);
}

/** The table's seat policy (server/table.py sit_by_policy): the owner sits anywhere; at an
    invitation table only who came by the invitation link (the page is told: config.invited). */
export function policyLetsSit() {
  const t = ctx.state.table;
  return !t || isOwner() || t.seat_policy !== "invitation" || !!ctx.config.invited;
}

/** At a consent table everyone but the owner asks the owner first. */
export function mustAsk() {
  const t = ctx.state.table;
  return !!t && t.seat_policy === "consent" && !isOwner();
}

/** The requests to sit the owner of a consent table answers (seat letter -> name). */
export function requestsToAnswer() {
  const t = ctx.state.table;
  return t && isOwner() && !t.closed ? t.seat_requests || {} : {};
}

export function mayStand() {
  const t = ctx.state.table;
  return !!me() && !!t && !t.event_table && !t.closed;
}

/** The next board: at a club table, once this board is over and every seat is taken. */
export function mayGoOn(v) {
  const t = ctx.state.table;
  return !!me() && !!t && !t.event_table && !t.closed && t.paused == null && v.phase === "done" && SEATS.every(taken);
}

