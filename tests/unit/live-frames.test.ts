import { describe, expect, it } from "vitest";
import { readFrame } from "../../web/api/live";

// The web app reads the hub's frames by their type (docs/decisions.md#120); the frames themselves
// are checked against shared/schemas/live.ts by the worker tests (tests/worker/focus-helpers.ts).
describe("readFrame", () => {
  it("answers each kind of frame the hub sends", () => {
    const timer = { type: "timer", state: { status: "idle", version: 3 }, serverNow: 1_700_000_000_000 };
    expect(readFrame(JSON.stringify(timer))).toEqual(timer);
    expect(readFrame('{"type":"tasks-changed"}')).toEqual({ type: "tasks-changed" });
    expect(readFrame('{"type":"session-ended"}')).toEqual({ type: "session-ended" });
  });

  it("reads the day's change, which takes a plan made elsewhere to this device (docs/product.md#plan-your-day)", () => {
    expect(readFrame('{"type":"day-changed"}')).toEqual({ type: "day-changed" });
  });

  it("ignores what is not a frame: other types, other JSON, not JSON, binary", () => {
    expect(readFrame('{"type":"hello"}')).toBeNull();
    expect(readFrame('{"kind":"timer"}')).toBeNull();
    expect(readFrame("null")).toBeNull();
    expect(readFrame("42")).toBeNull();
    expect(readFrame("pong")).toBeNull();
    expect(readFrame("{not json")).toBeNull();
    expect(readFrame(new ArrayBuffer(4))).toBeNull();
  });
});
