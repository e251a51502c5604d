import { test } from "node:test";
import assert from "node:assert/strict";
import { FakeModel, fakeTimers } from "./helpers/fake.js";
import { createPacer } from "../src/common/pacing.js";

const due = (v) => v.phase !== "over" && Boolean(v.bots[v.cur]);

test("after bot_delay ms the pacer asks for the bot's move with the view counter", () => {
  const clock = fakeTimers();
  try {
    const model = new FakeModel({ bot_delay: 700 });
    const pacer = createPacer(model, { due });
    assert.equal(pacer.schedule({ seq: 4, phase: "roll", cur: 1, bots: ["", "greedy"] }), true);
    clock.tick(699);
    assert.deepEqual(model.sent, []);
    assert.ok(pacer.pending());
    clock.tick(1);
    assert.deepEqual(model.sent, [{ type: "advance", seq: 4 }]);
    assert.equal(pacer.pending(), false);
  } finally {
    clock.restore();
  }
});

test("a new view replaces the pending request; cancel and cleanup drop it", () => {
  const clock = fakeTimers();
  try {
    const model = new FakeModel({ bot_delay: 100 });
    const pacer = createPacer(model, { due });
    const bot = { phase: "roll", cur: 1, bots: ["", "b"] };
    pacer.schedule({ ...bot, seq: 1 });
    clock.tick(50);
    pacer.schedule({ ...bot, seq: 2 });
    clock.tick(60);
    assert.deepEqual(model.sent, []);
    clock.tick(40);
    assert.deepEqual(model.sent, [{ type: "advance", seq: 2 }]);
    pacer.schedule({ ...bot, seq: 3 });
    pacer.cancel();
    pacer.schedule({ ...bot, seq: 4 });
    pacer.cleanup();
    clock.tick(1000);
    assert.equal(model.sent.length, 1);
    assert.equal(clock.pending(), 0);
  } finally {
    clock.restore();
  }
});

test("nothing is scheduled for a person, at game over, or with bot_delay 0", () => {
  const clock = fakeTimers();
  try {
    const model = new FakeModel({ bot_delay: 100 });
    const pacer = createPacer(model, { due });
    assert.equal(pacer.schedule({ seq: 1, phase: "roll", cur: 0, bots: ["", "b"] }), false);
    assert.equal(pacer.schedule({ seq: 1, phase: "over", cur: 1, bots: ["", "b"] }), false);
    assert.equal(pacer.schedule(null), false);
    model.set("bot_delay", 0);
    assert.equal(pacer.schedule({ seq: 1, phase: "roll", cur: 1, bots: ["", "b"] }), false);
    clock.tick(1000);
    assert.deepEqual(model.sent, []);
  } finally {
    clock.restore();
  }
});
