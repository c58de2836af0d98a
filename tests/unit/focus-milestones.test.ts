import { describe, expect, it } from "vitest";
import type { TimerState } from "../../shared/schemas/focus";
import { endSummary, focusedDurationText } from "../../web/features/focus/end-summary";
import { MESSAGE_EVERY_MS } from "../../web/features/focus/messages";
import { endOfRun, minuteMilestone, minutesLeft, transitionAnnouncement } from "../../web/features/focus/milestones";
import { MIN, runningTimer, T0 } from "./timer-fixture";

const timer = runningTimer;
const idle = timer({ status: "idle", startedAt: null, version: 1 });
const paused = timer({ status: "paused", pausedAt: T0 + MIN, version: 3 });
const finished = (change: Partial<TimerState> = {}) =>
  timer({ status: "finished", finishedAt: T0 + 25 * MIN, finishReason: "elapsed", version: 4, ...change });

describe("what screen readers hear when the timer changes", () => {
  it("announces start, pause, resume and the end of a focus session", () => {
    expect(transitionAnnouncement(idle, timer())).toBe("Focus session started: 25 minutes.");
    expect(transitionAnnouncement(timer(), paused)).toBe("Focus session paused.");
    expect(transitionAnnouncement(paused, timer({ version: 4 }))).toBe("Focus session resumed.");
    expect(transitionAnnouncement(timer(), finished())).toBe("Focus session complete. Great job!");
    expect(transitionAnnouncement(finished(), timer({ version: 5, durationMs: MIN }))).toBe(
      "Focus session started: 1 minute.",
    );
  });

  it("speaks of a break as a break", () => {
    expect(transitionAnnouncement(idle, timer({ kind: "break", durationMs: 5 * MIN }))).toBe(
      "Break started: 5 minutes.",
    );
    expect(transitionAnnouncement(timer({ kind: "break" }), finished({ kind: "break" }))).toBe("Break over.");
  });

  it("stays quiet on the first state, an older or repeated state, and a change that is not a milestone", () => {
    expect(transitionAnnouncement(undefined, timer())).toBeNull();
    expect(transitionAnnouncement(timer(), undefined)).toBeNull();
    expect(transitionAnnouncement(timer({ version: 5 }), paused)).toBeNull();
    expect(transitionAnnouncement(timer(), timer())).toBeNull();
    expect(transitionAnnouncement(timer(), timer({ version: 3, durationMs: 30 * MIN }))).toBeNull();
  });
});

describe("countdown milestones", () => {
  it("speaks at every five minutes and at the last minute, only on the way down", () => {
    expect(minutesLeft(25 * MIN)).toBe(25);
    expect(minutesLeft(24 * MIN + 1)).toBe(25);
    expect(minutesLeft(1)).toBe(1);
    expect(minuteMilestone(null, 20)).toBeNull();
    expect(minuteMilestone(21, 20)).toBe("20 minutes remaining.");
    expect(minuteMilestone(20, 20)).toBeNull();
    expect(minuteMilestone(20, 19)).toBeNull();
    expect(minuteMilestone(6, 5)).toBe("5 minutes remaining.");
    expect(minuteMilestone(2, 1)).toBe("1 minute remaining.");
    expect(minuteMilestone(1, 0)).toBeNull();
    // A resume after a jump (tab asleep) still speaks the milestone it lands on.
    expect(minuteMilestone(23, 10)).toBe("10 minutes remaining.");
    expect(minuteMilestone(10, 15)).toBeNull();
  });

  it("changes the motivational message every 60 seconds", () => {
    expect(MESSAGE_EVERY_MS).toBe(60_000);
  });
});

describe("the end of a run", () => {
  it("a run that ran out gets confetti, a chime and a notification naming the task", () => {
    expect(endOfRun(timer(), finished(), "Write the report")).toEqual({
      confetti: true,
      alert: {
        runId: String(T0),
        title: "Great job!",
        body: "You've completed your focus session on: Write the report",
        tag: `onething-${T0}`,
      },
    });
    expect(endOfRun(paused, finished({ kind: "break" }), "x")).toMatchObject({
      confetti: false,
      alert: { title: "Break over", body: "Your break is over. Ready for the next one thing?" },
    });
  });

  it("a run ended by hand gets nothing: the person is right there, and it was cut short", () => {
    expect(endOfRun(timer(), finished({ finishReason: "ended" }), "x")).toEqual({ confetti: false, alert: null });
    expect(endOfRun(timer(), finished({ kind: "break", finishReason: "ended" }), "x")).toEqual({
      confetti: false,
      alert: null,
    });
  });

  it("nothing for a finish seen on arrival, a repeat, or any other change", () => {
    expect(endOfRun(undefined, finished(), "x")).toBeNull();
    expect(endOfRun(finished(), finished({ version: 5 }), "x")).toBeNull();
    expect(endOfRun(idle, finished(), "x")).toBeNull();
    expect(endOfRun(timer(), paused, "x")).toBeNull();
    expect(endOfRun(timer({ version: 9 }), finished(), "x")).toBeNull();
  });
});

describe("how a focus run's end reads (docs/decisions/149-ending-early-and-breaks.md)", () => {
  const ended = (focusedMs: number, change: Partial<TimerState> = {}) =>
    finished({ finishReason: "ended", finishedAt: T0 + focusedMs, ...change });

  it("says how long was focused when ended early, in words a person uses", () => {
    expect(focusedDurationText(9_400)).toBe("9 seconds");
    expect(focusedDurationText(1_000)).toBe("1 second");
    expect(focusedDurationText(60_000)).toBe("1 minute");
    expect(focusedDurationText(12 * MIN + 5_000)).toBe("12 minutes and 5 seconds");
    expect(endSummary(ended(9_000))).toEqual({
      heading: "Session ended early",
      lead: "You focused for 9 seconds of 25 minutes on:",
      endedEarly: true,
      note: "Under half a minute is not counted in your analytics.",
    });
    // Pauses do not count as focus.
    expect(endSummary(ended(10 * MIN, { pausedTotalMs: 4 * MIN })).lead).toBe(
      "You focused for 6 minutes of 25 minutes on:",
    );
    expect(transitionAnnouncement(timer(), ended(9_000))).toBe("Focus session ended early, after 9 seconds of focus.");
  });

  it("keeps the brief's texts for a session that ran out", () => {
    expect(endSummary(finished())).toEqual({
      heading: "Great job!",
      lead: "You've completed your focus session on:",
      endedEarly: false,
    });
    expect(transitionAnnouncement(timer(), finished())).toBe("Focus session complete. Great job!");
  });
});
