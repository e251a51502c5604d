// DiceLab front end: the dice, their groupings, bar charts of exact and observed chances, and
// the Monte Carlo controls. Python computes every number and sends it in `view`; this file
// lays the page out and turns clicks and keys into intents (set_die, roll, set_dice_count,
// set_targets, lucky_loser, mc_roll, mc_reset, speed). Shared parts come from ./common.

import { attr, data, h, patch, patchIfChanged, prop, setText } from "./common/dom.js";
import { projector } from "./common/fit.js";
import * as focus from "./common/focus.js";
import { keepPresses } from "./common/press.js";
import { followView, langOf, reportPageLanguage, subscribe } from "./common/model.js";
import { hidePicture } from "./common/picture.js";
import * as toast from "./common/toast.js";
import { drawChart, markMakes } from "./dicelab/chart.js";
import { drawDice } from "./dicelab/dice.js";
import { drawGroupings } from "./dicelab/groupings.js";
import { counted, num, t } from "./dicelab/i18n.js";
import { keyAction } from "./dicelab/keys.js";
import { createRunner } from "./dicelab/runner.js";
import { groupsTable, numbersTable } from "./dicelab/table.js";

const TABS = ["sums", "moves", "groups"];
const TAB_LABEL = { sums: "chartSums", moves: "chartMoves", groups: "chartGroups" };

