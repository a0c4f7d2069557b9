// Turn clocks through the helpers: a Claim game created with a 60 s per-move control carries its
// clocks in the view, the seat to act on the clock and the other off it. (Timeouts themselves need
// the server's test clock; the server's own suite covers them.)
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { Tablero, TimeoutPolicy, connectNode } from "../src/index.js";
import { startServer, twoHumans, type RunningServer } from "./support.js";

let server: RunningServer;
before(async () => {
  server = await startServer();
});
after(() => server?.stop());

test("the time control helpers build each kind of control", () => {
  assert.deepEqual(Tablero.perMove(60), { control: { case: "perMove", value: { seconds: 60 } }, onTimeout: undefined });
  assert.deepEqual(Tablero.chessClock(300, 5, TimeoutPolicy.RESIGN), {
    control: { case: "chessClock", value: { initialSeconds: 300, incrementSeconds: 5 } },
    onTimeout: TimeoutPolicy.RESIGN,
  });
  assert.deepEqual(Tablero.daily(3).control, { case: "daily", value: { days: 3 } });
});

test("a game with 60 s per move: the seat to act has a deadline a minute out, the other none", async () => {
  const tablero = new Tablero(connectNode(server.url)); // a player's app: no key needed
  const created = await tablero.createGame({
    gameType: "claim",
    mode: "base_2p",
    seats: twoHumans(),
    timeControl: Tablero.perMove(60),
  });
  const clock = created.view?.clock;
  assert.ok(clock, "a timed game's view carries its clock");
  assert.equal(clock.control?.control.case, "perMove");
  assert.equal(clock.control?.control.value?.seconds, 60);
  assert.equal(created.view!.toAct.length, 1, "one seat to act");
  const toAct = created.view!.toAct[0]!;
  assert.deepEqual(clock.seats.map((s) => s.seat).sort(), [0, 1], "one clock per seat");
  for (const s of clock.seats) {
    if (s.seat === toAct) {
      const left = Number(s.deadlineUnixMs - clock.nowUnixMs);
      assert.ok(left >= 55_000 && left <= 60_000, `seat ${s.seat} has about 60 s left: ${left} ms`);
      assert.equal(clock.nextDeadlineUnixMs, s.deadlineUnixMs, "the next deadline is the acting seat's");
    } else {
      assert.equal(s.deadlineUnixMs, 0n, `seat ${s.seat} is off the clock`);
    }
  }
  // A seat's own view shows the same clocks.
  const mine = await tablero.seat(created.gameId, created.credentials.find((c) => c.seat === toAct)!.token).view();
  assert.equal(mine.clock?.seats.find((s) => s.seat === toAct)?.deadlineUnixMs, clock.seats.find((s) => s.seat === toAct)?.deadlineUnixMs);
});
