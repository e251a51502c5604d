// Python shows the board picture as an output of its own right after the widget, for places
// where the widget cannot render (a notebook reopened without a kernel, an HTML export opened
// offline; see levelwidgets/widgets/picture.py). While this view is on the page that picture is
// a duplicate, so hide it. The rule lives in a <style> inside the view's own element: it goes
// when the view goes, and it still matches after Python redraws the picture.

const SAFE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** CSS that hides the picture marked `id` and, in JupyterLab/Notebook 7/Voila, its output row. */
export function pictureRule(id) {
  if (typeof id !== "string" || !SAFE_ID.test(id)) return "";
  const sel = `[data-lw-picture="${id}"]`;
  return `${sel}{display:none!important}.jp-OutputArea-child:has(${sel}){display:none!important}`;
}

/** Hide this widget's picture output while the view lives; returns the cleanup. */
export function hidePicture(el, id) {
  const rule = pictureRule(id);
  if (!rule) return () => {};
  const style = document.createElement("style");
  style.setAttribute("data-lw-picture-hider", id);
  style.textContent = rule;
  el.appendChild(style);
  return () => style.remove();
}
