// The card inks the bundles draw look like the names the table writes ("8 red" is red), so the
// old Okabe–Ito "red" (burnt orange) and "purple" (pink) cannot come back.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { L8_STRINGS } from "../src/level8/strings.js";

const HUES = { red: [345, 15], orange: [20, 45], yellow: [45, 65], green: [90, 170], blue: [190, 250], purple: [260, 300] };

/** The colour name whose hue range holds a #rrggbb ink, or null (greys, in-between hues). */
function hueFamily(hex) {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  const s = d === 0 ? 0 : d / (1 - Math.abs(2 * l - 1));
  if (s < 0.3) return null;
  let h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  h = (h * 60 + 360) % 360;
  for (const [name, [lo, hi]] of Object.entries(HUES)) {
    if (lo < hi ? lo <= h && h <= hi : h >= lo || h <= hi) return name;
  }
  return null;
}

test("hueFamily knows the old inks were not what they were called", () => {
  assert.equal(hueFamily("#d55e00"), "orange"); // the old "red"
  assert.equal(hueFamily("#cc79a7"), null); // the old "purple", a pink
  assert.equal(hueFamily("#808080"), null);
});

for (const bundle of ["level8.css", "level8board.css"]) {
  test(`${bundle}: every card ink has the hue of the colour's English name`, () => {
    const css = readFileSync(new URL(`../../levelwidgets/static/${bundle}`, import.meta.url), "utf8");
    for (let c = 0; c < 6; c++) {
      const name = L8_STRINGS.en[`c${c}`];
      for (const kind of ["fill", "edge", "ink"]) {
        const m = css.match(new RegExp(`--l8-${kind}-${c}:\\s*(#[0-9a-fA-F]{6})`));
        assert.ok(m, `--l8-${kind}-${c} in ${bundle}`);
        assert.equal(hueFamily(m[1]), name, `--l8-${kind}-${c} ${m[1]} should look ${name}`);
      }
    }
  });
}