function render({ model, el }) {
  const root = h("div", { class: "lw-root dl-root", tabindex: "0", "data-seq": "0", "data-running": "0" });
  el.appendChild(root);
  const lang = () => langOf(model);
  reportPageLanguage(model); // once: a widget made without a language follows the page
  const L = (key, params) => t(lang(), key, params);
  const send = (msg) => model.send(msg);
  const view = () => model.get("view");
  let tab = "sums";
  let selected = 0; // the die digits set (the one clicked or focused last)

  // ---------------------------------------------------------------- skeleton (built once)
  const title = h("div", { class: "dl-title" });
  const counts = h("div", { class: "dl-seg", role: "group" });
  const lucky = h("button", { class: "lw-btn dl-lucky", type: "button", "data-action": "lucky" });
  const targets = h("div", { class: "dl-targets", role: "group" });
  const targetsLabel = h("span", { class: "dl-label" });
  const countLabel = h("span", { class: "dl-label" });
  const header = h(
    "div",
    { class: "dl-header" },
    title,
    h("div", { class: "dl-setting" }, countLabel, counts),
    lucky,
    h("div", { class: "dl-setting dl-targetrow" }, targetsLabel, targets),
  );
  const tray = h("div", { class: "dl-tray", "data-tray": "" });
  const rollBtn = h("button", { class: "lw-btn lw-primary dl-roll", type: "button", "data-action": "roll" });
  const groupingsEl = h("section", { class: "dl-groupingsbox", "data-groupings": "" });
  const left = h("div", { class: "dl-col dl-leftcol" }, h("div", { class: "dl-table-top" }, tray, rollBtn), groupingsEl);
  const tabs = h("div", { class: "dl-tabs", role: "tablist" });
  const caption = h("div", { class: "dl-caption", "data-caption": "" });
  const chartEl = h("div", { class: "dl-chartbox", "data-chart-box": "" });
  const legend = h("div", { class: "dl-legend" });
  const runBtn = h("button", { class: "lw-btn dl-run", type: "button", "data-action": "run" });
  const speed = h("select", { class: "dl-speed", "data-speed": "" });
  const speedLabel = h("label", { class: "dl-label" });
  const bigBtn = h("button", { class: "lw-btn", type: "button", "data-action": "big" });
  const resetBtn = h("button", { class: "lw-btn lw-ghost", type: "button", "data-action": "reset" });
  const mcCount = h("span", { class: "dl-mcn", "data-mc-n": "0" });
  const lastRoll = h("span", { class: "dl-last", "data-last-roll": "" });
  const mc = h("div", { class: "dl-mc" }, h("b", { class: "dl-mctitle" }), runBtn, h("span", { class: "dl-speedbox" }, speedLabel, speed), bigBtn, resetBtn, mcCount, lastRoll);
  const tableEl = h("div", { class: "dl-tablebox" });
  const right = h("div", { class: "dl-col dl-rightcol" }, tabs, caption, chartEl, legend, mc, tableEl);
  const note = h("div", { class: "dl-toastslot" });
  root.append(header, note, h("div", { class: "dl-main" }, left, right));

  const errorToast = toast.mount(note, model, { t });
  const runner = createRunner({ send, current: view, onState: () => drawRun() });
  const cleanups = [
    errorToast,
    focus.mount(root, { keyAction, onAction: (action, e) => act(action, e) }),
    keepPresses(root), // a click the page moved away from still counts (common/press.js)
    hidePicture(el, model.get("_picture_id")), // the lab's picture output (for no kernel) is a duplicate here
  ];

  // ---------------------------------------------------------------- drawing
  function draw() {
    const v = view();
    if (!v) return;
    const t0 = performance.now();
    setText(title, L("title"));
    setText(countLabel, L("diceCount"));
    setText(targetsLabel, L("targets"));
    drawSettings(v);
    drawDice(tray, v.faces, (i, face) => L("dieTitle", { n: i + 1, face }));
    selected = Math.min(selected, v.dice - 1);
    tray.querySelectorAll("[data-die]").forEach((b) => b.classList.toggle("dl-selected", Number(b.dataset.die) === selected));
    setText(rollBtn, L("roll"));
    prop(rollBtn, "title", L("rollTitle"));
    drawGroupings(groupingsEl, v, lang());
    drawTabs();
    drawChartArea(v);
    drawMc(v);
    prop(root, "title", L("keysHelp"));
    data(root, "lucky", v.luckyLoser ? "1" : "0");
    root.dataset.drawMs = (performance.now() - t0).toFixed(1); // for benchmarks
    root.dataset.seq = String(v.seq); // last: tests wait for it
  }

  function drawSettings(v) {
    attr(counts, "aria-label", L("diceCount"));
    patchIfChanged(counts, `${lang()}|${v.dice}`, () =>
      [1, 2, 3, 4, 5, 6].map((n) =>
        h("button", { class: `dl-segbtn${n === v.dice ? " lw-on" : ""}`, type: "button", "data-count": String(n), "aria-pressed": String(n === v.dice), title: L("diceCountTitle", { n }) }, String(n)),
      ),
    );
    setText(lucky, `${L("lucky")}: ${L(v.luckyLoser ? "on" : "off")}`);
    lucky.classList.toggle("lw-on", v.luckyLoser);
    attr(lucky, "aria-pressed", String(v.luckyLoser));
    prop(lucky, "title", L("luckyTitle"));
    attr(targets, "aria-label", L("targets"));
    const chosen = new Set(v.targets);
    patchIfChanged(targets, JSON.stringify([lang(), v.choices, v.targets]), () =>
      v.choices.map((s) =>
        h("button", { class: `dl-chip${chosen.has(s) ? " lw-on" : ""}`, type: "button", "data-target": String(s), "aria-pressed": String(chosen.has(s)), title: L("targetTitle", { sum: s }) }, String(s)),
      ),
    );
  }

  function drawTabs() {
    // (the tabs change with the tab and the language only, not with a roll)
    patchIfChanged(tabs, `${lang()}|${tab}`, () =>
      TABS.map((k) => h("button", { class: `dl-tab${k === tab ? " dl-tabon" : ""}`, type: "button", role: "tab", "data-tab": k, "aria-selected": String(k === tab) }, L(TAB_LABEL[k]))),
    );
  }

  function drawChartArea(v) {
    setText(caption, L(`chartTitle_${tab}`, { dice: v.dice }));
    const lng = lang();
    // the chart and its table change with the dice count, targets and simulation, not with a
    // roll of the dice on the table: unchanged ones are neither built nor touched
    if (tab === "groups") {
      patchIfChanged(chartEl, JSON.stringify([tab, lng, v.dice, v.groupCounts]), () => groupsTable(v.groupCounts, v.dice, lng), { reuse: false });
      prop(legend, "hidden", true);
      patch(tableEl);
      return;
    }
    const bars = v.bars[tab];
    const makes = tab === "sums" ? v.targets.filter((_, i) => v.canMake[i] > 0) : [];
    // a roll on the table changes only which sums it makes: those are marked in place
    const key = JSON.stringify([tab, lng, v.dice, bars]);
    patchIfChanged(chartEl, key, () =>
      drawChart(bars, {
        kind: tab,
        lang: lng,
        title: L(`chartTitle_${tab}`, { dice: v.dice }),
        axis: L(tab === "sums" ? "axisSums" : "axisMoves"),
        makes,
        makesLabel: L("makes"),
      }),
      { reuse: false },
    );
    if (chartEl.firstChild) markMakes(chartEl.firstChild, makes, L("makes"));
    prop(legend, "hidden", false);
    patchIfChanged(legend, lng, () => [
      h("span", { class: "dl-key" }, h("i", { class: "dl-sw dl-sw-exact" }), L("exact")),
      h("span", { class: "dl-key" }, h("i", { class: "dl-sw dl-sw-observed" }), L("observed")),
      h("span", { class: "dl-key" }, h("i", { class: "dl-sw dl-sw-band" }), L("band")),
    ]);
    patchIfChanged(tableEl, key, () => numbersTable(bars, tab, lng), { reuse: false });
  }

  function drawMc(v) {
    setText(mc.querySelector(".dl-mctitle"), L("mcTitle"));
    drawRun();
    setText(speedLabel, L("speed"));
    const options = () => Array.from({ length: v.mc.speeds }, (_, i) => h("option", { value: String(i + 1), selected: i + 1 === v.mc.speed }, L(`speed_${i + 1}`)));
    patchIfChanged(speed, JSON.stringify([lang(), v.mc.speeds, v.mc.speed]), options);
    if (speed.selectedIndex !== v.mc.speed - 1) speed.selectedIndex = v.mc.speed - 1; // as a fresh <select> would
    attr(speed, "aria-label", L("speed"));
    setText(bigBtn, L("bigBatch"));
    setText(resetBtn, L("reset"));
    prop(resetBtn, "title", L("resetTitle"));
    prop(resetBtn, "disabled", v.mc.n === 0);
    data(mcCount, "mcN", String(v.mc.n));
    setText(mcCount, counted(lang(), "rolls", v.mc.n));
    setText(lastRoll, v.mc.n && v.mc.last.length ? L("lastRoll", { faces: v.mc.last.join("-") }) : "");
  }

  function drawRun() {
    const v = view();
    const on = runner.running();
    setText(runBtn, L(on ? "pause" : "run"));
    runBtn.classList.toggle("lw-on", on);
    attr(runBtn, "aria-pressed", String(on));
    if (v) prop(runBtn, "title", L("runTitle", { batch: num(lang(), v.mc.batch) }));
    data(root, "running", on ? "1" : "0");
  }

  // ---------------------------------------------------------------- intents
  function setFace(index, face) {
    send({ type: "set_die", index, face });
  }

  function act(action, e) {
    const v = view();
    if (!v) return;
    if (action === "roll") send({ type: "roll" });
    else if (action === "lucky") send({ type: "lucky_loser", on: !v.luckyLoser });
    else if (action === "run") runner.running() ? runner.stop() : runner.start();
    else if (action === "big") send({ type: "mc_roll", n: v.mc.bigBatch });
    else if (action === "reset") send({ type: "mc_reset" });
    else if (action.startsWith("face")) {
      const die = e && e.target && e.target.closest ? e.target.closest("[data-die]") : null;
      if (die) selected = Number(die.dataset.die);
      if (selected < 0 || selected >= v.dice) return;
      setFace(selected, Number(action.slice(4)));
      selected = Math.min(selected + 1, v.dice - 1); // type a whole roll: 1, 1, 4, 6
      const next = tray.querySelector(`[data-die="${selected}"]`);
      if (die && next) next.focus({ preventScroll: true });
    }
  }

  function onClick(e) {
    const target = e.target.closest("button");
    if (!target || !root.contains(target) || target.disabled) return;
    const d = target.dataset;
    const v = view();
    if (!v) return;
    if (d.action) act(d.action, e);
    else if (d.die != null) {
      selected = Number(d.die);
      setFace(selected, (v.faces[selected] % 6) + 1);
    } else if (d.count != null) send({ type: "set_dice_count", count: Number(d.count) });
    else if (d.target != null) {
      const s = Number(d.target);
      const next = v.targets.includes(s) ? v.targets.filter((x) => x !== s) : [...v.targets, s].sort((a, b) => a - b);
      send({ type: "set_targets", targets: next });
    } else if (d.tab != null) {
      tab = d.tab;
      drawTabs();
      drawChartArea(v);
    }
  }

  function onFocus(e) {
    const die = e.target.closest && e.target.closest("[data-die]");
    if (die) selected = Number(die.dataset.die);
  }

  function onSpeed() {
    send({ type: "speed", value: Number(speed.value) });
  }

  // ---------------------------------------------------------------- wiring
  const unsubscribe = [
    projector(root, model),
    subscribe(model, ["view"], () => {
      draw();
      runner.onView(view());
    }),
    followView(model), // patches of the view from the kernel (common/patch.js)
    subscribe(model, ["language"], () => draw()),
    subscribe(model, ["error_id"], () => runner.stop()), // a refusal ends the animation
  ];
  root.addEventListener("click", onClick);
  root.addEventListener("focusin", onFocus);
  speed.addEventListener("change", onSpeed);
  draw();

  return () => {
    runner.cleanup();
    for (const off of unsubscribe) off();
    root.removeEventListener("click", onClick);
    root.removeEventListener("focusin", onFocus);
    speed.removeEventListener("change", onSpeed);
    for (const cleanup of cleanups) cleanup();
    root.remove();
  };
}

export default { initialize: ({ model }) => followView(model), render }; // patches followed at the model (common/patch.js)
