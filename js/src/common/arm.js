// Two-click confirmation for actions that lose work (a new game, deleting a variation): the
// first press arms the action, a second press of the same action within a few seconds does
// it, and an armed action left alone disarms itself.
//
// createArm(onChange, ms?) -> {press(key) -> true when the action should happen now,
//                              armed() -> the armed key or null, disarm()}
//   onChange(): called when the armed key changes by itself (the timeout), to redraw.

export const ARM_MS = 4000;

export function createArm(onChange, ms = ARM_MS) {
  let armed = null;
  let timer = null;

  function disarm() {
    if (timer !== null) clearTimeout(timer);
    armed = timer = null;
  }

  function press(key) {
    if (armed === key) {
      disarm();
      return true;
    }
    disarm();
    armed = key;
    timer = setTimeout(() => {
      disarm();
      onChange();
    }, ms);
    return false;
  }

  return { press, disarm, armed: () => armed };
}
