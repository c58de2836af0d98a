import { describe, expect, it } from "vitest";
import { TAB_ID_PATTERN } from "../../shared/live-protocol";
import { TAB_ID } from "../../web/api/client";
import { isEchoOfThisTab, readAgainOn, readFrame } from "../../web/api/live-channel";

// The web app reads the hub's frames by their type
// (docs/decisions/120-signed-first-screen-carries-waits.md); the frames themselves are checked
// against shared/schemas/live.ts by the worker tests (tests/worker/focus-helpers.ts).
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

  it("reads a change of the person's settings, which has the device read the user again", () => {
    expect(readFrame('{"type":"settings-changed","tab":null}')).toEqual({ type: "settings-changed", tab: null });
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

// docs/decisions/161-tab-skips-own-live-echo.md: the tab that made a change refetched on its own
// and skips the echo.
describe("isEchoOfThisTab", () => {
  it("is true only for a tasks-changed frame naming this tab", () => {
    expect(isEchoOfThisTab({ type: "tasks-changed", tab: TAB_ID })).toBe(true);
    expect(isEchoOfThisTab({ type: "tasks-changed", tab: "another-tab-id" })).toBe(false);
    expect(isEchoOfThisTab({ type: "tasks-changed", tab: null })).toBe(false);
    expect(isEchoOfThisTab({ type: "tasks-changed" })).toBe(false);
    expect(isEchoOfThisTab({ type: "session-ended" })).toBe(false);
  });

  it("each page load has its own id, in the form the worker accepts", () => {
    expect(TAB_ID).toMatch(TAB_ID_PATTERN);
  });
});

// docs/decisions/398-a-change-of-settings-reaches-every-device.md: a change of settings made
// elsewhere has the tab read the user again (and so follow its language); the day in every tab.
describe("readAgainOn", () => {
  it("reads the user again on a change of settings another tab made, and the lists in every tab", () => {
    expect(readAgainOn({ type: "settings-changed", tab: "another-tab-id" })).toEqual({ lists: true, user: true });
    expect(readAgainOn({ type: "settings-changed", tab: null })).toEqual({ lists: true, user: true });
    expect(readAgainOn({ type: "settings-changed", tab: TAB_ID })).toEqual({ lists: true, user: false });
  });

  it("reads only the lists on a change of tasks or of the day, and nothing on the tab's own echo", () => {
    expect(readAgainOn({ type: "tasks-changed", tab: "another-tab-id" })).toEqual({ lists: true, user: false });
    expect(readAgainOn({ type: "day-changed" })).toEqual({ lists: true, user: false });
    expect(readAgainOn({ type: "day-changed", tab: TAB_ID })).toEqual({ lists: false, user: false });
    expect(readAgainOn({ type: "session-ended" })).toEqual({ lists: false, user: false });
  });
});
