/* The websocket to the table (docs/PROTOCOL.md): hello with the last event seen, reconnect with
   a growing pause, and each message the server sends folded into the shared state. */
import { ctx, finishedTricks } from "./ctx.js";
import { announce, showError } from "./notices.js";
import { openRecord, closeRecord, recordOpen } from "./recordview.js";
import { renderTrick, HOLD_MS } from "./trick.js";
import { renderStatus } from "./status.js";
import { followEvent } from "./round.js";

/* The protocol version this script speaks (docs/PROTOCOL.md, "Versions"); the server says its
   own in every state message. */
export const PROTOCOL = 3;
const RELOADED = "qipai-reloaded-for-protocol";

let ws = null;
let retry = 0;
let leaving = false;
export let connected = false;

window.addEventListener("beforeunload", () => (leaving = true));

export function send(obj) {
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(obj));
  else showError(ctx.S.reconnecting);
}

export function isConnected() {
  return connected;
}

export function connect() {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  ws = new WebSocket(proto + "//" + location.host + "/ws/tables/" + ctx.config.table_id);
  ws.onopen = () => {
    retry = 0;
    connected = true;
    ws.send(JSON.stringify({ type: "hello", since: ctx.state.seq }));
    renderStatus();
  };
  ws.onmessage = (ev) => {
    let msg;
    try {
      msg = JSON.parse(ev.data);
    } catch (e) {
      return;
    }
    handle(msg);
  };
  ws.onclose = (ev) => {
    connected = false;
    renderStatus();
    if (ev.code === 4401) {
      // logged out in another tab: the page as a visitor sees it; logged out here, the
      // form's answer (the home page) is already on its way: no reload over it
      if (!leaving) location.reload();
      return;
    }
    if (ev.code === 4403 || ev.code === 4404) {
      showError(ev.reason || ctx.S.error);
      return;
    }
    retry = Math.min(retry + 1, 6);
    setTimeout(connect, 500 * retry * retry);
  };
}

function handle(msg) {
  const state = ctx.state;
  if (msg.table && msg.table.clocks) ctx.clockOffset = msg.table.clocks.now - Date.now();
  if (msg.type === "state" && msg.protocol !== PROTOCOL) {
    staleScript(msg.protocol);
    return;
  }
  if (msg.type === "state") {
    state.seq = msg.seq;
    state.table = msg.table;
    state.you = msg.you;
    state.view = msg.view;
    if (msg.since === null) state.chat = msg.chat || [];
    state.results = msg.results || [];
    ctx.render();
    const last = state.results[state.results.length - 1];
    if (state.view && state.view.phase === "done" && last && !recordOpen()) openRecord(last.board_no);
  } else if (msg.type === "event") {
    state.seq = Math.max(state.seq || 0, msg.seq);
    const e = msg.event;
    if (e.type === "chat" && !state.chat.some((c) => c.seq === msg.seq)) {
      state.chat.push(Object.assign({ seq: msg.seq }, e));
    }
    if (e.type === "board_done" && !msg.replay) {
      state.results.push(e);
      openRecord(e.board_no);
      if (state.table && state.table.event_table) setTimeout(followEvent, 1500);
    }
    if (e.type === "board_started" && !msg.replay) closeRecord();
    if (!msg.replay) {
      announce(e);
      const before = finishedTricks(state.view).length;
      const after = finishedTricks(msg.view).length;
      if (msg.view && msg.view.phase === "play" && after > before) {
        ctx.hold = { until: Date.now() + HOLD_MS };
        setTimeout(() => {
          ctx.hold = null;
          renderTrick();
        }, HOLD_MS + 20);
      }
      state.table = msg.table;
      state.you = msg.you;
      state.view = msg.view;
    }
    ctx.render();
  } else if (msg.type === "table") {
    state.table = msg.table;
    ctx.render();
  } else if (msg.type === "error") {
    showError(ctx.zh && msg.zh ? msg.zh : msg.message);
  }
}

/* This page's script is older (or newer) than the server's protocol: load the page again, once
   for each version; if that did not bring the right script, say so instead of looping. */
function staleScript(version) {
  if (sessionStorage.getItem(RELOADED) !== String(version)) {
    sessionStorage.setItem(RELOADED, String(version));
    location.reload();
    return;
  }
  showError(ctx.S.reload_page);
}
