// Bundle the widget front ends into levelwidgets/static (committed, so pip install needs no
// Node). `node build.mjs [outdir]`: the stale-bundle test builds into a temp dir and compares.
import { build } from "esbuild";
import { fileURLToPath } from "node:url";
import { existsSync } from "node:fs";
import path from "node:path";

const here = path.dirname(fileURLToPath(import.meta.url));
const outdir = process.argv[2] ? path.resolve(process.argv[2]) : path.join(here, "..", "levelwidgets", "static");
// One bundle per widget; level8 once its entry exists (its author adds it in parallel).
const entries = ["levelx", "level8", "dicelab", "level8board"].filter((name) => existsSync(path.join(here, "src", `${name}.js`)));

for (const name of entries) {
  await build({
    entryPoints: [path.join(here, "src", `${name}.js`)],
    bundle: true,
    format: "esm",
    minify: true,
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
