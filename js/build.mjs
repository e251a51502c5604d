// Bundle the widget front ends into levelwidgets/static (committed, so pip install needs no
// Node). `node build.mjs [outdir]`: the stale-bundle test builds into a temp dir and compares.
import { build } from "esbuild";
import { fileURLToPath } from "node:url";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

const here = path.dirname(fileURLToPath(import.meta.url));
const outdir = process.argv[2] ? path.resolve(process.argv[2]) : path.join(here, "..", "levelwidgets", "static");
// One bundle per widget; level8 once its entry exists (its author adds it in parallel).
const entries = ["levelx", "level8", "dicelab", "level8board"].filter((name) => existsSync(path.join(here, "src", `${name}.js`)));

// The catalogue (levelwidgets/locales/<code>.json) holds the texts of both sides; a bundle
// carries only the namespaces its front end reads (the rest are Python's: events, review …)
// and only the refusals its widget can meet (error codes starting with one of ERRORS' prefixes).
const NAMESPACES = {
  levelx: ["common", "errors", "levelx"],
  level8: ["common", "errors", "level8"],
  level8board: ["common", "errors", "level8", "level8board"],
  dicelab: ["common", "errors", "dicelab"],
};
const ERRORS = {
  levelx: ["widget.", "levelx."],
  level8: ["widget.", "level8."],
  level8board: ["widget.", "level8."],
  dicelab: ["widget.", "dicelab."],
};

/** An esbuild plugin keeping only `keep`'s namespaces of each language's catalogue. */
function catalogue(keep, codes) {
  return {
    name: "catalogue",
    setup(b) {
      b.onLoad({ filter: /[\\/]levelwidgets[\\/]locales[\\/][a-z]{2,3}(?:[-_][A-Za-z]+)?\.json$/ }, (args) => {
        const all = JSON.parse(readFileSync(args.path, "utf8"));
        const kept = Object.fromEntries(Object.entries(all).filter(([ns]) => keep.includes(ns)));
        if (kept.errors && codes) kept.errors = Object.fromEntries(Object.entries(kept.errors).filter(([code]) => codes.some((p) => code.startsWith(p))));
        return { contents: JSON.stringify(kept), loader: "json" };
      });
    },
  };
}

for (const name of entries) {
  await build({
    plugins: [catalogue(NAMESPACES[name] || Object.values(NAMESPACES).flat(), ERRORS[name])],
    entryPoints: [path.join(here, "src", `${name}.js`)],
    bundle: true,
    format: "esm",
    minify: !process.env.LW_NO_MINIFY, // LW_NO_MINIFY=1: readable names (benchmarks/draw_speed.py --profile)
    target: "es2020",
    legalComments: "none",
    outfile: path.join(outdir, `${name}.js`),
    logLevel: "warning",
  });
  const css = path.join(here, "src", `${name}.css`); // imports common/theme.css
  if (!existsSync(css)) continue;
  await build({
    entryPoints: [css],
    bundle: true,
    minify: true,
    outfile: path.join(outdir, `${name}.css`),
    logLevel: "warning",
  });
}
