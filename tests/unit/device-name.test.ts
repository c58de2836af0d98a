import { describe, expect, it } from "vitest";
import { describeUserAgent, deviceNames } from "../../web/features/settings/device-name";

describe("describeUserAgent", () => {
  it.each([
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36",
      "Chrome on Windows",
      "computer",
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 Edg/140.0.0.0",
      "Edge on Windows",
      "computer",
    ],
    ["Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0", "Firefox on Linux", "computer"],
    [
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Safari/605.1.15",
      "Safari on macOS",
      "computer",
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1",
      "Safari on iPhone",
      "phone",
    ],
    [
      "Mozilla/5.0 (iPad; CPU OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/140.0 Mobile/15E148 Safari/604.1",
      "Chrome on iPad",
      "tablet",
    ],
    [
      "Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36",
      "Chrome on Android",
      "phone",
    ],
    [
      "Mozilla/5.0 (X11; CrOS x86_64 16181.61.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36",
      "Chrome on ChromeOS",
      "computer",
    ],
    ["curl/8.5.0", "curl/8.5.0", "computer"],
    [null, "Unknown device", "computer"],
  ])("%s is %s", (userAgent, name, kind) => {
    expect(describeUserAgent(userAgent)).toEqual({ name, kind });
  });
});

describe("deviceNames: every row names one device", () => {
  const LINUX_CHROME =
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
  const IPHONE =
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1";

  it("numbers the devices that would share a name in the order they signed in; a single one keeps its name", () => {
    const names = deviceNames([
      { id: "this", userAgent: LINUX_CHROME, createdAt: "2026-11-25T09:30:02.000Z" },
      { id: "phone", userAgent: IPHONE, createdAt: "2026-11-20T08:00:00.000Z" },
      { id: "first", userAgent: LINUX_CHROME, createdAt: "2026-11-24T18:00:00.000Z" },
      { id: "b-same-time", userAgent: LINUX_CHROME, createdAt: "2026-11-25T09:30:02.000Z" },
    ]);
    expect(Object.fromEntries(names)).toEqual({
      first: "Chrome on Linux (1)",
      "b-same-time": "Chrome on Linux (2)",
      this: "Chrome on Linux (3)",
      phone: "Safari on iPhone",
    });
    expect(new Set(names.values()).size).toBe(4);
  });
});
