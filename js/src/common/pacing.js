// Bot pacing: the browser asks Python for the bot's next move after `bot_delay` ms, so people
// can follow the game. The view counter (seq) goes along: Python ignores a stale request.
//
// createPacer(model, {due}) -> {schedule(view), cancel(), pending(), cleanup()}
//   due(view) -> true when a bot is to move in this view (and nobody is browsing back).
//   schedule(view) replaces any pending request; nothing is scheduled when bot_delay <= 0
//   (Python then plays the bots itself).

export function createPacer(model, { due }) {
  let timer = null;

  function cancel() {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  }

  function schedule(view) {
    cancel();
    const delay = Number(model.get("bot_delay"));
    if (!view || !(delay > 0) || !due(view)) return false;
    const seq = view.seq;
    timer = setTimeout(() => {
      timer = null;
      model.send({ type: "advance", seq });
    }, delay);
    return true;
  }

  return { schedule, cancel, pending: () => timer !== null, cleanup: cancel };
}
