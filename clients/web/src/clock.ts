// A timed game's clocks: each seat's time left, counting down every second. The countdown runs
// against the server's time (the view's `now_unix_ms`, offset by the browser's own clock when the
// view arrived), so a browser clock that is minutes off still shows the right time left.
import {
  TimeoutPolicy,
  type GameClock,
  type TimeControl,
} from "../../typescript/src/gen/tablero/v1/game_service_pb.js";
import { fill, h } from "./dom.js";

/** `ms` as `1d 02:03:04`, `1:02:03` or `2:03` (whole seconds, rounded up while time is left). */
export function formatLeft(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const s = total % 60;
  const m = Math.floor(total / 60) % 60;
  const hours = Math.floor(total / 3600) % 24;
  const days = Math.floor(total / 86_400);
  const two = (n: number) => String(n).padStart(2, "0");
  if (days) return `${days}d ${two(hours)}:${two(m)}:${two(s)}`;
  if (hours) return `${hours}:${two(m)}:${two(s)}`;
  return `${m}:${two(s)}`;
}

/** The control in plain words, e.g. "60 s per move; on timeout the bot moves". */
export function describeControl(control: TimeControl | undefined): string {
  const c = control?.control;
  let what: string;
  switch (c?.case) {
    case "perMove":
      what = `${c.value.seconds} s per move`;
      break;
    case "chessClock":
      what = `chess clock ${formatLeft(c.value.initialSeconds * 1000)} + ${c.value.incrementSeconds} s`;
      break;
    case "daily":
      what = `${c.value.days} day${c.value.days === 1 ? "" : "s"} per move`;
      break;
    default:
      what = "timed";
  }
  const policy = control?.onTimeout === TimeoutPolicy.RESIGN ? "the seat resigns" : "the server's bot moves for it";
  return `${what}; when a seat's time runs out, ${policy}`;
}

export class ClockPanel {
  readonly element = h("div", { class: "clock", "data-testid": "clock", hidden: true });
  private clock: GameClock | undefined;
  private viewer: number | undefined;
  /** Server time minus browser time, in ms, as of the last view. */
  private offset = 0;
  private readonly timer: ReturnType<typeof setInterval>;

  constructor(private readonly seatLabel: (seat: number) => string) {
    this.timer = setInterval(() => this.tick(), 1000);
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** A new view's clock (undefined: untimed, shows nothing). */
  update(clock: GameClock | undefined, viewer: number | undefined): void {
    this.clock = clock;
    this.viewer = viewer;
    this.element.hidden = !clock;
    if (!clock) {
      fill(this.element);
      return;
    }
    this.offset = Number(clock.nowUnixMs) - Date.now();
    fill(
      this.element,
      h("p", { class: "clock-control", "data-testid": "clock-control" }, `Clock: ${describeControl(clock.control)}`),
      h(
        "ul",
        { class: "clock-seats" },
        clock.seats.map((s) =>
          h(
            "li",
            {
              "data-testid": "clock-seat",
              "data-seat": s.seat,
              "data-running": s.deadlineUnixMs > 0n ? "true" : "false",
              class: [s.deadlineUnixMs > 0n ? "running" : "", s.seat === viewer ? "mine" : ""].join(" ").trim() || undefined,
              "aria-current": s.seat === viewer ? "true" : undefined,
            },
            h("span", { class: "clock-who" }, this.seatLabel(s.seat)),
            h("span", { class: "clock-left", "data-testid": "clock-left" }),
          ),
        ),
      ),
    );
    this.tick();
  }

  /** Refreshes every seat's time left from the server's time now. */
  private tick(): void {
    const clock = this.clock;
    if (!clock) return;
    const serverNow = Date.now() + this.offset;
    for (const s of clock.seats) {
      const left = this.element.querySelector<HTMLElement>(`li[data-seat="${s.seat}"] .clock-left`);
      if (!left) continue;
      if (s.deadlineUnixMs > 0n) {
        left.textContent = formatLeft(Number(s.deadlineUnixMs) - serverNow);
      } else if (clock.control?.control.case === "chessClock") {
        // Not deciding: a chess clock's bank stands still.
        left.textContent = formatLeft(Number(s.remainingMs));
      } else {
        left.textContent = "—";
      }
    }
  }
}
