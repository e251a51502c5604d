// Adding a card to a laid combination, shared by the card game (../level8.js) and the board game
// (../level8board.js): a click on a combination with one card selected sends add_on, or first
// asks which number the card takes when the engine offers two (a joker at either end of a run).
// No DOM: draw.js actionsEl draws the question from question() (as `ui.ask`).
//
// createAddOn({send, redraw, selected}) -> {question, drop, follow, act}
//   send(intent), redraw(), selected(): as in laydown.js
//   question()     {card, owner, index, meanings, lo, hi} while the question is open, else null
//   drop()         close the question (no redraw: the caller redraws)
//   follow(view)   after every view: the question lasts only through the play phase
//   act(action, data, view) -> true for meld (data-meld "owner-index"), askNumber (data-number)
//                  and cancelAsk, and for confirm (Enter) while the question is open: Enter
//                  never answers it (nor discards the selected card). clear (Esc) and
//                  toggleCard close the question and return false: the caller goes on (clears
//                  or changes the selection, and redraws). false for any other action.

import { addOnPlan } from "./selection.js";

export function createAddOn({ send, redraw, selected }) {
  let ask = null;

  function act(action, d, view) {
    switch (action) {
      case "meld": {
        const sel = selected();
        if (view.phase !== "play" || sel.length !== 1) return true;
        const [owner, index] = d.meld.split("-").map(Number);
        const card = sel[0];
        const plan = addOnPlan(view, card, owner, index);
        if (plan.ask) {
          const meld = view.melds[owner][index];
          ask = { card, owner, index, meanings: plan.ask, lo: meld.lo, hi: meld.hi };
          redraw();
        } else send(plan.intent);
        return true;
      }
      case "askNumber": {
        const a = ask;
        if (!a) return true;
        ask = null;
        send(addOnPlan(view, a.card, a.owner, a.index, Number(d.number)).intent);
        return true;
      }
      case "cancelAsk":
        ask = null;
        redraw();
        return true;
      case "confirm":
        return ask !== null; // open: Enter is swallowed; closed: the widget's own Enter
      case "clear":
      case "toggleCard":
        ask = null; // the caller changes the selection and redraws
        return false;
      default:
        return false;
    }
  }

  return {
    question: () => ask,
    drop() {
      ask = null;
    },
    follow(view) {
      if (view.phase !== "play") ask = null;
    },
    act,
  };
}
