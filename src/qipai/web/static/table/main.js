/* The live table: one module per concern, wired here.
     ctx.js         the shared state and what is derived from it (positions, vulnerability)
     connection.js  the websocket: hello, reconnect, each message folded into the state
     names.js       cards and calls by name for screen readers, and their nodes
     seats.js       the four seats and their cards; sitting down and standing up
     trick.js       the trick in the middle, the held trick and the last trick
     bidding.js     the bidding box and the auction, with explanations
     claims.js      claims and undo requests
     allowed.js     what the server would accept now: nothing else is offered
     results.js     a board's end and the table's results (display.js: as the pages say them)
     recordview.js  a finished board's hand record, the page's own (record.js replays it)
     status.js      the connection, board, contract, tricks and turn lines
     notices.js     errors and the notices every seat is told
     keyboard.js    focus kept where play goes on; keys for calls, cards, arrows, L
     clocks.js, chat.js, settings.js (the four-colour deck), round.js (an event's round) */
import { $ } from "../dom.js";
import { display } from "../display.js";
import { ctx } from "./ctx.js";
import { connect, send } from "./connection.js";
import { renderSeats, renderSeatControls } from "./seats.js";
import { renderTrick, initTrick } from "./trick.js";
import { renderBiddingBox, renderAuction, initBidding } from "./bidding.js";
import { renderClaim, renderUndo } from "./claims.js";
import { renderDone, renderResults } from "./results.js";
import { initRecordView } from "./recordview.js";
import { renderStatus, renderInfo, renderTurn } from "./status.js";
import { focusKey, restoreFocus, initKeyboard } from "./keyboard.js";
import { renderClocks, initClocks } from "./clocks.js";
import { renderChat, initChat } from "./chat.js";
import { initSettings } from "./settings.js";
import { followEvent, initRound } from "./round.js";

function render() {
  const keep = focusKey();
  renderStatus();
  renderInfo();
  renderSeats();
  renderClocks();
  renderTrick();
  renderTurn();
  renderBiddingBox();
  renderClaim();
  renderUndo();
  renderDone();
  renderSeatControls();
  renderAuction();
  renderResults();
  renderChat();
  restoreFocus(keep);
}

export function table() {
  const configNode = $("config");
  if (!configNode) return;
  ctx.config = JSON.parse(configNode.textContent);
  ctx.S = ctx.config.strings;
  ctx.zh = ctx.config.lang === "zh";
  ctx.D = display(ctx.S.display);
  ctx.render = render;
  ctx.send = send;
  initKeyboard();
  initSettings();
  initTrick();
  initBidding();
  initRecordView();
  initChat();
  initClocks();
  initRound();
  render();
  connect();
  followEvent();
}
