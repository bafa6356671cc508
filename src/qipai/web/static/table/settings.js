/* The player's settings kept in this browser: the four-colour deck. */
import { $ } from "../dom.js";

export function initSettings() {
  const box = $("four-colours");
  function set(on) {
    document.body.classList.toggle("four-colours", on);
    box.checked = on;
    try {
      localStorage.setItem("qipai.fourColours", on ? "1" : "");
    } catch (e) {
      /* private mode: the setting lasts for this page */
    }
  }
  try {
    set(localStorage.getItem("qipai.fourColours") === "1");
  } catch (e) {
    set(false);
  }
  box.addEventListener("change", () => set(box.checked));
}
