// render() of the Level 8 board widget on a fake model (linkedom): the circuit, the glowing
// fields, the dialogs, and the intents the clicks send. Views are written the way Python's
// Level8BoardWidget builds them (levelwidgets/widgets/level8_board.py).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { FakeModel, key, setupDom } from "./helpers/fake.js";

setupDom();
const { default: widget } = await import("../src/level8board.js");

const FIELDS = ["choose", ...Array.from({ length: 3 }, () => ["draw1", "draw2", "joker", "ask", "swap", "draw_again", "steal", "all_draw", "choose"]).flat()];

function view(over = {}) {
  const board = { fields: FIELDS, reconstruction: true, towers: [0, 5], dice: null, reachable: [], jokers: 8, turn: 0, landed: null, pending: {}, choices: { roll: true }, ...(over.board || {}) };
  return {
    seq: 1, bots: [null, "Bot"], log: [], new: 0, canRedo: false, viewer: 0, actor: 0, handoff: null, names: ["Ann", "Ben"], sides: ["one", "one"],
    levels: [1, 3], levelCounts: [8, 8], req: [[["set", 3], ["run", 3]], null], laid: [false, false], hand: [0, 16, 32, 90], hands: null, handCounts: [4, 10],
    drawCount: 60, underCount: 0, discards: [[45, 1], [null, 0]], melds: [[], []], skips: [null, null], keptCounts: [0, 0], phase: "roll", cur: 0, dealer: 1,
    round: 1, winners: [], legal: {}, proposal: null, hint: null, moves: [], future: [], here: 0, rounds: [], canUndo: false, review: null,
    ...over,
    board,
  };
}

function mount(v) {
  const el = document.createElement("div");
  document.body.append(el);
  const model = new FakeModel({ view: v, error: "", error_id: 0, language: "en", bot_delay: 0, annotate: false, _picture_id: "", record_files: [], read_only: false });
  const cleanup = widget.render({ model, el });
  return { el, model, cleanup, root: el.querySelector(".l8b-root") };
}

const click = (node) => node.dispatchEvent(new window.Event("click", { bubbles: true }));

test("the circuit: 28 fields with labels, towers, the level track, dice and the joker pile", () => {
  const { root, cleanup } = mount(view());
  assert.equal(root.querySelectorAll("[data-field]").length, 28);
  assert.equal(root.querySelector("[data-field='0']").classList.contains("l8b-start"), true);
  assert.equal(root.querySelector("[data-field='4']").dataset.actionId, "ask");
  assert.match(root.querySelector("[data-field='4']").textContent, /Ask/);
  assert.ok(root.querySelector("[data-field='0'] [data-tower='0']"));
  assert.ok(root.querySelector("[data-field='5'] [data-tower='1']"));
  assert.ok(root.querySelector("[data-level-cell='3'] [data-marker='1']"));
  assert.equal(root.querySelector("[data-joker-pile]").dataset.count, "8");
  assert.equal(root.querySelector("[data-dice]").dataset.dice, "");
  assert.equal(root.dataset.phase, "roll");
  cleanup();
});

test("roll, then the two reachable fields glow and a click moves there", () => {
  const { root, model, cleanup } = mount(view());
  click(root.querySelector("[data-dialog=roll] [data-action=roll]"));
  assert.deepEqual(model.sent.at(-1), { type: "roll" });
  model.set("view", view({ seq: 2, phase: "move", board: { dice: [3, 4], reachable: [3, 4], choices: { move: [3, 4] } } }));
  const glowing = [...root.querySelectorAll("[data-reachable='1']")].map((n) => n.dataset.field);
  assert.deepEqual(glowing, ["3", "4"]);
  assert.equal(root.querySelector("[data-die='1']").dataset.value, "4");
  assert.equal(root.querySelector("[data-field='7']").disabled, true);
  click(root.querySelector("[data-field='4']"));
  assert.deepEqual(model.sent.at(-1), { type: "move", field: 4 });
  cleanup();
});

test("take: only the piles Python lists are live", () => {
  const { root, model, cleanup } = mount(view({ phase: "take", board: { pending: { action: "draw2", takes: 2 }, choices: { take: ["pile", 0] } } }));
  assert.equal(root.querySelector("[data-draw-pile]").disabled, false);
  assert.equal(root.querySelector("[data-discard='1']").disabled, true);
  click(root.querySelector("[data-discard='0']"));
  assert.deepEqual(model.sent.at(-1), { type: "take", source: 0 });
  click(root.querySelector("[data-take=pile]"));
  assert.deepEqual(model.sent.at(-1), { type: "take", source: "pile" });
  cleanup();
});

