// Python shows the board picture as an output of its own right after the widget, for places
// where the widget cannot render (a notebook reopened without a kernel, an HTML export opened
// offline; see levelwidgets/widgets/picture.py). While this view is on the page that picture is
// a duplicate, so hide it, in two ways:
// - on the same page (JupyterLab, Notebook 7, Voila): a <style> inside the view's own element.
//   It goes when the view goes, and it still matches after Python redraws the picture.
// - where each output sits in a frame of its own (Colab), no CSS can reach the picture: the view
//   tells every frame of the window "picture <id> is live" (postMessage), and the picture's own
//   small script hides it on hearing that. A picture that loads later asks, and the view answers.

const SAFE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** CSS that hides the picture marked `id` and, in JupyterLab/Notebook 7/Voila, its output row. */
export function pictureRule(id) {
  if (typeof id !== "string" || !SAFE_ID.test(id)) return "";
  const sel = `[data-lw-picture="${id}"]`;
  return `${sel}{display:none!important}.jp-OutputArea-child:has(${sel}){display:none!important}`;
}

/** Every window of this page: the top one and all frames within, as far as they nest. */
export function allFrames(top) {
  const out = [];
  const visit = (win, depth) => {
    out.push(win);
    if (depth > 8) return;
    let n = 0;
    try {
      n = win.frames.length; // readable across origins
    } catch {
      return;
    }
    for (let i = 0; i < n; i++) {
      try {
        visit(win.frames[i], depth + 1);
      } catch {
        /* a frame that went away meanwhile */
      }
    }
  };
  visit(top, 0);
  return out;
}

/** Tell every frame that the view of picture `id` is live (the pictures there hide). */
export function announceLive(id, win = window) {
  let top = win;
  try {
    top = win.top || win;
  } catch {
    top = win;
  }
  for (const frame of allFrames(top)) {
    try {
      frame.postMessage({ lwPictureLive: id }, "*");
    } catch {
      /* a closed frame */
    }
  }
}

/** Hide this widget's picture output while the view lives; returns the cleanup. */
export function hidePicture(el, id, win = window) {
  const rule = pictureRule(id);
  if (!rule) return () => {};
  const style = document.createElement("style");
  style.setAttribute("data-lw-picture-hider", id);
  style.textContent = rule;
  el.appendChild(style);
  // a picture in another frame that loads after this view asks whether its widget is live
  const answer = (event) => {
    if (event && event.data && event.data.lwPictureAsk === id) announceLive(id, win);
  };
  win.addEventListener("message", answer);
  announceLive(id, win);
  return () => {
    win.removeEventListener("message", answer);
    style.remove();
  };
}
