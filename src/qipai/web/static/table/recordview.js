/* The hand record of a finished board, at the table: the hand record page's own record
   (fetched, its main part shown here), so the table shows what the page shows, with the same
   replay (record.js). */
import { $, clear } from "../dom.js";
import { ctx } from "./ctx.js";
import { startReplay } from "../record.js";
import { resultNode } from "./results.js";

const rec = { board: null, loading: null };

export function recordOpen() {
  return rec.board !== null;
}

export async function openRecord(boardNo) {
  const S = ctx.S;
  rec.board = boardNo;
  const panel = $("record");
  panel.classList.remove("hidden");
  const body = $("record-body");
  body.classList.add("hidden");
  $("record-title").textContent = S.hand_record + " · " + S.board + " " + boardNo;
  clear($("record-files"));
  $("record-note").textContent = S.analysing;
  const token = {};
  rec.loading = token;
  try {
    const r = await fetch("/tables/" + ctx.config.table_id + "/boards/" + boardNo, { credentials: "same-origin" });
    const doc = new DOMParser().parseFromString(await r.text(), "text/html");
    if (rec.loading !== token) return;
    if (!r.ok) {
      const why = doc.querySelector("p.error");
      $("record-note").textContent = (why && why.textContent.trim()) || S.record_unavailable;
      return;
    }
    const data = JSON.parse(doc.getElementById("record-data").textContent);
    const words = JSON.parse(doc.getElementById("record-strings").textContent);
    clear(body).append(...doc.getElementById("record-main").childNodes);
    $("record-files").append(...doc.getElementById("record-files").childNodes);
    const title = clear($("record-title"));
    title.append(S.hand_record + " · " + S.board + " " + data.number + " · ");
    title.appendChild(resultNode({ contract: data.contract, declarer: data.declarer, tricks: data.tricks_taken, score_ns: data.score_ns }));
    $("record-note").textContent = "";
    body.classList.remove("hidden");
    startReplay(body, data, words);
  } catch (e) {
    if (rec.loading === token) $("record-note").textContent = S.record_unavailable;
  }
}

export function closeRecord() {
  rec.board = null;
  rec.loading = null;
  $("record").classList.add("hidden");
}

export function initRecordView() {
  $("record-close").addEventListener("click", closeRecord);
}
