/* qipai: the lobby's live list of tables, refreshed without a reload. */
import { el, clear } from "./dom.js";

const SEATS = ["N", "E", "S", "W"];
const SEAT_KEYS = { N: "north", E: "east", S: "south", W: "west" };

export function lobby() {
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
        li.appendChild(el("span", "tag", S.display.scoring[t.scoring] || t.scoring));
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