test("the ask dialog sends a number and a direction", () => {
  const { root, model, cleanup } = mount(view({ phase: "ask", board: { pending: { action: "ask" }, choices: { ask: { numbers: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15], colours: [0, 1, 2, 3, 4, 5], directions: ["left", "right"] } } } }));
  assert.equal(root.querySelector("[data-action=confirmAsk]").disabled, true);
  click(root.querySelector("[data-ask-number='7']"));
  click(root.querySelector("[data-ask-dir=right]"));
  click(root.querySelector("[data-action=confirmAsk]"));
  assert.deepEqual(model.sent.at(-1), { type: "ask", direction: "right", number: 7 });
  cleanup();
});

test("swap: pick up to 3 of the allowed cards, then Swap", () => {
  const { root, model, cleanup } = mount(view({ phase: "swap", board: { pending: { action: "swap" }, choices: { swap: { cards: [0, 16, 32, 90], min: 1, max: 3 } } } }));
  for (const c of [0, 16]) click(root.querySelector(`[data-dialog=swap] [data-pick='${c}']`));
  click(root.querySelector("[data-dialog=swap] [data-action=confirmPick]"));
  assert.deepEqual(model.sent.at(-1), { type: "swap", cards: [0, 16] });
  cleanup();
});

test("swap and show dialogs mark the picked cards in the dialog itself", () => {
  for (const kind of ["swap", "show"]) {
    const { root, cleanup } = mount(view({ phase: kind, board: { pending: { action: kind }, choices: { [kind]: { cards: [0, 16, 32, 90], min: 1, max: 3 } } } }));
    const card = (c) => root.querySelector(`[data-dialog=${kind}] .l8b-pickcards [data-pick='${c}']`);
    const picked = () => [...root.querySelectorAll(`[data-dialog=${kind}] .l8b-pickcards .l8-sel`)].map((el) => el.getAttribute("data-pick"));
    assert.deepEqual(picked(), []);
    click(card(16));
    click(card(90));
    assert.deepEqual(picked(), ["16", "90"], kind);
    for (const c of [16, 90]) {
      assert.equal(card(c).getAttribute("aria-pressed"), "true");
      assert.equal(card(c).getAttribute("data-selected"), "1");
    }
    assert.equal(card(0).getAttribute("aria-pressed"), "false");
    click(card(16)); // a second click unpicks it
    assert.deepEqual(picked(), ["90"], kind);
    cleanup();
  }
  // the bundle styles the picked state inside the dialog (raised, outlined, ticked)
  const css = readFileSync(new URL("../../levelwidgets/static/level8board.css", import.meta.url), "utf8");
  const rule = css.match(/\.l8b-pickcards \.l8-card\.l8-sel\s*\{([^}]*)\}/);
  assert.ok(rule && /transform:\s*translateY\(-/.test(rule[1]) && /outline:/.test(rule[1]), "picked-card rule in level8board.css");
  assert.ok(/\.l8b-pickcards \.l8-card\.l8-sel::?after\s*\{[^}]*content:\s*"(✓|\\2713)"/.test(css), "a tick on the picked card");
});

test("steal and choose dialogs", () => {
  const { root, model, cleanup } = mount(view({ phase: "steal", board: { pending: { action: "steal", shown: [[1, [50, 60]]] }, choices: { steal: [[50, 1], [60, 1]] } } }));
  click(root.querySelector("[data-steal='60']"));
  assert.deepEqual(model.sent.at(-1), { type: "steal", card: 60 });
  model.set("view", view({ seq: 3, phase: "choose", board: { pending: { action: "choose" }, choices: { choose: [["swap", 5], ["ask", 4]] } } }));
  assert.equal(root.querySelector("[data-choose=steal]").disabled, true);
  click(root.querySelector("[data-choose=swap]"));
  assert.deepEqual(model.sent.at(-1), { type: "choose", action: "swap" });
  cleanup();
});

