/* qipai: small DOM helpers every script shares. Text from users goes in with textContent,
   never as HTML. */

export function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

export function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
  return node;
}

export const $ = (id) => document.getElementById(id);

/** "{seat} claims {n}" with the values filled in; unknown fields are left as they are. */
export function fill(text, values) {
  return text.replace(/\{(\w+)\}/g, (m, k) => (k in values ? String(values[k]) : m));
}

export function button(text, id, cls) {
  const b = el("button", cls || null, text);
  b.type = "button";
  if (id) b.id = id;
  return b;
}
