/* qipai: the card-by-card replay of a hand record, shared by the hand record page
   (started at the end of this file) and the record viewer at the table (table/recordview.js), which shows the
   same server-rendered record. The record is complete without it; the replay shows the hands as
   they were after each card: played cards leave the diagram, the trick in progress lies in the
   middle. The buttons, a click on a card of the play table and, on the page, the ← → keys step
   through it. */
import { el, clear } from "./dom.js";
import { display, suitClass, text } from "./display.js";

const WHERE = { N: "top", S: "bottom", W: "left", E: "right" };

/** Start the replay of `rec` (the hand record's JSON) in `root`, which holds the record's
    diagram (.record-diagram with its .suit-row chips), #rec-trick, #rec-step, the step buttons
    and the play table's cards ([data-index]). `S` is the page's replay words. */
export function startReplay(root, rec, S, opts) {
  const play = rec.play || [];
  const q = (sel) => root.querySelector(sel);
  if (!play.length || !q("#rec-step")) return null;
  const D = S.display ? display(S.display) : null;
  const rows = Array.from(root.querySelectorAll(".record-diagram .suit-row")).map((row) => ({
    row: row,
    chips: Array.from(row.querySelectorAll(".chip")),
    dash: row.querySelector(".void"),
  }));
  const cells = Array.from(root.querySelectorAll("[data-index]"));
  let step = 0;

  function cardNode(card) {
    const node = el("span", "card in-trick " + suitClass(card[0]));
    node.dataset.card = card;
    node.appendChild(el("span", "rank", card[1] === "T" ? "10" : card[1]));
    node.appendChild(el("span", "suit", { S: "♠", H: "♥", D: "♦", C: "♣" }[card[0]]));
    node.setAttribute("aria-label", D ? text(D.cardBits(card)) : card);
    return node;
  }

  function render() {
    const k = step;
    const gone = new Set(play.slice(0, k).map((p) => p.card));
    // the hands: a played card leaves its suit; an emptied suit shows its dash
    for (const { row, chips, dash } of rows) {
      let left = 0;
      for (const chip of chips) {
        if (gone.has(chip.dataset.card)) chip.remove();
        else {
          row.insertBefore(chip, dash);
          left++;
        }
      }
      if (dash) dash.classList.toggle("hidden", left > 0);
    }
    // the trick in progress at this step, its winner marked once it is complete
    const box = clear(q("#rec-trick"));
    if (k > 0) {
      const t = Math.floor((k - 1) / 4);
      const trick = rec.tricks[t];
      const complete = k === 4 * t + 4 || k === play.length;
      for (let i = 4 * t; i < k; i++) {
        const node = cardNode(play[i].card);
        node.classList.add("at-" + WHERE[play[i].seat]);
        if (complete && trick && trick.winner === play[i].seat) node.classList.add("winner");
        box.appendChild(node);
      }
    }
    let ns = 0;
    let ew = 0;
    for (let t = 0; 4 * t + 4 <= k && t < rec.tricks.length; t++) {
      const w = rec.tricks[t].winner;
      if (w === "N" || w === "S") ns++;
      else if (w) ew++;
    }
    // where we are, and the card just played marked in the play table
    const where = k === 0 ? S.step_start : S.step.replace("{n}", k).replace("{total}", play.length);
    q("#rec-step").textContent = where + " · " + S.NS + " " + ns + " : " + ew + " " + S.EW;
    for (const cell of cells) cell.classList.toggle("current", Number(cell.dataset.index) === k - 1);
    q("#rec-first").disabled = q("#rec-prev").disabled = k === 0;
    q("#rec-next").disabled = q("#rec-last").disabled = k === play.length;
    const controls = q("#replay-controls");
    if (controls) controls.dataset.step = String(k);
  }

  function go(n) {
    step = Math.max(0, Math.min(play.length, n));
    render();
  }

  q("#rec-first").addEventListener("click", () => go(0));
  q("#rec-prev").addEventListener("click", () => go(step - 1));
  q("#rec-next").addEventListener("click", () => go(step + 1));
  q("#rec-last").addEventListener("click", () => go(play.length));
  for (const cell of cells) {
    cell.classList.add("jump");
    cell.addEventListener("click", () => go(Number(cell.dataset.index) + 1));
  }
  if (opts && opts.keys) {
    document.addEventListener("keydown", (e) => {
      if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
      const target = e.target;
      if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
      if (e.key !== "ArrowLeft" && e.key !== "ArrowRight") return;
      e.preventDefault();
      go(step + (e.key === "ArrowRight" ? 1 : -1));
    });
    const note = q("#replay-keys");
    if (note) note.classList.remove("hidden");
  }
  const controls = q("#replay-controls");
  if (controls) controls.classList.remove("hidden");
  render();
  return { go: go };
}

// On the hand record page itself (its record embedded as #record-data), with the keys.
const pageData = document.getElementById("record-data");
const pageWords = document.getElementById("record-strings");
if (pageData && pageWords) startReplay(document, JSON.parse(pageData.textContent), JSON.parse(pageWords.textContent), { keys: true });
