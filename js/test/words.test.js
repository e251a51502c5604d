// Words that read right: no "card(s)" / "Karte(n)" in any table a widget shows.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";

const SRC = new URL("../src/", import.meta.url);
const TABLES = ["level8/strings.js", "level8board/strings.js", "common/i18n.js", ...readdirSync(SRC, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => `${d.name}/i18n.js`)];

test("no table writes a plural as (s), (n) or (e): counts use a key's _1 entry", () => {
  for (const file of new Set(TABLES)) {
    let text;
    try {
      text = readFileSync(new URL(file, SRC), "utf8");
    } catch {
      continue; // that folder has no table
    }
    const strings = text.match(/"(?:[^"\\]|\\.)*"/g) || [];
    const bad = strings.filter((s) => /\w\((s|n|e|en)\)/.test(s) && /card|Karte/i.test(s));
    assert.deepEqual(bad, [], file);
  }
});
