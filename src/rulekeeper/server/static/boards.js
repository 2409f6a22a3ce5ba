// The screen that draws a game: the board script its plug-in ships (the view's `board_script`,
// an ES module served under /plugins/<plug-in>/ that exports `createView(body, ctx)`), or the
// generic view for a game without one. A script is loaded once; one that fails to load leaves
// the game drawn by the generic view, with a word to the player.

import { fill } from "./dom.js";
import { createGenericView } from "./generic.js";

const loaded = new Map(); // script URL -> Promise of its createView

/** The `createView(body, ctx)` that draws a view with board script `script` (null: generic). */
export function screenMaker(script, toast) {
  if (!script) return Promise.resolve(createGenericView);
  if (!loaded.has(script)) {
    const found = import(script).then((module) => {
      if (typeof module.createView !== "function") throw new Error(`${script} exports no createView`);
      return module.createView;
    }).catch((error) => {
      loaded.delete(script);
      if (toast) toast(`The board could not be loaded (${error.message}); showing the plain view.`, "error");
      return createGenericView;
    });
    loaded.set(script, found);
  }
  return loaded.get(script);
}

/** Which screen a view needs: its board script when it has a board, else "" (the generic view). */
export function screenKind(view) {
  return (view && view.board && view.board_script) || "";
}

/** The screen drawing the views given to `show` in `body`: switched (its script loaded) when a
 * view needs another one; `key` and `destroy` pass to the screen shown. */
export function createStage(body, ctx, toast) {
  let screen = null; // the board or generic view
  let shownKind = null; // the board script of the screen shown ("": the generic view)
  let latest = null;
  let alive = true;
  return {
    show(view) {
      latest = view;
      const kind = screenKind(view);
      if (kind === shownKind) {
        if (screen) screen.update(view);
        return;
      }
      shownKind = kind;
      if (screen) screen.destroy();
      screen = null;
      fill(body);
      screenMaker(kind, toast).then((create) => {
        if (!alive || shownKind !== kind) return;
        screen = create(body, ctx);
        screen.update(latest); // the newest view, whatever came while the script loaded
      });
    },
    key(event) {
      return screen ? screen.key(event) : false;
    },
    destroy() {
      alive = false;
      if (screen) screen.destroy();
      screen = null;
    },
  };
}
