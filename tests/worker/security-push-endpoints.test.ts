import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { AccountExport } from "../../worker/account/export";
import { PUSH_SERVICE_HOSTS, pushEndpointProblem } from "../../worker/push/push-services";
import { pushToUser } from "../../worker/push/send";
import { expectErrorShape, snapshotUser } from "./hardening-helpers";
import { api, registerUser, signInAgain } from "./helpers";

const keys = { p256dh: "B".repeat(87), auth: "A".repeat(22) };
const subscribe = (token: string, endpoint: string) =>
  api("/api/push/subscriptions", { method: "POST", token, json: { endpoint, keys } });

async function endpointsOf(userId: string) {
  const { results } = await env.DB.prepare(
    "select endpoint, session_id from push_subscriptions where user_id = ? order by endpoint",
  )
    .bind(userId)
    .all<{ endpoint: string; session_id: string }>();
  return results;
}

describe("push subscriptions name a real push service", () => {
  it.each([
    "https://127.0.0.1:8443/push/x",
    "https://localhost/",
    "https://[::1]/",
    "https://169.254.169.254/latest/meta-data/",
    "https://10.0.0.1/",
    "https://2130706433/",
    "https://0x7f.1/",
    "https://user:pass@fcm.googleapis.com/fcm/send/x",
    "https://fcm.googleapis.com:8443/fcm/send/x",
    "https://internal.corp.example/admin?delete=all",
    "https://fcm.googleapis.com.evil.example/fcm/send/x",
    "https://evilnotify.windows.com/w/x",
    // docs/decisions/179-small-ones.md: a suffix with no host before it, or an empty label.
    "https://.notify.windows.com/w/x",
    "https://a..notify.windows.com/w/x",
    "https://push.invalid:8443/push/x",
    "http://fcm.googleapis.com/fcm/send/x",
  ])("refuses %s with 400 and stores nothing", async (endpoint) => {
    const { token, user } = await registerUser();
    const before = await snapshotUser(user);
    const res = await subscribe(token, endpoint);
    expect(res.status).toBe(400);
    await expectErrorShape(res, endpoint);
    expect(await snapshotUser(user)).toBe(before);
  });

  it("accepts the browsers' push services", async () => {
    const { token, user } = await registerUser();
    const endpoints = [
      ...PUSH_SERVICE_HOSTS.map((entry) => `https://${entry.host}/send/abc`),
      "https://wns2-par02p.notify.windows.com/w/?token=abc",
    ];
    for (const endpoint of endpoints) {
      // Each from its own device: a device keeps one subscription.
      const device = await signInAgain(user.username, endpoint);
      expect((await subscribe(device, endpoint)).status, endpoint).toBe(204);
    }
    expect((await endpointsOf(user.id)).length).toBe(endpoints.length);
    expect((await subscribe(token, "https://push.invalid/push/the-tests-service")).status).toBe(204);
  });

  it("knows the tests' loopback push service only through the setting bound in the tests' config", () => {
    const endpoint = "https://push.invalid/push/x";
    expect(env.PUSH_TEST_SERVICE_HOST).toBe("push.invalid");
    expect(pushEndpointProblem(endpoint, env.PUSH_TEST_SERVICE_HOST)).toBeNull();
    expect(pushEndpointProblem(endpoint)).not.toBeNull();
  });

  it("keeps one subscription per signed-in device: a new one replaces that device's old one", async () => {
    const { token, user } = await registerUser();
    const other = await signInAgain(user.username);
    for (let i = 0; i < 20; i += 1) {
      expect((await subscribe(token, `https://fcm.googleapis.com/fcm/send/phone-${i}`)).status).toBe(204);
    }
    expect((await subscribe(other, "https://updates.push.services.mozilla.com/wpush/v2/laptop")).status).toBe(204);
    // Sent at once by one device: still one row for it.
    await Promise.all(
      Array.from({ length: 5 }, (_, i) => subscribe(token, `https://fcm.googleapis.com/fcm/send/race-${i}`)),
    );
    const rows = await endpointsOf(user.id);
    expect(rows.length).toBe(2);
    expect(rows.map((row) => row.endpoint)).toContain("https://updates.push.services.mozilla.com/wpush/v2/laptop");
    expect(rows.some((row) => row.endpoint.startsWith("https://fcm.googleapis.com/fcm/send/race-"))).toBe(true);
  });

  it("never contacts an endpoint stored before the check, and forgets it", async () => {
    const { token, user } = await registerUser();
    expect((await subscribe(token, "https://push.invalid/push/fine")).status).toBe(204);
    const session = await env.DB.prepare("select session_id from push_subscriptions where user_id = ?")
      .bind(user.id)
      .first<{ session_id: string }>();
    await env.DB.prepare(
      "insert into push_subscriptions (endpoint, user_id, session_id, p256dh, auth) values (?, ?, ?, ?, ?)",
    )
      .bind("https://127.0.0.1:9/old", user.id, session?.session_id, keys.p256dh, keys.auth)
      .run();
    const message = {
      type: "timer-finished",
      title: "Break over",
      body: "Old rows",
      tag: "t",
      url: "/focus-timer",
    } as const;
    await pushToUser(env, user.id, message);
    expect((await endpointsOf(user.id)).map((row) => row.endpoint)).toEqual(["https://push.invalid/push/fine"]);
  });

  it("the export lists each device's subscription by push service host and date, never keys or path", async () => {
    const { token, user } = await registerUser();
    await signInAgain(user.username, "Laptop without notifications");
    expect((await subscribe(token, "https://fcm.googleapis.com/fcm/send/secret-path")).status).toBe(204);
    const res = await api("/api/account/export", { token });
    const text = await res.text();
    expect(text).not.toContain("secret-path");
    expect(text).not.toContain(keys.p256dh);
    expect(text).not.toContain(keys.auth);
    const data = JSON.parse(text) as AccountExport;
    const withPush = data.devices.filter((device) => device.pushSubscriptions.length > 0);
    expect(withPush.length).toBe(1);
    expect(withPush[0]?.pushSubscriptions).toEqual([
      { pushService: "fcm.googleapis.com", createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) },
    ]);
    expect(data.devices.length).toBe(2);
  });
});
