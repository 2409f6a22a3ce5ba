// Small DOM helpers. Every text goes in through textContent or attributes, never as markup,
// so names people typed cannot become markup.

const SVG_NS = "http://www.w3.org/2000/svg";

/** Sets attributes and event handlers ("on" + event name) on a node. */
function apply(node, attrs) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      node.addEventListener(key.slice(2).toLowerCase(), value);
    } else if (key === "text") {
      node.textContent = String(value);
    } else if (key === "dataset") {
      for (const [k, v] of Object.entries(value)) node.dataset[k] = String(v);
    } else {
      node.setAttribute(key, value === true ? "" : String(value));
    }
  }
  return node;
}

/** Appends children: nodes, or strings and numbers as text nodes; null is skipped. */
function append(node, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** An HTML element: el("button", {class: "x", onClick: f}, "text"). */
export function el(tag, attrs, ...children) {
  return append(apply(document.createElement(tag), attrs), children);
}

/** An SVG element. */
export function svg(tag, attrs, ...children) {
  return append(apply(document.createElementNS(SVG_NS, tag), attrs), children);
}

/** Replaces the children of a node. */
export function fill(node, ...children) {
  node.replaceChildren();
  return append(node, children);
}

/** A short message at the bottom of the screen. */
export function toast(message, kind = "info") {
  const box = document.getElementById("toast");
  if (!box) return;
  const item = el("div", { class: `toast ${kind}`, text: message });
  box.append(item);
  setTimeout(() => item.remove(), kind === "error" ? 8000 : 4000);
}

/** Asks a yes/no question in the confirm dialog; resolves true for yes. No is the default. */
export function confirmDialog(question, yes = "Yes", no = "No") {
  const dialog = document.getElementById("confirm");
  if (!dialog || typeof dialog.showModal !== "function") {
    return Promise.resolve(window.confirm(question));
  }
  return new Promise((resolve) => {
    const noButton = el("button", { type: "button", class: "secondary", text: no });
    const yesButton = el("button", { type: "button", class: "danger", text: yes });
    const done = (answer) => {
      dialog.close();
      resolve(answer);
    };
    noButton.addEventListener("click", () => done(false));
    yesButton.addEventListener("click", () => done(true));
    dialog.addEventListener("cancel", (event) => {
      event.preventDefault();
      done(false);
    }, { once: true });
    fill(dialog, el("p", { id: "confirm-text", text: question }), el("div", { class: "row" }, noButton, yesButton));
    dialog.setAttribute("aria-labelledby", "confirm-text");
    dialog.showModal();
    noButton.focus();
  });
}

/** Links the stylesheet at `href` (once per `id`); resolves when it has loaded or failed, so a
 * board script draws its first view styled (or unstyled rather than not at all). */
export function loadStyle(id, href) {
  if (document.getElementById(id)) return Promise.resolve();
  const link = el("link", { id, rel: "stylesheet", href });
  return new Promise((resolve) => {
    link.addEventListener("load", resolve);
    link.addEventListener("error", resolve);
    document.head.append(link);
  });
}
