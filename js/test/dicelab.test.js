// The dice lab front end in node: it renders a view made by DiceLab (fixtures/dicelab_views.json),
// its bars carry Python's numbers as data-*, and clicks and keys send one intent each.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { FakeModel, click, fakeTimers, fire, key, setupDom } from "./helpers/fake.js";
import widget from "../src/dicelab.js";
import { axisTop } from "../src/dicelab/chart.js";
import { pct } from "../src/dicelab/i18n.js";

const V = JSON.parse(readFileSync(new URL("./fixtures/dicelab_views.json", import.meta.url)));
const { el } = setupDom();

function mount(view, extra = {}) {
  const model = new FakeModel({ view, error: "", error_id: 0, error_info: {}, language: "en", ...extra });
  const cleanup = widget.render({ model, el });
  const root = el.querySelector(".dl-root");
  return { model, cleanup, root, q: (s) => root.querySelector(s), qa: (s) => [...root.querySelectorAll(s)] };
}

test("renders a view: dice, settings, groupings, chart and table", () => {
  const { cleanup, root, q, qa } = mount(V.start);
  assert.equal(root.dataset.seq, String(V.start.seq));
  assert.deepEqual(qa("[data-die]").map((b) => Number(b.dataset.face)), [1, 1, 4, 6]);
  // the pips each die shows: its places that show on its face (theme.css, common/die.js)
  const shown = (b) => [...b.querySelectorAll(".lw-pip")].filter((c) => c.dataset.on.split(" ").includes(b.firstChild.getAttribute("data-face"))).length;
  assert.deepEqual(qa("[data-die]").map(shown), [1, 1, 4, 6]);
  assert.equal(q("[data-count='4']").getAttribute("aria-pressed"), "true");
  assert.deepEqual(qa("[data-target][aria-pressed=true]").map((b) => Number(b.dataset.target)), [5, 6, 7, 8, 9, 10]);
  assert.equal(q("[data-action=lucky]").getAttribute("aria-pressed"), "true");
  assert.equal(q("[data-action=lucky]").textContent, "Lucky Loser: on");
  assert.equal(q("[data-grouping-count]").textContent, `${V.start.groupingCount} groupings`);
  assert.equal(qa("[data-grouping]").length, V.start.groupings.length);
  assert.ok(qa("[data-turned]").length > 0, "Lucky Loser groupings show the turned 1s");
  assert.equal(qa("[data-exact-bar]").length, 6);
  assert.equal(qa("[data-observed-bar]").length, 0); // nothing rolled yet
  assert.equal(q("[data-mc-n]").textContent, "0 rolls");
  assert.equal(qa(".dl-table tbody tr").length, 6);
  assert.equal(q("[data-error]"), null);
  cleanup();
  assert.equal(el.querySelector(".dl-root"), null);
});

test("each bar carries Python's numbers as data-*", () => {
  const { cleanup, qa } = mount(V.simulated);
  const bars = qa("g[data-sum]");
  assert.deepEqual(bars.map((g) => Number(g.dataset.sum)), V.simulated.targets);
  V.simulated.bars.sums.forEach((b, i) => {
    const d = bars[i].dataset;
    assert.equal(Number(d.exact), b.exact);
    assert.equal(d.fraction, b.fraction);
    assert.equal(Number(d.observed), b.observed);
    assert.equal(Number(d.count), b.count);
    assert.equal(Number(d.low), b.low);
    assert.equal(Number(d.high), b.high);
    assert.equal(d.makes, V.simulated.canMake[i] > 0 ? "1" : "0");
  });
  assert.equal(qa("[data-observed-bar]").length, 6);
  assert.equal(qa("[data-band]").length, 6);
  cleanup();
});

test("Lucky Loser off: the exact bars change with the view", () => {
  const { model, cleanup, q } = mount(V.simulated);
  const before = q("g[data-sum='5']").dataset.exact;
  model.set("view", V.noLucky);
  assert.notEqual(q("g[data-sum='5']").dataset.exact, before);
  assert.equal(q("[data-action=lucky]").getAttribute("aria-pressed"), "false");
  assert.equal(q("g[data-sum='5'] [data-observed-bar]"), null); // the counts started afresh
  cleanup();
});

