/* qipai: the hand record page's card-by-card replay. Vanilla JS, no build step.
   The page is complete without this script; it reads the record from #record-data and shows
   the hands as they were after each card: played cards leave the diagram, the trick in
   progress lies in the middle. The buttons, the ← → keys and a click on a card of the play
   table step through it (Home/End are left to scroll the page). */
"use strict";

(function () {
  const dataNode = document.getElementById("record-data");
  const controls = document.getElementById("replay-controls");
  if (!dataNode || !controls) return;
  const rec = JSON.parse(dataNode.textContent);
  const S = JSON.parse(document.getElementById("record-strings").textContent);
  const play = rec.play || [];
  if (!play.length) return;

  const SUIT_SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };
  const WHERE = { N: "top", S: "bottom", W: "left", E: "right" };
  const $ = (id) => document.getElementById(id);
  let step = 0;

  function el(tag, cls, text) {
    const node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  function cardNode(card) {
    const suit = card[0];
    const node = el("span", "card in-trick " + (suit === "H" || suit === "D" ? "red" : "black"));
    node.dataset.card = card;
    node.appendChild(el("span", "rank", card[1] === "T" ? "10" : card[1]));
    node.appendChild(el("span", "suit", SUIT_SYMBOL[suit]));
    node.setAttribute("aria-label", card);
    return node;
  }

  function render() {
    const k = step;
    const gone = new Set(play.slice(0, k).map((p) => p.card));
    // the hands: a played card leaves its suit; an emptied suit shows its dash
    for (const row of document.querySelectorAll("#record-diagram .suit-row")) {
      let left = 0;
      for (const chip of row.querySelectorAll(".chip")) {
        const out = gone.has(chip.dataset.card);
        chip.classList.toggle("played", out);
        if (!out) left++;
      }
      const dash = row.querySelector(".void");
      if (dash) dash.classList.toggle("hidden", left > 0);
    }
    // the trick in progress at this step, its winner marked once it is complete
    const box = $("rec-trick");
    while (box.firstChild) box.removeChild(box.firstChild);
    let ns = 0;
    let ew = 0;
    if (k > 0) {
      const t = Math.floor((k - 1) / 4);
      const trick = rec.tricks[t];
      const complete = k === 4 * t + 4 || k === play.length;
      for (let i = 4 * t; i < k; i++) {
        const p = play[i];
        const node = cardNode(p.card);
        node.classList.add("at-" + WHERE[p.seat]);
        if (complete && trick && trick.winner === p.seat) node.classList.add("winner");
        box.appendChild(node);
      }
    }
    for (let t = 0; 4 * t + 4 <= k && t < rec.tricks.length; t++) {
      const w = rec.tricks[t].winner;
      if (w === "N" || w === "S") ns++;
      else if (w) ew++;
    }
    // where we are, and the card just played marked in the play table
    const where = k === 0 ? S.step_start : S.step.replace("{n}", k).replace("{total}", play.length);
    $("rec-step").textContent = where + " · " + S.NS + " " + ns + " : " + ew + " " + S.EW;
    for (const cell of document.querySelectorAll("#record-tricks td.current")) cell.classList.remove("current");
    const cell = document.querySelector('#record-tricks td[data-index="' + (k - 1) + '"]');
    if (cell) cell.classList.add("current");
    $("rec-first").disabled = $("rec-prev").disabled = k === 0;
    $("rec-next").disabled = $("rec-last").disabled = k === play.length;
    controls.dataset.step = String(k);
  }

  function go(n) {
    step = Math.max(0, Math.min(play.length, n));
    render();
  }

  $("rec-first").addEventListener("click", () => go(0));
  $("rec-prev").addEventListener("click", () => go(step - 1));
  $("rec-next").addEventListener("click", () => go(step + 1));
  $("rec-last").addEventListener("click", () => go(play.length));
  for (const cell of document.querySelectorAll("#record-tricks td[data-index]")) {
    cell.classList.add("jump");
    cell.addEventListener("click", () => go(Number(cell.dataset.index) + 1));
  }
  document.addEventListener("keydown", (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    const target = e.target;
    if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
    if (e.key !== "ArrowLeft" && e.key !== "ArrowRight") return;
    e.preventDefault();
    go(step + (e.key === "ArrowRight" ? 1 : -1));
  });

  controls.classList.remove("hidden");
  $("replay-keys").classList.remove("hidden");
  render();
})();