test("add on: the question which end marks its combination; Enter sends nothing, Esc and a card click close it", () => {
  // laid down, holding the eighth joker (101), which fits the run 3–5 at either end
  const melds = [[{ kind: "set", cards: [23, 38, 53], value: 9 }, { kind: "run", cards: [2, 3, 4], lo: 3, hi: 5 }], []];
  const play = view({ phase: "play", laid: [true, false], hand: [45, 73, 86, 101], melds, legal: { addOn: { 101: [[0, 0, [9]], [0, 1, [2, 6]]] } }, board: { choices: {} } });
  const { root, model, cleanup } = mount(play);
  const card = (id) => root.querySelector(`[data-hand='0'] [data-card='${id}']`);
  const meld = (k) => root.querySelector(`[data-meld='${k}']`);
  const asking = () => {
    click(card(101));
    assert.ok(meld("0-0").classList.contains("l8-fits") && meld("0-1").classList.contains("l8-fits"), "the combinations the joker fits glow");
    click(meld("0-1"));
    assert.ok(root.querySelector("[data-ask='0-1']"), "which end?");
    assert.ok(meld("0-1").classList.contains("l8-asked"), "the combination asked about is marked");
    assert.ok(!meld("0-0").classList.contains("l8-asked"));
  };
  asking();
  // Enter while the question is open: no discard of the selected joker, nothing sent
  key(root, "Enter");
  assert.deepEqual(model.sent, []);
  assert.ok(root.querySelector("[data-ask]"), "still asking");
  // Esc closes the question (and clears the selection)
  key(root, "Escape");
  assert.equal(root.querySelector("[data-ask]"), null);
  assert.ok(!meld("0-1").classList.contains("l8-asked"));
  assert.equal(card(101).dataset.selected, "0");
  assert.equal(root.querySelectorAll(".l8-fits").length, 0);
  // selecting a card closes it too
  asking();
  click(card(45));
  assert.equal(root.querySelector("[data-ask]"), null);
  assert.equal(card(45).dataset.selected, "1");
  assert.equal(root.querySelectorAll(".l8-asked").length, 0);
  assert.deepEqual(model.sent, []);
  // answered by a click: add_on with the number
  key(root, "Escape");
  asking();
  click(root.querySelector("[data-action=askNumber][data-number='6']"));
  assert.deepEqual(model.sent.at(-1), { type: "add_on", card: 101, owner: 0, index: 1, number: 6 });
  cleanup();
});

test("German labels on the fields", () => {
  const { root, model, cleanup } = mount(view());
  model.set("language", "de");
  assert.match(root.querySelector("[data-field='5']").textContent, /Tauschen/);
  assert.match(root.textContent, /Würfeln/);
  cleanup();
});

test("a new view keeps the circuit's nodes: unchanged fields untouched, changed ones patched, the centre in place", () => {
  const { root, model, cleanup } = mount(view());
  const ring = root.querySelector("[data-board]");
  const fields = [...root.querySelectorAll("[data-field]")];
  const centre = ring.lastElementChild;
  const quiet = fields[20];
  let writes = 0;
  const set = quiet.setAttribute.bind(quiet);
  quiet.setAttribute = (...a) => {
    writes++;
    set(...a);
  };
  model.set("view", view({ seq: 2, phase: "move", board: { dice: [3, 4], reachable: [3, 4], choices: { move: [3, 4] } } }));
  assert.equal(root.querySelector("[data-board]"), ring);
  assert.deepEqual([...root.querySelectorAll("[data-field]")], fields); // the same 28 nodes
  assert.equal(ring.lastElementChild, centre);
  assert.equal(fields[4].dataset.reachable, "1"); // a changed field is patched in place
  assert.equal(fields[4].disabled, false);
  assert.equal(fields[7].dataset.reachable, "0");
  assert.equal(writes, 0, "field 20 did not change: not written");
  // the tower moves: it leaves field 0's node and appears in field 4's
  model.set("view", view({ seq: 3, phase: "take", board: { towers: [4, 5], landed: 4, choices: { take: ["pile"] } } }));
  assert.equal(root.querySelector("[data-field='0'] [data-tower='0']"), null);
  assert.ok(root.querySelector("[data-field='4'] [data-tower='0']"));
  assert.equal(root.querySelector("[data-field='4']"), fields[4]);
  assert.equal(fields[4].dataset.landed, "1");
  cleanup();
});