test("clicks send one intent each", () => {
  const { model, cleanup, q } = mount(V.start);
  click(q("[data-die='2']")); // 4 -> 5
  click(q("[data-die='3']")); // 6 -> 1
  click(q("[data-action=roll]"));
  click(q("[data-action=lucky]"));
  click(q("[data-count='6']"));
  click(q("[data-target='7']")); // take 7 away
  click(q("[data-target='12']")); // add 12
  click(q("[data-action=big]"));
  assert.deepEqual(model.sent, [
    { type: "set_die", index: 2, face: 5 },
    { type: "set_die", index: 3, face: 1 },
    { type: "roll" },
    { type: "lucky_loser", on: false },
    { type: "set_dice_count", count: 6 },
    { type: "set_targets", targets: [5, 6, 8, 9, 10] },
    { type: "set_targets", targets: [5, 6, 7, 8, 9, 10, 12] },
    { type: "mc_roll", n: 1000 },
  ]);
  assert.equal(q("[data-action=reset]").disabled, true); // nothing counted yet
  const speed = q("[data-speed]");
  assert.equal(speed.value, String(V.start.mc.speed));
  speed.querySelector("option[selected]").removeAttribute("selected");
  speed.querySelector("option[value='4']").setAttribute("selected", "");
  fire(speed, "change");
  assert.deepEqual(model.sent.at(-1), { type: "speed", value: 4 });
  cleanup();
});

test("keys: digits set the selected die and move on, r rolls, l switches Lucky Loser", () => {
  const { model, cleanup, root, q } = mount(V.start);
  click(q("[data-die='1']")); // selects die 1 (and turns it 1 -> 2)
  model.sent.length = 0;
  key(q("[data-die='1']"), "6");
  key(root, "3");
  key(root, "r");
  key(root, "l");
  key(root, "x"); // not ours
  assert.deepEqual(model.sent, [
    { type: "set_die", index: 1, face: 6 },
    { type: "set_die", index: 2, face: 3 },
    { type: "roll" },
    { type: "lucky_loser", on: false },
  ]);
  cleanup();
});

test("tabs switch between the charts and the groups table", () => {
  const { cleanup, q, qa } = mount(V.simulated);
  click(q("[data-tab=moves]"));
  assert.deepEqual(qa("g[data-size]").map((g) => Number(g.dataset.size)), [0, 1, 2, 3, 4]);
  assert.equal(q("[data-chart]").dataset.chart, "moves");
  click(q("[data-tab=groups]"));
  assert.equal(q("[data-chart]"), null);
  assert.equal(qa("[data-table=groups] tbody tr").length, 6);
  click(q("[data-tab=sums]"));
  assert.equal(qa("g[data-sum]").length, 6);
  cleanup();
});

test("Monte Carlo run: one request at a time, paced by the view's interval; pause stops", () => {
  const timers = fakeTimers();
  try {
    const { model, cleanup, root, q } = mount(V.start);
    click(q("[data-action=run]"));
    assert.equal(root.dataset.running, "1");
    assert.equal(q("[data-action=run]").textContent, "⏸ Pause");
    assert.deepEqual(model.sent, [{ type: "mc_roll", n: V.start.mc.batch }]);
    timers.tick(5000); // no answer yet: nothing more is asked
    assert.equal(model.sent.length, 1);
    model.set("view", V.simulated);
    timers.tick(V.simulated.mc.interval - 1);
    assert.equal(model.sent.length, 1);
    timers.tick(1);
    assert.equal(model.sent.length, 2);
    click(q("[data-action=run]"));
    assert.equal(root.dataset.running, "0");
    model.set("view", { ...V.simulated, seq: V.simulated.seq + 1 });
    timers.tick(10_000);
    assert.equal(model.sent.length, 2);
    // a refusal stops the animation too
    click(q("[data-action=run]"));
    model.update({ error: "no", error_id: 1 });
    assert.equal(root.dataset.running, "0");
    cleanup();
    assert.equal(timers.pending(), 0);
  } finally {
    timers.restore();
  }
});

