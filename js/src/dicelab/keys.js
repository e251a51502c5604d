// The lab's keys: 1–6 set the selected die (then the next one is selected, so "1146" types a
// whole roll), r rolls, l switches Lucky Loser. Other keys go on to the notebook.

import { keyMap } from "../common/focus.js";

export const keyAction = keyMap({
  1: "face1",
  2: "face2",
  3: "face3",
  4: "face4",
  5: "face5",
  6: "face6",
  r: "roll",
  l: "lucky",
});
