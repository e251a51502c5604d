// The Monte Carlo animation: while running, ask Python for the next batch of rolls, then wait
// for its view and the speed's pause before asking again (like common/pacing.js, one request
// at a time, so a slow kernel slows the animation instead of queueing requests).
//
// createRunner({send, current, onState}) -> {start(), stop(), running(), onView(view), cleanup()}
//   send(msg) sends an intent; current() is the newest view (its batch and pause count, so a
//   change of speed takes effect at the next step); onState(running) is told on start and stop.

export function createRunner({ send, current, onState = () => {} }) {
  let on = false;
  let timer = null;
  let waiting = false; // a request is out and its view has not come back

  function ask() {
    const view = current();
    if (!view) return stop();
    waiting = true;
    send({ type: "mc_roll", n: view.mc.batch });
  }

  function clear() {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  }

  function start() {
    if (on || !current()) return;
    on = true;
    onState(true);
    ask();
  }

  function stop() {
    clear();
    waiting = false;
    if (!on) return;
    on = false;
    onState(false);
  }

  /** A new view came: if it answers our request, schedule the next one after the pause. */
  function onView(view) {
    if (!on || !waiting || !view) return;
    waiting = false;
    clear();
    timer = setTimeout(() => {
      timer = null;
      if (on) ask();
    }, view.mc.interval);
  }

  return { start, stop, running: () => on, onView, cleanup: stop };
}
