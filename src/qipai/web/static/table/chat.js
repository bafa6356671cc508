/* The table's chat, and the owner's panel: the invitation link's copy button, closing the table. */
import { $, el, clear } from "../dom.js";
import { ctx, seatName } from "./ctx.js";

export function renderChat() {
  const box = clear($("chat-log"));
  for (const c of ctx.state.chat.slice(-50)) {
    const li = el("li");
    li.appendChild(el("strong", null, c.name + (c.seat ? " (" + seatName(c.seat) + ")" : "") + ": "));
    li.appendChild(document.createTextNode(c.text));
    box.appendChild(li);
  }
  box.scrollTop = box.scrollHeight;
}

export function initChat() {
  // a visitor who has not logged in may read the chat, not write in it (the server says so)
  if (!ctx.config.user) $("chat-form").classList.add("hidden");
  $("chat-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const input = $("chat-input");
    const text = input.value.trim();
    if (!text) return;
    ctx.send({ type: "chat", text: text });
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
      copy.textContent = ctx.S.copied;
      setTimeout(() => (copy.textContent = ctx.S.copy), 2000);
    });
  }
  // The owner's close button (beside the invitation) asks before it closes the table.
  const close = $("close-table-form");
  if (close) close.addEventListener("submit", (ev) => {
    if (!window.confirm(close.dataset.confirm)) ev.preventDefault();
  });
}