test("German labels and numbers; refusals in German", () => {
  const { model, cleanup, q } = mount(V.simulated, { language: "de" });
  assert.equal(q(".dl-title").textContent, "Würfellabor");
  assert.equal(q("[data-action=lucky]").textContent, "Glückspilz: an");
  assert.equal(q("[data-action=roll]").textContent, "Würfeln");
  assert.equal(q("[data-mc-n]").textContent, "1.000 Würfe");
  assert.equal(q("[data-action=big]").textContent, "1.000 auf einmal würfeln");
  model.update({ error: "Choose at least one target sum.", error_info: { text: "Choose at least one target sum.", code: "dicelab.targets", params: {} }, error_id: 1 });
  assert.match(q("[data-error]").textContent, /Wähle mindestens eine Zielsumme/);
  model.set("language", "en");
  assert.equal(q("[data-mc-n]").textContent, "1,000 rolls");
  cleanup();
});

test("many groupings: the view's first ones and how many more", () => {
  const { cleanup, q, qa } = mount(V.six);
  assert.equal(qa("[data-die]").length, 6);
  assert.equal(Number(q("[data-more]").dataset.more), V.six.groupingCount - V.six.groupings.length);
  assert.equal(qa("[data-target]").length, 36);
  cleanup();
});

test("cleanup leaves no listener behind", () => {
  const { model, cleanup } = mount(V.start);
  cleanup();
  assert.equal(model.listenerCount(), 0);
});

test("axis and percentages", () => {
  assert.equal(axisTop([{ exact: 0.05, observed: null, high: null }]), 0.1);
  assert.equal(axisTop([{ exact: 0.85, observed: 0.86, high: 0.9 }]), 1);
  assert.equal(axisTop([{ exact: 0.41, observed: null, high: null }]), 0.5);
  // the catalogue's common.percent form: no space in English and Dutch, one in German
  assert.equal(pct("en", 0.5123), "51.2%");
  assert.equal(pct("de", 0.5123), "51,2 %");
  assert.equal(pct("nl", 0.853), "85,3%");
  assert.equal(pct("fr", 0.853), "85,3\u00a0%");
  assert.equal(pct("en", null), "–");
});

test("the lab hides its own picture output while it is on the page, and only while", () => {
  const { cleanup } = mount(V.start, { _picture_id: "lab-7" });
  const style = el.querySelector("style[data-lw-picture-hider=lab-7]");
  assert.ok(style && style.textContent.includes('[data-lw-picture="lab-7"]'));
  cleanup();
  assert.equal(el.querySelector("style[data-lw-picture-hider]"), null);
});

test("a new roll re-marks the sums it makes on the chart on screen, not a new chart", () => {
  const { model, cleanup, q, qa } = mount(V.simulated);
  const chart = q("svg[data-chart]");
  const table = q(".dl-table");
  const canMake = [0, 3, 0, 1, 0, 0]; // only 6 and 8 now
  model.set("view", { ...V.simulated, seq: V.simulated.seq + 1, faces: [2, 4, 1, 5], canMake });
  assert.equal(q("svg[data-chart]"), chart, "the same chart node");
  assert.equal(q(".dl-table"), table, "the same table node");
  const bars = qa("g[data-sum]");
  assert.deepEqual(bars.map((g) => g.dataset.makes), canMake.map((n) => (n > 0 ? "1" : "0")));
  assert.deepEqual(qa("g[data-sum] circle.dl-makes").map((c) => c.parentNode.dataset.sum), ["6", "8"]);
  assert.deepEqual(qa(".dl-xlabel.dl-made").map((t) => t.textContent), ["6", "8"]);
  model.set("view", { ...V.simulated, seq: V.simulated.seq + 2, canMake: [0, 0, 0, 0, 0, 0] });
  assert.equal(qa("circle.dl-makes").length, 0);
  assert.equal(q("[data-axis-name]").textContent, q("[data-axis-name]").getAttribute("data-axis-name"));
  cleanup();
});
