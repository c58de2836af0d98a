import { describe, expect, it } from "vitest";
import { TAB_HEADER } from "../../shared/live-protocol";
import { openLive } from "./focus-helpers";
import { api, createTask } from "./helpers";
import { type Continent, registerFrom } from "./homes";

/*
 * A change of the person's settings reaches their other devices at once
 * (docs/decisions/398-a-change-of-settings-reaches-every-device.md): PATCH /api/account with any of
 * the person's settings sends every open tab one `settings-changed` frame, naming the tab that made
 * it, so the others read the user again (and follow its language); a change of tasks or of the names
 * sends none.
 */

const TAB = "settings-tab-a";

const SETTINGS: Record<string, unknown>[] = [
  { language: "de" },
  { timeZone: "Asia/Tokyo" },
  { dayStartHour: 6 },
  { planReminder: { enabled: true, time: "07:30" } },
  { dayClose: { enabled: false, time: "18:00" } },
  { usualFocusMinutes: 45 },
  { defaultFocusMinutes: 30 },
];

async function patchAccount(token: string, json: Record<string, unknown>) {
  const res = await api("/api/account", { method: "PATCH", token, json, headers: { [TAB_HEADER]: TAB } });
  expect(res.status, await res.clone().text()).toBe(200);
}

describe.each(["EU", "OC"] as const)("a change of settings, for a person homed in %s", (continent: Continent) => {
  it("sends the other tabs one settings-changed frame, naming the tab that made it, for each setting", async () => {
    const { token } = await registerFrom(continent);
    const other = await openLive(token);
    try {
      await other.next((frame) => frame.type === "timer");
      for (const settings of SETTINGS) {
        await patchAccount(token, settings);
        expect(await other.next((frame) => frame.type !== "timer"), JSON.stringify(settings)).toEqual({
          type: "settings-changed",
          tab: TAB,
        });
      }
      // Frames arrive in order: once the answer to a later sync is here, any frame before it is too.
      other.ws.send(JSON.stringify({ type: "sync" }));
      await other.next((frame) => frame.type === "timer");
      expect(other.frames).toEqual([]);
    } finally {
      other.ws.close();
    }
  });

  it("is not what a change of tasks or of the names sends", async () => {
    const { token } = await registerFrom(continent);
    const other = await openLive(token);
    try {
      await other.next((frame) => frame.type === "timer");
      await createTask(token, { title: "Water the plants" });
      expect(await other.next((frame) => frame.type !== "timer")).toMatchObject({ type: "tasks-changed" });
      await patchAccount(token, { firstName: "Ada" });
      other.ws.send(JSON.stringify({ type: "sync" }));
      await other.next((frame) => frame.type === "timer");
      expect(other.frames.map((frame) => frame.type)).toEqual([]);
    } finally {
      other.ws.close();
    }
  });
});