test("a view that changes nothing on the circuit does not look at its fields; one that does, writes them", () => {
  const { root, model, cleanup } = mount(view({ review: { steps: 1 } }));
  const fields = [...root.querySelectorAll("[data-field]")];
  let reads = 0;
  for (const f of fields) {
    for (const name of ["getAttribute", "hasAttribute"]) {
      const read = f[name].bind(f);
      f[name] = (...a) => {
        reads++;
        return read(...a);
      };
    }
  }
  // the hand, the log and the review change, the circuit does not
  model.set("view", view({ seq: 2, hand: [0, 16, 32, 90, 91], handCounts: [5, 10], review: { steps: 2 } }));
  assert.equal(reads, 0, "no field was compared or written");
  model.set("view", view({ seq: 3, phase: "move", board: { dice: [3, 4], reachable: [3, 4], choices: { move: [3, 4] } }, review: { steps: 3 } }));
  assert.ok(reads > 0);
  assert.deepEqual([...root.querySelectorAll("[data-reachable='1']")].map((n) => n.dataset.field), ["3", "4"]);
  // a new language is something the circuit shows: the fields are written again
  model.set("language", "de");
  assert.match(root.querySelector("[data-field='4']").textContent, /Fragen/);
  cleanup();
});

test("the centre's dialog is not rebuilt for a view that only adds a step to the record", () => {
  const { root, model, cleanup } = mount(view({ review: { steps: 4 }, canUndo: false }));
  const dialog = root.querySelector("[data-dialog=roll]");
  let compared = 0;
  const same = dialog.isEqualNode.bind(dialog);
  dialog.isEqualNode = (...a) => {
    compared++;
    return same(...a);
  };
  model.set("view", view({ seq: 2, review: { steps: 5 }, canUndo: true, log: ["Ben rolled"] }));
  assert.equal(root.querySelector("[data-dialog=roll]"), dialog);
  assert.equal(compared, 0, "the roll dialog was neither built again nor compared");
  // a read-only record is something the dialog shows (nobody may act): it goes
  model.set("view", view({ seq: 3, review: { steps: 5, readOnly: true } }));
  assert.equal(root.querySelector("[data-dialog=roll]"), null);
  cleanup();
});

test("the status line, the action in progress and the dice are written into the nodes on screen", () => {
  const { root, model, cleanup } = mount(view({ phase: "roll" }));
  const status = root.querySelector("[data-status]");
  const whose = status.querySelector(".l8-whose");
  const pending = root.querySelector("[data-pending]");
  const dice = root.querySelector("[data-dice]");
  const icon = pending.querySelector(".lw-icon");
  let compared = 0; // a part built again is compared with the one on screen (morph); a described one is not
  for (const node of [status, pending, dice]) {
    const same = node.isEqualNode.bind(node);
    node.isEqualNode = (...a) => {
      compared++;
      return same(...a);
    };
  }
  model.set("view", view({ seq: 2, phase: "move", board: { dice: [3, 4], reachable: [3, 4], choices: { move: [3, 4] } } }));
  assert.equal(root.querySelector("[data-status]"), status);
  assert.equal(status.querySelector(".l8-whose"), whose);
  assert.match(whose.textContent, /tower/i);
  assert.equal(root.querySelector("[data-dice]"), dice);
  assert.equal(dice.dataset.dice, "3,4");
  assert.deepEqual([...dice.querySelectorAll("[data-die]")].map((d) => d.dataset.value), ["3", "4"]);
  // the turn player's icon is kept; the action's chip comes with its own icon
  model.set("view", view({ seq: 3, phase: "take", board: { towers: [1, 5], landed: 1, pending: { action: "draw1", takes: 1 }, choices: { take: ["pile"] } } }));
  assert.equal(root.querySelector("[data-pending]"), pending);
  assert.equal(pending.querySelector(".lw-icon"), icon);
  assert.equal(pending.querySelector("[data-doing]").dataset.doing, "draw1");
  assert.ok(pending.querySelector("[data-doing] .l8b-i-draw1"));
  // the dice go blank again for the next turn: the same box
  model.set("view", view({ seq: 4, phase: "roll", cur: 1, actor: 1, board: { turn: 1, choices: { roll: true } } }));
  assert.equal(root.querySelector("[data-dice]"), dice);
  assert.equal(dice.dataset.dice, "");
  assert.equal(dice.querySelectorAll(".l8b-nodie").length, 2);
  assert.equal(root.querySelector("[data-status]").dataset.whose, "1");
  assert.equal(compared, 0, "nothing was built to be compared");
  cleanup();
});
