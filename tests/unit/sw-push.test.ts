import { describe, expect, it } from "vitest";
import type { PushMessageBody } from "../../shared/schemas/push";
import {
  type AppWindow,
  openNotificationPage,
  type PushPayload,
  type ServiceWorkerParts,
  showPush,
} from "../../web/sw-push";

// Plain fakes of the service worker's browser objects (clients, registration, window clients).

const ORIGIN = "https://onething.example";

type FakeWindow = AppWindow & {
  /** Whether this service worker controls the window (not yet, on a first visit or a hard reload). */
  controlled: boolean;
  focused: boolean;
  navigatedTo: string[];
};

function appWindow(
  visibilityState: DocumentVisibilityState,
  { controlled = true, refusesNavigation = false } = {},
): FakeWindow {
  const win: FakeWindow = {
    visibilityState,
    controlled,
    focused: false,
    navigatedTo: [],
    async focus() {
      win.focused = true;
      return win;
    },
    async navigate(url) {
      if (refusesNavigation) throw new TypeError("Failed to navigate");
      win.navigatedTo.push(url);
      return win;
    },
  };
  return win;
}

function serviceWorker(windows: FakeWindow[] = []) {
  const shown: { title: string; options: NotificationOptions }[] = [];
  const opened: string[] = [];
  const parts: ServiceWorkerParts = {
    clients: {
      // As the browser does: uncontrolled windows only when asked for them.
      async matchAll({ includeUncontrolled }) {
        return windows.filter((win) => win.controlled || includeUncontrolled);
      },
      async openWindow(url) {
        opened.push(url);
        return null;
      },
    },
    registration: {
      async showNotification(title, options) {
        shown.push({ title, options });
      },
    },
    origin: ORIGIN,
  };
  return { parts, shown, opened };
}

/** A payload as PushMessageData gives it: json() parses the text, or throws. */
const payload = (text: string): PushPayload => ({ json: () => JSON.parse(text) });

const finished: PushMessageBody = {
  type: "timer-finished",
  title: "Focus session complete",
  body: "Draft the offline chapter",
  tag: "onething-1700000000000",
  url: "/focus-timer",
};
const known = () => payload(JSON.stringify(finished));

const fallback = {
  title: "Onething",
  options: expect.objectContaining({
    body: "Something changed in Onething. Open the app to see it.",
    tag: "onething",
    data: { url: "/focus-timer" },
  }),
};

describe("a push", () => {
  it("with no window of the app open, shows the task's notification, tagged per run", async () => {
    const sw = serviceWorker();
    await showPush(known(), sw.parts);
    expect(sw.shown).toEqual([
      {
        title: "Focus session complete",
        options: {
          body: "Draft the offline chapter",
          tag: "onething-1700000000000",
          icon: "/icons/icon-192.png",
          badge: "/icons/icon-192.png",
          data: { url: "/focus-timer" },
        },
      },
    ]);
  });

  it("with the app's windows open but none visible, still shows it", async () => {
    const sw = serviceWorker([appWindow("hidden"), appWindow("hidden", { controlled: false })]);
    await showPush(known(), sw.parts);
    expect(sw.shown.map((n) => n.title)).toEqual(["Focus session complete"]);
  });

  it("with a visible window of the app, shows none: that tab shows its own notice", async () => {
    const sw = serviceWorker([appWindow("hidden"), appWindow("visible")]);
    await showPush(known(), sw.parts);
    expect(sw.shown).toEqual([]);
  });

  it("counts a visible window this service worker does not control yet", async () => {
    const sw = serviceWorker([appWindow("visible", { controlled: false })]);
    await showPush(known(), sw.parts);
    expect(sw.shown).toEqual([]);
  });

  it("without a tag, gets the plain one, so such pushes replace each other", async () => {
    const sw = serviceWorker();
    await showPush(payload(JSON.stringify({ ...finished, tag: undefined })), sw.parts);
    expect(sw.shown[0]?.options.tag).toBe("onething");
  });

  describe("this version cannot read shows the plain notification, even with a visible window", () => {
    const unreadable: [string, PushPayload][] = [
      ["not JSON", payload("a message this version does not know")],
      ["an unknown type", payload(JSON.stringify({ ...finished, type: "tasks-changed" }))],
      ["no title", payload(JSON.stringify({ ...finished, title: undefined }))],
      ["a body that is not text", payload(JSON.stringify({ ...finished, body: 42 }))],
      ["JSON null", payload("null")],
      ["no payload at all", null],
    ];
    for (const [what, data] of unreadable) {
      it(what, async () => {
        const sw = serviceWorker([appWindow("visible")]);
        await showPush(data, sw.parts);
        expect(sw.shown).toEqual([fallback]);
      });
    }
  });
});

describe("a click on the notification", () => {
  it("closes it, brings the open window of the app to the front and navigates it to the focus screen", async () => {
    const win = appWindow("hidden");
    const sw = serviceWorker([win]);
    let closed = false;
    await openNotificationPage({ close: () => (closed = true) }, sw.parts);
    expect(closed).toBe(true);
    expect(win.focused).toBe(true);
    expect(win.navigatedTo).toEqual([`${ORIGIN}/focus-timer`]);
    expect(sw.opened).toEqual([]);
  });

  it("uses a window this service worker does not control yet rather than opening another", async () => {
    const win = appWindow("hidden", { controlled: false });
    const sw = serviceWorker([win]);
    await openNotificationPage({ close() {} }, sw.parts);
    expect(win.focused).toBe(true);
    expect(sw.opened).toEqual([]);
  });

  it("with no window of the app open, opens one at the focus screen", async () => {
    const sw = serviceWorker();
    let closed = false;
    await openNotificationPage({ close: () => (closed = true) }, sw.parts);
    expect(closed).toBe(true);
    expect(sw.opened).toEqual([`${ORIGIN}/focus-timer`]);
  });

  it("still succeeds when the window refuses the navigation: it is in front", async () => {
    const win = appWindow("hidden", { refusesNavigation: true });
    const sw = serviceWorker([win]);
    await expect(openNotificationPage({ close() {} }, sw.parts)).resolves.toBeUndefined();
    expect(win.focused).toBe(true);
  });
});

describe("the morning nudge (plan-reminder)", () => {
  const reminder: PushMessageBody = {
    type: "plan-reminder",
    title: "Plan your day",
    body: "3 tasks carried over from yesterday.",
    tag: "plan-reminder",
    url: "/",
  };

  it("shows its own texts and leads to the priority picker, whatever url the payload names", async () => {
    const sw = serviceWorker();
    await showPush(payload(JSON.stringify({ ...reminder, url: "https://elsewhere.example/" })), sw.parts);
    expect(sw.shown).toEqual([
      {
        title: "Plan your day",
        options: expect.objectContaining({
          body: "3 tasks carried over from yesterday.",
          tag: "plan-reminder",
          data: { url: "/" },
        }),
      },
    ]);
  });

  it("a click opens the priority picker, where the plan step is", async () => {
    const win = appWindow("hidden");
    const sw = serviceWorker([win]);
    await openNotificationPage({ close() {}, data: { url: "/" } }, sw.parts);
    expect(win.navigatedTo).toEqual([`${ORIGIN}/`]);
  });

  it("a click on a notification naming a page the app does not lead to opens the focus screen", async () => {
    const sw = serviceWorker();
    await openNotificationPage({ close() {}, data: { url: "https://elsewhere.example/" } }, sw.parts);
    expect(sw.opened).toEqual([`${ORIGIN}/focus-timer`]);
  });
});
