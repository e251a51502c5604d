// Every JS unit test (test/*.test.js) in one node process: `node --test test/` starts a
// process per file, one at a time on CI's two cores (35 × ~0.7 s of start-up and linkedom).
// Run as `node --test run-tests.mjs` (npm test; tests/widgets/test_js.py does the same).
import { readdirSync } from "node:fs";

const folder = new URL("./test/", import.meta.url);
const names = readdirSync(folder).filter((n) => n.endsWith(".test.js")).sort();
for (const name of names) {
  await import(new URL(name, folder));
}
console.log(`test files imported: ${names.length}`); // checked by tests/widgets/test_js.py
