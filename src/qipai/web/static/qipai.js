/* qipai: the lobby's live list and the live table. Vanilla JS, no build step.
   The table speaks the websocket protocol of docs/PROTOCOL.md; every text that came from a
   user is put in with textContent, never as HTML. */
"use strict";

(function () {
  const SEATS = ["N", "E", "S", "W"];
  const SEAT_KEYS = { N: "north", E: "east", S: "south", W: "west" };
  const SUIT_SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };
  const STRAIN_SYMBOL = { C: "♣", D: "♦", H: "♥", S: "♠", NT: "NT" };
  const VUL_KEYS = { None: "vul_none", NS: "vul_ns", EW: "vul_ew", All: "vul_both" };

  function el(tag, cls, text) {
    const node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  function clear(node) {
    while (node.firstChild) node.removeChild(node.firstChild);
    return node;
  }

  // --- the lobby: refresh the list of tables without a reload -----------------------------
  function lobby() {
    const box = document.getElementById("tables");
    if (!box) return;
    const S = JSON.parse(document.getElementById("lobby-strings").textContent);
    async function refresh() {
      try {
        const r = await fetch("/api/tables", { credentials: "same-origin" });
        if (!r.ok) return;
        const data = await r.json();
        clear(box);
        if (!data.tables.length) {
          box.appendChild(el("p", "note", S.no_tables));
          return;
        }
        const ul = el("ul", "table-list");
        for (const t of data.tables) {
          const li = el("li", "table-item");
          const a = el("a", "table-link", "#" + t.id + " " + t.name);
          a.href = "/tables/" + t.id;
          li.appendChild(a);
          li.appendChild(el("span", "tag", t.scoring === "MP" ? S.mp : S.imp));
          if (t.private) li.appendChild(el("span", "tag", S.private_tag));
          const seats = el("span", "seats");
          for (const s of SEATS) {
            const occ = t.seats[s];
            const who = occ && occ.name ? occ.name : occ && occ.robot ? S.robot : S.empty;
            seats.appendChild(el("span", "seat-chip", S[SEAT_KEYS[s]] + ": " + who));
          }
          li.appendChild(seats);
          if (t.board_no) li.appendChild(el("span", "note", S.board + " " + t.board_no));
          ul.appendChild(li);
        }
        box.appendChild(ul);
      } catch (e) {
        /* offline for a moment: try again next time */
      }
    }
    setInterval(refresh, 5000);
  }

  // --- the table --------------------------------------------------------------------------
  function table() {
    const configNode = document.getElementById("config");
    if (!configNode) return;
    const config = JSON.parse(configNode.textContent);
    const S = config.strings;
    const zh = config.lang === "zh";
    const state = { seq: null, table: null, you: { seat: null }, view: null, chat: [], results: [] };
    const rec = { data: null, step: 0, board: null, loading: null };
    let clockOffset = 0; // server time minus this browser's time, in ms
    let ws = null;
    let retry = 0;
    let connected = false;
    const HOLD_MS = 1500; // how long a finished trick stays in the middle when the next lead comes at once
    let hold = null; // {until}: a trick just finished, still shown
    let showLast = false; // the last trick button is pressed
    let wantFocus = false; // focus was in the play and went with a redrawn node: put it back

    const $ = (id) => document.getElementById(id);

    function seatName(s) {
      return s ? S[SEAT_KEYS[s]] : "";
    }
    function rankText(r) {
      return r === "T" ? "10" : r;
    }
    function isRed(suit) {
      return suit === "H" || suit === "D";
    }
    const SUIT_KEYS = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
    function fill(text, values) {
      return text.replace(/\{(\w+)\}/g, (m, k) => (k in values ? String(values[k]) : m));
    }
    // A card's name in the page's language: 红心A, ace of hearts, 10 of clubs.
    function cardName(card) {
      const r = card[1];
      const rank = S["rank_" + r] || rankText(r);
      return fill(S.card_name, { suit: S[SUIT_KEYS[card[0]]], rank: rank });
    }
    // A call's name: 1红心, 1无将, 不叫; 1 heart, 2 spades, 1NT, Pass.
    function callName(call) {
      if (call === "P") return S.pass;
      if (call === "X") return S.double;
      if (call === "XX") return S.redouble;
      const level = call[0];
      const strain = call.slice(1);
      if (strain === "NT") return level + (zh ? S.notrump : "NT");
      const word = level === "1" || zh ? S["one_" + strain] : S[SUIT_KEYS[strain]];
      return fill(S.call_name, { level: level, strain: word });
    }
    // The hand in alternating colours: spades, hearts, clubs, diamonds; high to low.
    const SORT_SUITS = "SHCD";
    const SORT_RANKS = "AKQJT98765432";
    function sortHand(cards) {
      return cards
        .slice()
        .sort((a, b) => SORT_SUITS.indexOf(a[0]) - SORT_SUITS.indexOf(b[0]) || SORT_RANKS.indexOf(a[1]) - SORT_RANKS.indexOf(b[1]));
    }
    function callNode(call) {
      const span = el("span", "call");
      if (call === "P") span.textContent = S.pass;
      else if (call === "X") span.textContent = zh ? S.double : "X";
      else if (call === "XX") span.textContent = zh ? S.redouble : "XX";
      else {
        const strain = call.slice(1);
        span.appendChild(document.createTextNode(call[0]));
        const sym = el("span", "strain suit-" + strain, STRAIN_SYMBOL[strain] || strain);
        if (strain === "H" || strain === "D") sym.classList.add("red");
        span.appendChild(sym);
        span.dataset.call = call;
      }
      return span;
    }
    function contractNode(contract) {
      const m = /^(\d)(NT|[CDHS])(X{0,2})$/.exec(contract);
      const span = el("span", "contract");
      if (!m) {
        span.textContent = contract;
        return span;
      }
      span.appendChild(callNode(m[1] + m[2]));
      if (m[3]) span.appendChild(document.createTextNode(m[3]));
      return span;
    }
    function cardNode(card, opts) {
      const suit = card[0];
      const node = el(opts && opts.button ? "button" : "span", "card suit-" + suit + " " + (isRed(suit) ? "red" : "black"));
      node.dataset.card = card;
      node.appendChild(el("span", "rank", rankText(card[1])));
      node.appendChild(el("span", "suit", SUIT_SYMBOL[suit]));
      node.setAttribute("aria-label", opts && opts.label ? opts.label : cardName(card));
      if (opts && opts.button) node.type = "button";
      else node.setAttribute("role", "img");
      return node;
    }

    function showError(message) {
      const box = $("error-box");
      box.textContent = message;
      box.classList.remove("hidden");
      clearTimeout(showError.timer);
      showError.timer = setTimeout(() => box.classList.add("hidden"), 6000);
    }

    // -- the connection
    function connect() {
      const proto = location.protocol === "https:" ? "wss:" : "ws:";
      ws = new WebSocket(proto + "//" + location.host + "/ws/tables/" + config.table_id);
      ws.onopen = () => {
        retry = 0;
        connected = true;
        ws.send(JSON.stringify({ type: "hello", since: state.seq }));
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
          showError(ev.reason || S.error);
          return;
        }
        retry = Math.min(retry + 1, 6);
        setTimeout(connect, 500 * retry * retry);
      };
    }

    let leaving = false;
    window.addEventListener("beforeunload", () => (leaving = true));

    function send(obj) {
      if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(obj));
      else showError(S.reconnecting);
    }

    function handle(msg) {
      if (msg.table && msg.table.clocks) clockOffset = msg.table.clocks.now - Date.now();
      if (msg.type === "state") {
        state.seq = msg.seq;
        state.table = msg.table;
        state.you = msg.you;
        state.view = msg.view;
        if (msg.since === null) state.chat = msg.chat || [];
        state.results = msg.results || [];
        render();
        const last = state.results[state.results.length - 1];
        if (state.view && state.view.phase === "done" && last && rec.board === null) openRecord(last.board_no);
      } else if (msg.type === "event") {
        state.seq = Math.max(state.seq || 0, msg.seq);
        const e = msg.event;
        if (e.type === "chat" && !state.chat.some((c) => c.seq === msg.seq)) {
          state.chat.push(Object.assign({ seq: msg.seq }, e));
        }
        if (e.type === "board_done" && !msg.replay) {
          state.results.push(e);
          openRecord(e.board_no);
          if (state.table && state.table.tournament) setTimeout(followEvent, 1500);
        }
        if (e.type === "board_started" && !msg.replay) closeRecord();
        if (!msg.replay) {
          announce(e);
          const before = finishedTricks(state.view).length;
          const after = finishedTricks(msg.view).length;
          if (msg.view && msg.view.phase === "play" && after > before) {
            hold = { until: Date.now() + HOLD_MS };
            setTimeout(() => {
              hold = null;
              renderTrick();
            }, HOLD_MS + 20);
          }
          state.table = msg.table;
          state.you = msg.you;
          state.view = msg.view;
        }
        render();
      } else if (msg.type === "table") {
        state.table = msg.table;
        render();
      } else if (msg.type === "error") {
        showError(zh && msg.zh ? msg.zh : msg.message);
      }
    }

    // -- rendering
    function positions() {
      // a player who stood up mid-board still sees their seat's view: keep it at the bottom
      const me = (state.you && state.you.seat) || (state.view && state.view.seat) || "S";
      const i = SEATS.indexOf(me);
      return {
        bottom: SEATS[i],
        left: SEATS[(i + 1) % 4],
        top: SEATS[(i + 2) % 4],
        right: SEATS[(i + 3) % 4],
      };
    }

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

    // -- focus: where play goes on, never lost to <body> when the page is redrawn
    function focusKey() {
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

    function restoreFocus(keep) {
      const a = document.activeElement;
      if (a && a !== document.body) {
        wantFocus = false;
        return;
      }
      if (!keep && !wantFocus) return;
      let same = null;
      if (keep && keep.card) same = document.querySelector('.seat-box button[data-card="' + keep.card + '"]');
      else if (keep && keep.call) same = document.querySelector('#bidding-box button[data-call="' + keep.call + '"]:not([disabled])');
      else if (keep && keep.id) same = document.getElementById(keep.id);
      if (same && focusOn(same, true)) {
        wantFocus = false;
        return;
      }
      wantFocus = !focusOn(nextTarget(), true);
    }

    // -- notices: every seat is told what came of a claim or an undo request
    function actionName(what) {
      return /^[SHDC][AKQJT2-9]$/.test(what) ? cardName(what) : callName(what);
    }

    function announce(e) {
      let text = null;
      const seat = seatName(e.seat);
      if (e.type === "claim") text = fill(S.claim_made, { seat: seat, n: e.tricks });
      else if (e.type === "claim_response") text = fill(e.accept ? S.claim_accepted : S.claim_rejected, { seat: seat });
      else if (e.type === "claim_ruled") text = fill(S.claim_ruled, { seat: seat, n: e.tricks, claimed: e.claimed });
      else if (e.type === "undo_answer") text = fill(e.accept ? S.undo_accepted : S.undo_refused, { seat: seat });
      else if (e.type === "undo") {
        const asked = state.table && state.table.undo;
        text = fill(S.undo_done, { seat: seat, what: asked ? actionName(asked.what) : "" });
      }
      if (!text) return;
      const box = $("notice");
      box.textContent = text;
      box.classList.remove("hidden");
      clearTimeout(announce.timer);
      announce.timer = setTimeout(() => box.classList.add("hidden"), 10000);
    }

    // -- keys: type a call (1h, 2n, p, x, xx) or a card (hq; the rank alone when the suit is
    // forced) to put the focus on it, Enter to make it; arrows move within a hand or the box
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

    document.addEventListener("pointerdown", (ev) => {
      if (!ev.target.closest || !ev.target.closest("#table-area, .controls")) wantFocus = false;
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
        if (showLast) toggleLast();
        return;
      }
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

    // -- the four-colour deck: a setting kept in this browser
    const fourColours = $("four-colours");
    function setFourColours(on) {
      document.body.classList.toggle("four-colours", on);
      fourColours.checked = on;
      try {
        localStorage.setItem("qipai.fourColours", on ? "1" : "");
      } catch (e) {
        /* private mode: the setting lasts for this page */
      }
    }
    try {
      setFourColours(localStorage.getItem("qipai.fourColours") === "1");
    } catch (e) {
      setFourColours(false);
    }
    fourColours.addEventListener("change", () => setFourColours(fourColours.checked));

    function renderStatus() {
      const node = $("conn-status");
      node.textContent = connected ? S.connected : S.reconnecting;
      node.className = "conn " + (connected ? "ok" : "down");
    }

    function renderInfo() {
      const v = state.view;
      const info = clear($("board-info"));
      const c = clear($("contract-info"));
      const tr = clear($("tricks-info"));
      if (!v) {
        info.textContent = state.table && state.table.closed ? S.table_closed : S.waiting_players;
        return;
      }
      info.textContent =
        S.board + " " + v.number + " · " + S.dealer + " " + seatName(v.dealer) + " · " + S[VUL_KEYS[v.vulnerability]];
      if (v.contract) {
        c.appendChild(document.createTextNode(S.contract + " "));
        c.appendChild(contractNode(v.contract));
        c.appendChild(document.createTextNode(" " + seatName(v.declarer)));
      } else if (v.phase === "done") {
        c.textContent = S.passed_out;
      }
      if (v.phase !== "auction") {
        tr.textContent = S.tricks_won + " " + S.NS + " " + v.tricks_won.NS + " : " + v.tricks_won.EW + " " + S.EW;
      }
    }

    function isVulnerable(v, seat) {
      const vul = v.vulnerability;
      return vul === "All" || (vul === "NS" && (seat === "N" || seat === "S")) || (vul === "EW" && (seat === "E" || seat === "W"));
    }

    function playCard(card) {
      hold = null;
      showLast = false;
      send({ type: "card", card: card });
    }

    // One tab stop per group (a hand, the bidding box): the arrow keys move within it.
    function rove(group) {
      const items = Array.from(group.querySelectorAll("button:not([disabled])"));
      items.forEach((b, i) => (b.tabIndex = i === 0 ? 0 : -1));
    }

    function cardsPlayedBy(v, seat) {
      let n = 0;
      for (const t of v.tricks) for (const c of t.cards) if (c.seat === seat) n++;
      return n;
    }

    function renderSeats() {
      const pos = positions();
      const v = state.view;
      for (const [where, seat] of Object.entries(pos)) {
        const box = clear($("pos-" + where));
        box.dataset.seat = seat;
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
        box.appendChild(label);
        if (!v) continue;
        const hand = v.hands[seat];
        if (hand === null) {
          const left = 13 - cardsPlayedBy(v, seat);
          const backs = el("div", "backs");
          backs.setAttribute("role", "img");
          backs.setAttribute("aria-label", seatName(seat) + " " + fill(S.n_cards, { n: left }));
          backs.appendChild(el("span", "back"));
          backs.appendChild(el("span", "count", "× " + left));
          box.appendChild(backs);
          continue;
        }
        const legal = new Set(v.legal_cards);
        const playable = (card) => v.phase === "play" && v.turn === seat && legal.has(card);
        if (where === "bottom") {
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
          box.appendChild(row);
          rove(row);
        } else {
          const rows = el("div", "hand suits");
          rows.setAttribute("role", "group");
          rows.setAttribute("aria-label", seatName(seat) + (v.dummy === seat ? " · " + S.dummy : ""));
          for (const suit of ["S", "H", "D", "C"]) {
            const row = el("div", "suit-row");
            const sym = el("span", "suit-symbol suit-" + suit + " " + (isRed(suit) ? "red" : "black"), SUIT_SYMBOL[suit]);
            sym.setAttribute("aria-hidden", "true");
            row.appendChild(sym);
            const cards = sortHand(hand.filter((c) => c[0] === suit));
            if (!cards.length) row.appendChild(el("span", "void", "—"));
            for (const card of cards) {
              const chip = el(playable(card) ? "button" : "span", "chip suit-" + suit + " " + (isRed(suit) ? "red" : "black"), rankText(card[1]));
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
          box.appendChild(rows);
          rove(rows);
        }
      }
    }

    function finishedTricks(v) {
      return v && v.phase !== "auction" ? v.tricks.filter((t) => t.winner && t.cards.length) : [];
    }

    // The trick in the middle: the one being played; a trick just finished is held there a
    // moment (HOLD_MS, or until this player plays) even when the winner leads at once; the
    // last trick button (or L) shows the last finished trick until pressed again.
    function renderTrick() {
      const box = clear($("trick"));
      const v = state.view;
      const done = finishedTricks(v);
      const last = done.length ? done[done.length - 1] : null;
      if (!last) showLast = false;
      const lastBtn = $("last-trick");
      lastBtn.disabled = !last;
      lastBtn.classList.toggle("hidden", !v || v.phase === "auction");
      lastBtn.setAttribute("aria-pressed", showLast ? "true" : "false");
      lastBtn.title = last ? "" : S.no_last_trick;
      box.classList.remove("old", "last", "held");
      $("table-area").classList.toggle("bidding", !!v && v.phase === "auction");
      if (!v || v.phase === "auction") return;
      let trick = null;
      if (showLast) {
        trick = last;
        box.classList.add("last");
        box.appendChild(el("div", "trick-caption", fill(S.last_trick_won, { seat: seatName(last.winner) })));
      } else if (hold && last && Date.now() < hold.until && v.phase === "play") {
        trick = last;
        box.classList.add("held");
      } else {
        const ts = v.tricks;
        trick = ts.length ? ts[ts.length - 1] : null;
        if (trick && !trick.cards.length) {
          trick = last;
          box.classList.toggle("old", !!last);
        }
        if (trick && trick.winner && v.phase === "done") box.classList.add("old");
      }
      if (!trick) return;
      const pos = positions();
      const where = {};
      for (const [k, s] of Object.entries(pos)) where[s] = k;
      for (const c of trick.cards) {
        const node = cardNode(c.card, { label: fill(S.seat_card, { seat: seatName(c.seat), card: cardName(c.card) }) });
        node.classList.add("in-trick", "at-" + where[c.seat]);
        node.dataset.seat = c.seat;
        if (trick.winner === c.seat) node.classList.add("winner");
        box.appendChild(node);
      }
    }

    function toggleLast() {
      if ($("last-trick").disabled) return;
      showLast = !showLast;
      renderTrick();
    }
    $("last-trick").addEventListener("click", toggleLast);

    function isPaused() {
      return !!state.table && state.table.paused != null; // null or absent: play goes on
    }

    function renderTurn() {
      const banner = $("turn-banner");
      const v = state.view;
      banner.className = "turn-banner";
      if (isPaused()) {
        const why = state.table.paused;
        banner.textContent = S.play_paused + (why ? (zh ? "：" : ": ") + why : "");
        banner.classList.add("paused");
        return;
      }
      if (!v || v.phase === "done") {
        banner.textContent = v ? S.board_over : S.waiting_players;
        return;
      }
      if (v.claim !== null) {
        banner.textContent = S.claim_pending.replace("{seat}", seatName(v.declarer)).replace("{n}", v.claim);
        banner.classList.add("claim");
        return;
      }
      const mine = state.you.seat && v.acting === state.you.seat;
      if (mine) {
        banner.textContent = v.turn !== v.acting ? S.your_turn_dummy : S.your_turn;
        banner.classList.add("mine");
      } else {
        banner.textContent = S.waiting_for.replace("{seat}", seatName(v.turn));
      }
    }

    // The bidding box: a fixed grid (pass, double, redouble; then 1♣ to 7NT), calls that may
    // not be made now disabled, not removed; one tab stop, the arrow keys move within it.
    function renderBiddingBox() {
      const box = clear($("bidding-box"));
      const v = state.view;
      const legal = v && v.phase === "auction" && !isPaused() ? v.legal_calls : [];
      box.classList.toggle("hidden", !legal.length);
      if (!legal.length) return;
      const grid = el("div", "bid-grid");
      grid.setAttribute("role", "group");
      grid.setAttribute("aria-label", S.auction);
      const specials = el("div", "bid-row specials");
      for (const call of ["P", "X", "XX"]) specials.appendChild(callButton(call));
      grid.appendChild(specials);
      const bids = el("div", "bids");
      for (let level = 1; level <= 7; level++) {
        for (const strain of ["C", "D", "H", "S", "NT"]) bids.appendChild(callButton(level + strain));
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

      function callButton(call) {
        const b = el("button", "call-btn");
        b.type = "button";
        b.appendChild(callNode(call));
        b.dataset.call = call;
        b.setAttribute("aria-label", callName(call));
        b.disabled = !legal.includes(call);
        b.addEventListener("click", () => {
          const explanation = $("explanation").value.trim();
          send({ type: "call", call: call, alert: $("alert-check").checked || explanation.length > 0, explanation: explanation });
        });
        return b;
      }
    }

    function renderClaim() {
      const box = clear($("claim-box"));
      const v = state.view;
      const me = state.you.seat;
      let show = false;
      if (v && v.phase === "play" && me) {
        const left = 13 - v.tricks_won.NS - v.tricks_won.EW;
        if (v.claim === null && me === v.declarer) {
          show = true;
          const sel = el("select");
          sel.id = "claim-tricks";
          for (let n = left; n >= 0; n--) {
            const o = el("option", null, String(n));
            o.value = String(n);
            sel.appendChild(o);
          }
          box.appendChild(el("span", "label", S.claim_prompt.replace("{n}", left) + " "));
          box.appendChild(sel);
          const b = el("button", null, S.claim_btn);
          b.type = "button";
          b.id = "claim-btn";
          b.addEventListener("click", () => send({ type: "claim", tricks: Number(sel.value) }));
          box.appendChild(b);
        } else if (v.claim !== null && v.declarer && me !== v.declarer && me !== v.dummy) {
          show = true;
          box.appendChild(el("span", "label", S.claim_pending.replace("{seat}", seatName(v.declarer)).replace("{n}", v.claim) + " "));
          for (const [accept, key] of [[true, "accept"], [false, "reject"]]) {
            const b = el("button", null, S[key]);
            b.type = "button";
            b.id = key + "-claim";
            b.addEventListener("click", () => send({ type: "claim_response", accept: accept }));
            box.appendChild(b);
          }
        }
      }
      box.classList.toggle("hidden", !show);
    }

    function resultNode(r) {
      const span = el("span", "result");
      if (!r.contract) {
        span.textContent = S.passed_out;
        return span;
      }
      span.appendChild(contractNode(r.contract));
      span.appendChild(document.createTextNode(" " + seatName(r.declarer) + " · " + r.tricks + " " + S.tricks));
      span.appendChild(document.createTextNode(" · " + S.NS + " " + (r.score_ns > 0 ? "+" : "") + r.score_ns));
      return span;
    }

    function renderDone() {
      const box = clear($("done-box"));
      const v = state.view;
      const show = !!(v && v.phase === "done");
      box.classList.toggle("hidden", !show);
      if (!show) return;
      const line = el("div", "done-line");
      line.appendChild(el("strong", null, S.board_over + ": "));
      const contract = v.contract;
      line.appendChild(
        resultNode({ contract: contract, declarer: v.declarer, tricks: v.declarer_tricks, score_ns: v.score_ns })
      );
      box.appendChild(line);
      if (state.you.seat) {
        const b = el("button", "primary", S.next_board);
        b.type = "button";
        b.id = "next-board";
        b.addEventListener("click", () => send({ type: "next" }));
        box.appendChild(b);
      }
    }

    function renderSeatControls() {
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
      if (state.you.seat) {
        const b = el("button", null, S.stand);
        b.type = "button";
        b.id = "stand";
        b.addEventListener("click", () => send({ type: "stand" }));
        box.appendChild(b);
        return;
      }
      box.appendChild(el("span", "label", S.spectator + " · "));
      for (const s of SEATS) {
        const occ = state.table.seats[s];
        if (occ && occ.name) continue;
        const b = el("button", "sit", S.sit + " " + seatName(s));
        b.type = "button";
        b.dataset.seat = s;
        b.addEventListener("click", () => send({ type: "sit", seat: s }));
        box.appendChild(b);
      }
    }

    function renderAuction() {
      const box = clear($("auction"));
      const alerts = clear($("alerts"));
      const v = state.view;
      if (!v) return;
      const order = ["W", "N", "E", "S"];
      const tbl = el("table", "auction-table");
      const head = el("tr");
      for (const s of order) {
        const th = el("th", v.turn === s && v.phase === "auction" ? "turn" : null, seatName(s));
        head.appendChild(th);
      }
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
            const text = zh && e.explanation_zh ? e.explanation_zh : e.explanation;
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

    function renderResults() {
      const box = clear($("results"));
      if (!state.results.length) {
        box.appendChild(el("li", "note", S.no_results));
        return;
      }
      for (const r of state.results) {
        const li = el("li");
        const open = el("button", "link board-no", S.board + " " + r.number);
        open.type = "button";
        open.dataset.board = r.board_no;
        open.title = S.hand_record;
        open.addEventListener("click", () => openRecord(r.board_no));
        li.appendChild(open);
        li.appendChild(document.createTextNode(": "));
        li.appendChild(resultNode(r));
        box.appendChild(li);
      }
    }

    // -- explanations: shown on hover (title) and on a tap (a small pop-up)
    function explainOn(node, text, call) {
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
    document.addEventListener("click", () => $("expl-pop").classList.add("hidden"));

    // -- undo: ask to take back a mis-click; the opponents agree or not
    function hasActed(v, me) {
      if (v.auction.some((e) => e.seat === me)) return true;
      for (const t of v.tricks) for (const c of t.cards) if (c.seat === me || (me === v.declarer && c.seat === v.dummy)) return true;
      return false;
    }

    function renderUndo() {
      const box = clear($("undo-box"));
      const v = state.view;
      const me = state.you.seat;
      const undo = state.table ? state.table.undo : null;
      let show = false;
      if (v && v.phase !== "done" && undo) {
        show = true;
        const text = S.undo_asked.replace("{seat}", seatName(undo.seat)).replace("{what}", undo.what);
        box.appendChild(el("span", "label", text + " "));
        if (me && undo.waiting_for.includes(me)) {
          for (const [accept, key] of [[true, "accept"], [false, "reject"]]) {
            const b = el("button", null, S[key]);
            b.type = "button";
            b.id = "undo-" + key;
            b.addEventListener("click", () => send({ type: "undo_response", accept: accept }));
            box.appendChild(b);
          }
        } else if (me === undo.seat) {
          box.appendChild(el("span", "note", S.undo_waiting));
        }
      } else if (v && v.phase !== "done" && me && v.claim === null && hasActed(v, me) && !(state.table && state.table.tournament)) {
        show = true;
        const b = el("button", null, S.undo);
        b.type = "button";
        b.id = "undo-btn";
        b.addEventListener("click", () => send({ type: "undo" }));
        box.appendChild(b);
      }
      box.classList.toggle("hidden", !show);
    }

    // -- clocks: each seat's thinking time on this board, the acting seat's running
    function clockText(ms) {
      const sec = Math.max(0, Math.floor(ms / 1000));
      return Math.floor(sec / 60) + ":" + String(sec % 60).padStart(2, "0");
    }

    function renderClocks() {
      const c = state.table && state.table.clocks;
      for (const node of document.querySelectorAll(".seat-label .clock")) {
        if (!c || !state.view) {
          node.textContent = "";
          continue;
        }
        const seat = node.dataset.seat;
        let ms = c.board[seat] || 0;
        const running = c.since !== null && c.acting === seat;
        if (running) ms += Date.now() + clockOffset - c.since;
        node.textContent = clockText(ms);
        node.classList.toggle("running", running);
      }
    }
    setInterval(renderClocks, 1000);

    // -- the hand record of a finished board, with a card-by-card replay
    async function openRecord(boardNo) {
      rec.board = boardNo;
      rec.data = null;
      const panel = $("record");
      panel.classList.remove("hidden");
      $("record-body").classList.add("hidden");
      $("record-title").textContent = S.hand_record + " · " + S.board + " " + boardNo;
      clear($("record-files"));
      $("record-note").textContent = S.analysing;
      const token = {};
      rec.loading = token;
      try {
        const r = await fetch("/api/tables/" + config.table_id + "/boards/" + boardNo, { credentials: "same-origin" });
        const data = await r.json();
        if (rec.loading !== token) return;
        if (!r.ok) {
          $("record-note").textContent = (zh && data.error_zh) || data.error || S.record_unavailable;
          return;
        }
        rec.data = data;
        rec.step = 0;
        $("record-note").textContent = "";
        renderRecord();
      } catch (e) {
        if (rec.loading === token) $("record-note").textContent = S.record_unavailable;
      }
    }

    function closeRecord() {
      rec.board = null;
      rec.data = null;
      rec.loading = null;
      $("record").classList.add("hidden");
    }

    function recordStep(n) {
      if (!rec.data) return;
      rec.step = Math.max(0, Math.min(rec.data.play.length, n));
      renderRecordPlay();
    }

    function renderRecord() {
      const d = rec.data;
      $("record-body").classList.remove("hidden");
      const files = clear($("record-files"));
      files.appendChild(document.createTextNode(S.download + ": "));
      for (const fmt of ["pbn", "lin"]) {
        const a = el("a", null, fmt.toUpperCase());
        a.href = d.files[fmt];
        a.id = "record-" + fmt;
        a.setAttribute("download", "");
        files.appendChild(a);
        files.appendChild(document.createTextNode(" "));
      }
      const title = $("record-title");
      clear(title);
      title.appendChild(document.createTextNode(S.hand_record + " · " + S.board + " " + d.number + " · "));
      title.appendChild(resultNode({ contract: d.contract, declarer: d.declarer, tricks: d.tricks_taken, score_ns: d.score_ns }));
      renderRecordAuction(d);
      renderRecordDD(d);
      renderRecordResults(d);
      renderRecordPlay();
    }

    function renderRecordAuction(d) {
      const box = clear($("record-auction"));
      const order = ["W", "N", "E", "S"];
      const tbl = el("table", "auction-table");
      const head = el("tr");
      for (const s of order) head.appendChild(el("th", null, seatName(s) + (d.players[s] ? " " + d.players[s] : "")));
      tbl.appendChild(head);
      const cells = [];
      for (let i = 0; i < order.indexOf(d.dealer); i++) cells.push(null);
      for (const e of d.auction) cells.push(e);
      for (let i = 0; i < cells.length; i += 4) {
        const tr = el("tr");
        for (let j = i; j < i + 4; j++) {
          const td = el("td");
          const e = cells[j];
          if (e) {
            td.appendChild(callNode(e.call));
            if (e.alert) td.appendChild(el("sup", "alert-mark", "!"));
            const text = zh && e.explanation_zh ? e.explanation_zh : e.explanation;
            if (text) explainOn(td, text, e.call);
          }
          tr.appendChild(td);
        }
        tbl.appendChild(tr);
      }
      box.appendChild(tbl);
    }

    function renderRecordDD(d) {
      const tbl = clear($("record-dd"));
      const par = $("record-par");
      if (!d.dd) {
        par.textContent = S.record_unavailable;
        return;
      }
      const strains = ["NT", "S", "H", "D", "C"];
      const head = el("tr");
      head.appendChild(el("th"));
      for (const st of strains) {
        const th = el("th", st === "H" || st === "D" ? "red" : null, STRAIN_SYMBOL[st]);
        head.appendChild(th);
      }
      tbl.appendChild(head);
      for (const seat of ["N", "S", "E", "W"]) {
        const tr = el("tr");
        tr.appendChild(el("th", null, seatName(seat)));
        for (const st of strains) {
          const n = d.dd[seat][st];
          const td = el("td", n >= 7 ? "makes" : null, String(n));
          td.dataset.seat = seat;
          td.dataset.strain = st;
          tr.appendChild(td);
        }
        tbl.appendChild(tr);
      }
      par.textContent = d.par ? S.par + ": " + d.par.text + " · " + S.NS + " " + (d.par.score > 0 ? "+" : "") + d.par.score : "";
    }

    function renderRecordResults(d) {
      const tbl = clear($("record-results"));
      const imp = d.scoring === "IMP";
      const head = el("tr");
      const cols = [S.table_col, S.contract, S.tricks_won, S.NS].concat(imp ? [S.imp_col] : [S.mp_col, S.pct_col]);
      for (const c of cols) head.appendChild(el("th", null, c));
      tbl.appendChild(head);
      for (const r of d.results) {
        const tr = el("tr", r.this ? "this" : null);
        tr.appendChild(el("td", null, "#" + r.table_id + " " + r.table_name));
        const c = el("td");
        if (r.contract) {
          c.appendChild(contractNode(r.contract));
          c.appendChild(document.createTextNode(" " + seatName(r.declarer)));
        } else c.textContent = S.passed_out;
        tr.appendChild(c);
        tr.appendChild(el("td", null, r.tricks === null ? "" : String(r.tricks)));
        tr.appendChild(el("td", null, (r.score_ns > 0 ? "+" : "") + r.score_ns));
        if (imp) tr.appendChild(el("td", "imps", (r.imps > 0 ? "+" : "") + r.imps));
        else {
          tr.appendChild(el("td", "mp", String(r.mp)));
          tr.appendChild(el("td", "pct", r.pct + "%"));
        }
        tbl.appendChild(tr);
      }
    }

    function renderRecordPlay() {
      const d = rec.data;
      const k = rec.step;
      const gone = new Set(d.play.slice(0, k).map((p) => p.card));
      for (const seat of SEATS) {
        const box = clear($("rec-" + seat));
        const label = el("div", "seat-label");
        label.appendChild(el("span", "seat-name", seatName(seat)));
        if (d.players[seat]) label.appendChild(el("span", "player", d.players[seat]));
        if (d.declarer === seat) label.appendChild(el("span", "role", S.declarer));
        box.appendChild(label);
        const rows = el("div", "hand suits");
        for (const suit of ["S", "H", "D", "C"]) {
          const row = el("div", "suit-row");
          row.appendChild(el("span", "suit-symbol " + (isRed(suit) ? "red" : "black"), SUIT_SYMBOL[suit]));
          const cards = d.hands[seat].filter((c) => c[0] === suit && !gone.has(c));
          if (!cards.length) row.appendChild(el("span", "void", "—"));
          for (const card of cards) {
            const chip = el("span", "chip " + (isRed(suit) ? "red" : "black"), rankText(card[1]));
            chip.dataset.card = card;
            row.appendChild(chip);
          }
          rows.appendChild(row);
        }
        box.appendChild(rows);
      }
      // the trick in progress at this step
      const trickBox = clear($("rec-trick"));
      if (k > 0) {
        const t = Math.floor((k - 1) / 4);
        const where = { N: "top", S: "bottom", W: "left", E: "right" };
        const complete = k === 4 * t + 4 || k === d.play.length;
        for (let i = 4 * t; i < k; i++) {
          const p = d.play[i];
          const node = cardNode(p.card);
          node.classList.add("in-trick", "at-" + where[p.seat]);
          const trick = d.tricks[t];
          if (complete && trick && trick.winner === p.seat) node.classList.add("winner");
          trickBox.appendChild(node);
        }
      }
      let ns = 0;
      let ew = 0;
      for (let t = 0; 4 * t + 4 <= k; t++) {
        const w = d.tricks[t] && d.tricks[t].winner;
        if (w === "N" || w === "S") ns++;
        else if (w) ew++;
      }
      $("rec-step").textContent =
        (k === 0 ? S.step_start : S.step.replace("{n}", k).replace("{total}", d.play.length)) +
        " · " + S.NS + " " + ns + " : " + ew + " " + S.EW;
      $("rec-first").disabled = $("rec-prev").disabled = k === 0;
      $("rec-next").disabled = $("rec-last").disabled = k === d.play.length;
      // the play, trick by trick, each card with its double-dummy cost
      const list = clear($("record-play"));
      d.tricks.forEach((trick, t) => {
        const li = el("li");
        li.appendChild(el("span", "trick-no", t + 1 + "."));
        trick.cards.forEach((c, j) => {
          const i = 4 * t + j;
          const p = d.play[i];
          const b = el("button", "rec-card " + (isRed(c.card[0]) ? "red" : "black"));
          b.type = "button";
          b.dataset.index = i;
          b.appendChild(document.createTextNode(SUIT_SYMBOL[c.card[0]] + rankText(c.card[1])));
          if (trick.winner === c.seat) b.classList.add("won");
          if (p && p.cost) {
            b.classList.add("costly");
            b.appendChild(el("sup", "cost", "−" + p.cost));
            b.title = p.cost + " " + S.dd_cost;
          }
          if (i === k - 1) b.classList.add("current");
          b.addEventListener("click", () => recordStep(i + 1));
          li.appendChild(b);
        });
        list.appendChild(li);
      });
    }

    $("rec-first").addEventListener("click", () => recordStep(0));
    $("rec-prev").addEventListener("click", () => recordStep(rec.step - 1));
    $("rec-next").addEventListener("click", () => recordStep(rec.step + 1));
    $("rec-last").addEventListener("click", () => recordStep(rec.data ? rec.data.play.length : 0));
    $("record-close").addEventListener("click", closeRecord);

    function renderChat() {
      const box = clear($("chat-log"));
      for (const c of state.chat.slice(-50)) {
        const li = el("li");
        li.appendChild(el("strong", null, c.name + (c.seat ? " (" + seatName(c.seat) + ")" : "") + ": "));
        li.appendChild(document.createTextNode(c.text));
        box.appendChild(li);
      }
      box.scrollTop = box.scrollHeight;
    }

    $("chat-form").addEventListener("submit", (ev) => {
      ev.preventDefault();
      const input = $("chat-input");
      const text = input.value.trim();
      if (!text) return;
      send({ type: "chat", text: text });
      input.value = "";
    });
    const invite = $("invite");
    if (invite) invite.addEventListener("focus", () => invite.select());
    const copy = $("copy-invite");
    if (copy && invite) {
      copy.addEventListener("click", async () => {
        try {
          await navigator.clipboard.writeText(invite.value);
        } catch (err) {
          invite.select(); // no clipboard (an insecure origin): the link is selected to copy
          document.execCommand && document.execCommand("copy");
        }
        copy.textContent = S.copied;
        setTimeout(() => (copy.textContent = S.copy), 2000);
      });
    }

    // -- an event's table: the round, the board of the round and the time left; when the
    // player's next round is seated, the page goes to their new table by itself
    const round = { mine: null, ends: null };

    function renderRound() {
      const node = $("round-info");
      const where = state.table && state.table.tournament;
      if (!node || !where) return;
      const parts = [fill(S.round_n, { n: where.round })];
      const t = state.table;
      if (t.board_no) parts.push(fill(S.board_of, { k: t.board_no, n: t.board_no + (t.boards_left || 0) }));
      if (round.ends && !t.closed) {
        const left = Math.max(0, Math.round((round.ends - Date.now()) / 1000));
        const mm = Math.floor(left / 60);
        const ss = String(left % 60).padStart(2, "0");
        parts.push(fill(S.time_left, { t: mm + ":" + ss }));
      }
      node.textContent = parts.join(" · ");
    }

    async function followEvent() {
      const where = state.table && state.table.tournament;
      if (!where) {
        if (!state.table) setTimeout(followEvent, 1000); // not known yet; a club table: done
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
          if (mine && mine.table_id && mine.table_id !== config.table_id && mine.round > where.round) {
            location.assign("/tables/" + mine.table_id);
            return;
          }
          // once this table has played its boards (the player waits for the next round) look
          // often; while it plays, now and then; after the event, no more
          const t = state.table;
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
    setInterval(renderRound, 1000);

    render();
    connect();
    followEvent();
  }

  document.addEventListener("DOMContentLoaded", () => {
    lobby();
    table();
  });
})();
