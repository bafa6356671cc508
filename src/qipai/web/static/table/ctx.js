/* The live table's shared state: the page's config and words, the last view the server sent,
   and what this page keeps across redraws. Every module of the table reads and writes it. */

export const SEATS = ["N", "E", "S", "W"];

export const ctx = {
  config: null, // the page's #config: table id, language, user, strings
  S: null, // the page's words (web/i18n.py), S.display the display's (web/display.py)
  zh: false,
  D: null, // display.js over S.display
  state: { seq: null, table: null, you: { seat: null }, view: null, chat: [], results: [] },
  clockOffset: 0, // server time minus this browser's time, in ms
  hold: null, // {until}: a trick just finished, still shown in the middle
  showLast: false, // the last trick button is pressed
  wantFocus: false, // focus was in the play and went with a redrawn node: put it back
  render: () => {}, // redraw everything (main.js)
  send: () => {}, // send a command to the table (connection.js)
};

export function seatName(s) {
  return ctx.D.seatName(s);
}

/** Where each seat sits on the screen: the player's own seat at the bottom. A player who stood
    up mid-board still sees their seat's view: it stays at the bottom. */
export function positions() {
  const st = ctx.state;
  const me = (st.you && st.you.seat) || (st.view && st.view.seat) || "S";
  const i = SEATS.indexOf(me);
  return { bottom: SEATS[i], left: SEATS[(i + 1) % 4], top: SEATS[(i + 2) % 4], right: SEATS[(i + 3) % 4] };
}

export function isPaused() {
  return !!ctx.state.table && ctx.state.table.paused != null; // null or absent: play goes on
}

export function finishedTricks(v) {
  return v && v.phase !== "auction" ? v.tricks.filter((t) => t.winner && t.cards.length) : [];
}

export function isVulnerable(v, seat) {
  const vul = v.vulnerability;
  return vul === "All" || (vul === "NS" && (seat === "N" || seat === "S")) || (vul === "EW" && (seat === "E" || seat === "W"));
}
