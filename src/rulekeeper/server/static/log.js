// The readable log of a game: newest at the bottom, what happened since your last decision
// marked (the opponent's moves), kept scrolled to the end unless you scrolled up.

import { el, fill } from "./dom.js";

/** How many of `lines` are new compared with `before` (the log as it was; both end newest). */
export function countNew(before, lines) {
  if (!before || before.length === 0) return 0;
  const tail = before.slice(-3);
  for (let end = lines.length; end >= tail.length; end -= 1) {
    let same = true;
    for (let i = 0; i < tail.length; i += 1) {
      if (lines[end - tail.length + i] !== tail[i]) {
        same = false;
        break;
      }
    }
    if (same) return lines.length - end;
  }
  return lines.length;
}

/** Draws the log into `box`; the last `fresh` lines are marked as new. */
export function renderLog(box, lines, fresh = 0) {
  const atEnd = box.scrollHeight - box.scrollTop - box.clientHeight < 30;
  const list = el("ol", { class: "log-lines" });
  lines.forEach((line, index) => {
    const isNew = index >= lines.length - fresh;
    list.append(el("li", { class: isNew ? "new" : null }, isNew ? el("span", { class: "sr-only", text: "new: " }) : null, line));
  });
  const head = el("h2", { class: "panel-title" }, "Log", fresh ? el("span", { class: "badge", text: `${fresh} new since your last decision` }) : null);
  fill(box, head, lines.length ? list : el("p", { class: "muted", text: "Nothing has happened yet." }));
  if (atEnd || fresh) box.scrollTop = box.scrollHeight;
}
