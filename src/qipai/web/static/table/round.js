/* An event's table: the round, the board of the round and the time left; when the player's
   next round is seated, the page goes to their new table by itself. */
import { $, fill } from "../dom.js";
import { ctx } from "./ctx.js";

const round = { mine: null, ends: null };

export function renderRound() {
  const S = ctx.S;
  const node = $("round-info");
  const t = ctx.state.table;
  const where = t && t.event_table;
  if (!node || !where) return;
  const parts = [fill(S.round_n, { n: where.round })];
  if (t.board_no) parts.push(fill(S.board_of, { k: t.board_no, n: t.board_no + (t.boards_left || 0) }));
  if (round.ends && !t.closed) {
    const left = Math.max(0, Math.round((round.ends - Date.now()) / 1000));
    const mm = Math.floor(left / 60);
    const ss = String(left % 60).padStart(2, "0");
    parts.push(fill(S.time_left, { t: mm + ":" + ss }));
  }
  node.textContent = parts.join(" · ");
}

export async function followEvent() {
  const t0 = ctx.state.table;
  const where = t0 && t0.event_table;
  if (!where) {
    if (!t0) setTimeout(followEvent, 1000); // not known yet; a club table: done
    return;
  }
  let wait = 5000;
  try {
    const r = await fetch("/api/events/" + where.event, { credentials: "same-origin" });
    if (r.ok) {
      const ev = await r.json();
      const mine = ev.me && ev.me.table;
      round.mine = mine;
      round.ends = mine && mine.round === where.round && mine.ends_at ? Date.parse(mine.ends_at) : null;
      if (mine && mine.table_id && mine.table_id !== ctx.config.table_id && mine.round > where.round) {
        location.assign("/tables/" + mine.table_id);
        return;
      }
      // once this table has played its boards (the player waits for the next round) look
      // often; while it plays, now and then; after the event, no more
      const t = ctx.state.table;
      const waiting = t.closed || (!t.in_progress && t.boards_left === 0) || ev.status !== "running";
      wait = waiting ? 2000 : 15000;
      if (ev.status === "finished" || ev.status === "cancelled") wait = 0;
    }
  } catch (err) {
    wait = 5000;
  }
  renderRound();
  if (wait) setTimeout(followEvent, wait);
}

export function initRound() {
  setInterval(renderRound, 1000);
}
