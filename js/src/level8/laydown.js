// The lay-down dialog of the card table, shared by the card game (../level8.js) and the board
// game (../level8board.js): which proposal is open, the player's edits (proposal.js) and the
// intents they send. No DOM: the widget draws the dialog from state() (draw.js dialogEl) and
// hands it clicks and keys through act(). Python validates every lay_down.
//
// createLayDown({send, redraw, selected}) -> {state, follow, act}
//   send(intent)   the widget's send (marks it busy); redraw() redraws hand, actions and dialog;
//   selected()     the selected hand cards (what to propose; none selected: the whole hand)
//   state()        the dialog's editing state (proposal.js fromProposal), null when closed;
//                  each edit sends check_lay, and Python's verdict comes in view.proposal.check
//   follow(view)   after every view: the dialog follows view.proposal (Python drops it when the
//                  hand changes); a proposal the player cancelled does not open again
//   act(action, data, view) -> true when the action is the dialog's (the caller stops there):
//                  layDown, confirmLay, cancelLay, propCard, moveTo, propCombo, layout, meaning,
//                  and while the dialog is open clear (closes it) and, when its arrangement may
//                  be sent, confirm. `data` is the clicked node's dataset ({} for keys).

import * as P from "./proposal.js";
import { handCards, proposeIntent } from "./selection.js";

const target = (value) => (value === "spare" ? "spare" : Number(value));

export function createLayDown({ send, redraw, selected }) {
  let prop = null; // proposal.js editing state, or null
  let dismissed = ""; // key of the proposal the player cancelled

  function follow(view) {
    if (!view.proposal) {
      prop = null;
      dismissed = "";
      return;
    }
    const key = P.proposalKey(view.proposal);
    if (key !== dismissed && (!prop || prop.key !== key)) prop = P.fromProposal(view.proposal);
  }

  /** Replace the state after an edit (nothing happens while the dialog is closed); Python
   * checks the new arrangement, and Confirm waits for its verdict (view.proposal.check). */
  function edit(change) {
    if (!prop) return true;
    const before = P.arrangementKey(P.toLayDown(prop).combos);
    prop = change(prop);
    redraw();
    if (P.arrangementKey(P.toLayDown(prop).combos) !== before) send(P.checkIntent(prop));
    return true;
  }

  function act(action, d, view) {
    switch (action) {
      case "layDown":
        if (view.phase !== "play") return true;
        dismissed = "";
        send(proposeIntent(selected(), handCards(view)));
        return true;
      case "confirm":
        if (!prop || !prop.ok) return false; // not the dialog's: the widget's own Enter
        send(P.toLayDown(prop));
        return true;
      case "confirmLay":
        if (prop && prop.ok) send(P.toLayDown(prop));
        return true;
      case "clear":
        if (!prop) return false; // not the dialog's: the widget clears its selection
        return act("cancelLay", d, view);
      case "cancelLay":
        if (prop) dismissed = prop.key;
        prop = null;
        redraw();
        return true;
      case "propCard":
        return edit((s) => P.pick(s, Number(d.propCard)));
      case "moveTo":
        return edit((s) => P.moveTo(s, target(d.moveTo)));
      case "propCombo":
        if (!prop || prop.picked == null) return true; // a combination is a target only with a card picked
        return edit((s) => P.moveTo(s, target(d.propCombo)));
      case "layout":
        return edit((s) => {
          const [i, k] = d.layout.split(":").map(Number); // "combination:reading"
          return P.chooseLayout(s, i, k);
        });
      case "meaning":
        return edit((s) => {
          const [i, joker, m] = d.meaning.split(":"); // "combination:joker:meaning" ("" = auto)
          return P.setMeaning(s, Number(i), Number(joker), m === "" ? null : Number(m));
        });
      default:
        return false;
    }
  }

  return { state: () => prop, follow, act };
}
