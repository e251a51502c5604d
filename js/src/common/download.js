// A file made in the kernel, downloaded by the browser: Python sends its text in a custom
// message (the Handout button's page), this turns it into a Blob and clicks a download link.
// Nothing is written next to the notebook, so it works in Voila and on a read-only copy.

const SAFE_NAME = /^[\w. -]{1,120}\.html$/;

/** The file name to offer: Python's if it is a plain .html name, else "handout.html". */
export function fileName(name) {
  return typeof name === "string" && SAFE_NAME.test(name) && !name.startsWith(".") ? name : "handout.html";
}

/** Download `text` as the file `name` (an HTML page) from the document of `node`. */
export function downloadHtml(node, name, text) {
  const doc = node.ownerDocument;
  const win = doc.defaultView || globalThis;
  const BlobType = win.Blob || globalThis.Blob;
  const urls = win.URL && win.URL.createObjectURL ? win.URL : globalThis.URL;
  const url = urls.createObjectURL(new BlobType([text], { type: "text/html;charset=utf-8" }));
  const link = doc.createElement("a");
  link.href = url;
  link.download = fileName(name);
  link.style.display = "none";
  doc.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => urls.revokeObjectURL(url), 60_000); // the download has its copy by then
}
