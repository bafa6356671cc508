/* A board's end and the table's results: the result as every page says it (display.js:
   "4♥ 南 超一 · 南北 +450"), the next board button, and the boards played so far, each opening
   its hand record. */
import { $, el, clear, button } from "../dom.js";
import { ctx } from "./ctx.js";
import { openRecord } from "./recordview.js";
import { mayGoOn } from "./allowed.js";

/** One board's result: contract, declarer and result, then North-South's score. */
export function resultNode(r) {
  const D = ctx.D;
  const span = D.node(D.resultBits(r.contract, r.declarer, r.contract ? r.tricks : null), "result");
  if (r.contract) span.appendChild(document.createTextNode(" · " + D.nsScoreText(r.score_ns)));
  return span;
}

export function renderDone() {
  const S = ctx.S;
  const box = clear($("done-box"));
  const v = ctx.state.view;
  const show = !!(v && v.phase === "done");
  box.classList.toggle("hidden", !show);
  if (!show) return;
  const line = el("div", "done-line");
  line.appendChild(el("strong", null, S.board_over + ": "));
  line.appendChild(resultNode({ contract: v.contract, declarer: v.declarer, tricks: v.declarer_tricks, score_ns: v.score_ns }));
  box.appendChild(line);
  if (mayGoOn(v)) {
    const b = button(S.next_board, "next-board", "primary");
    b.addEventListener("click", () => ctx.send({ type: "next" }));
    box.appendChild(b);
  }
}

export function renderResults() {
  const S = ctx.S;
  const box = clear($("results"));
  if (!ctx.state.results.length) {
    box.appendChild(el("li", "note", S.no_results));
    return;
  }
  for (const r of ctx.state.results) {
    const li = el("li");
    const open = button(S.board + " " + r.number, null, "link board-no");
    open.dataset.board = r.board_no;
    open.title = S.hand_record;
    open.addEventListener("click", () => openRecord(r.board_no));
    li.appendChild(open);
    li.appendChild(document.createTextNode(": "));
    li.appendChild(resultNode(r));
    box.appendChild(li);
  }
}
