import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { TimerState } from "../../shared/schemas/focus";
import type { PushStatus, PushSubscriptionBody } from "../../shared/schemas/push";
import type { UserHub } from "../../worker/hub-host/user-hub";
import { PUSH_SUBSCRIPTIONS_PER_PERSON } from "../../worker/push/subscriptions";
import { hubOf, makeDue, startSession, timer, timerState } from "./focus-helpers";
import { api, createTask, PASSWORD, registerUser, rowsOf, type TestUser } from "./helpers";

type Received = { message?: { title: string; body: string; tag: string; url: string }; error?: string };

/** A new subscription at the mock push service, which answers its pushes with `status`. */
async function newSubscription(status = 201): Promise<PushSubscriptionBody> {
  const res = await fetch(`${env.PUSH_MOCK_URL}/subscribe?status=${status}`, { method: "POST" });
  const text = await res.text();
  if (res.status !== 200) throw new Error(text);
  return JSON.parse(text) as PushSubscriptionBody;
}

/** What the mock push service received (decrypted, VAPID checked) for a subscription. */
async function received(sub: PushSubscriptionBody): Promise<Received[]> {
  const id = new URL(sub.endpoint).pathname.split("/").pop();
  return (await (await fetch(`${env.PUSH_MOCK_URL}/received/${id}`)).json()) as Received[];
}

async function subscribe(token: string, sub: PushSubscriptionBody) {
  const res = await api("/api/push/subscriptions", { method: "POST", token, json: sub });
  expect(res.status, await res.clone().text()).toBe(204);
}

async function signInAgain(account: TestUser): Promise<string> {
  const res = await api("/api/auth/login", {
    method: "POST",
    json: { login: account.user.username, password: PASSWORD },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

async function pushStatus(token: string): Promise<PushStatus> {
  const res = await api("/api/push", { token });
  expect(res.status).toBe(200);
  return (await res.json()) as PushStatus;
}

describe("Web Push when a run ends on the alarm", () => {
  it("sends one encrypted, VAPID-signed push per subscribed device, however often the alarm runs", async () => {
    const account = await registerUser();
    const phone = await newSubscription();
    const laptop = await newSubscription();
    await subscribe(account.token, phone);
    await subscribe(await signInAgain(account), laptop);
    const task = await createTask(account.token, { title: "Write the quarterly report" });
    await startSession(account.token, task.id, 60);
    await makeDue(account.user.id);
    const due = await runInDurableObject(hubOf(account.user.id), (_hub, state) =>
      state.storage.kv.get<TimerState>("timer"),
    );

    expect(await runDurableObjectAlarm(hubOf(account.user.id))).toBe(true);
    // Delivered again, and again as if the object died before storing "finished" after D1.
    await runInDurableObject(hubOf(account.user.id), (hub: UserHub) => hub.alarm());
    expect((await timerState(account.token)).status).toBe("finished");

    for (const device of [phone, laptop]) {
      const messages = await received(device);
      expect(messages).toHaveLength(1);
      expect(messages[0]?.error).toBeUndefined();
      expect(messages[0]?.message).toEqual({
        type: "timer-finished",
        title: "Focus session complete",
        body: "Write the quarterly report",
        tag: `onething-${due?.startedAt}`,
        url: "/focus-timer",
      });
    }
  });

  it("a retried alarm (D1 failing first) pushes once, when the run is stored as finished", async () => {
    const { token, user } = await registerUser();
    const device = await newSubscription();
    await subscribe(token, device);
    const task = await createTask(token);
    await startSession(token, task.id, 60);
    await makeDue(user.id);
    const uid = user.id.replaceAll("'", "''");
    const trigger = `fail_focus_${crypto.randomUUID().replaceAll("-", "")}`;
    await env.DB.exec(
      `create trigger ${trigger} before update on focus_sessions when new.user_id = '${uid}' begin select raise(abort, 'D1 down'); end`,
    );
    try {
      await runInDurableObject(hubOf(user.id), (hub: UserHub) => hub.alarm());
      expect((await timerState(token)).status).toBe("running");
      expect(await received(device)).toHaveLength(0);
    } finally {
      await env.DB.exec(`drop trigger ${trigger}`);
    }
    await runInDurableObject(hubOf(user.id), (hub: UserHub) => hub.alarm());
    await runInDurableObject(hubOf(user.id), (hub: UserHub) => hub.alarm());
    expect((await timerState(token)).status).toBe("finished");
    expect((await received(device)).map((m) => m.message?.title)).toEqual(["Focus session complete"]);
  });

  it('a break\'s end says "Break over"', async () => {
    const { token, user } = await registerUser();
    const device = await newSubscription();
    await subscribe(token, device);
    expect((await timer(token, "break")).status).toBe(200);
    await makeDue(user.id);
    expect(await runDurableObjectAlarm(hubOf(user.id))).toBe(true);
    expect((await received(device)).map((m) => m.message?.title)).toEqual(["Break over"]);
  });

  it("a subscription the push service answers 410 for is removed; the others stay", async () => {
    const account = await registerUser();
    const { token, user } = account;
    const gone = await newSubscription(410);
    const kept = await newSubscription();
    await subscribe(token, gone);
    await subscribe(await signInAgain(account), kept);
    expect((await timer(token, "break")).status).toBe(200);
    await makeDue(user.id);
    await runDurableObjectAlarm(hubOf(user.id));
    expect(await received(gone)).toHaveLength(1);
    const rows = await env.DB.prepare("select endpoint from push_subscriptions where user_id = ?").bind(user.id).all();
    expect(rows.results).toEqual([{ endpoint: kept.endpoint }]);
  });

  it("a push service's redirect is never followed: one request, counted as not delivered", async () => {
    const { token, user } = await registerUser();
    const redirecting = await newSubscription(307);
    await subscribe(token, redirecting);
    expect((await timer(token, "break")).status).toBe(200);
    await makeDue(user.id);
    await runDurableObjectAlarm(hubOf(user.id));
    await expect.poll(async () => (await received(redirecting)).length).toBe(1);
  });

  it("an early stop (End Session) sends nothing: only the alarm's end is pushed", async () => {
    const { token } = await registerUser();
    const device = await newSubscription();
    await subscribe(token, device);
    const task = await createTask(token);
    await startSession(token, task.id, 60);
    expect((await timer(token, "end")).status).toBe(200);
    expect(await received(device)).toHaveLength(0);
  });
});

describe("/api/push subscriptions", () => {
  it("belong to the signed-in device: the status names it, and signing that device out removes them", async () => {
    const account = await registerUser();
    const other = await signInAgain(account);
    expect(await pushStatus(account.token)).toEqual({
      publicKey: env.VAPID_PUBLIC_KEY,
      thisDevice: false,
      devices: [],
    });
    await subscribe(other, await newSubscription());

    const status = await pushStatus(account.token);
    expect(status.thisDevice).toBe(false);
    const devices = (await (await api("/api/account/sessions", { token: account.token })).json()) as {
      id: string;
      current: boolean;
    }[];
    expect(status.devices).toEqual(devices.filter((d) => !d.current).map((d) => d.id));
    expect((await pushStatus(other)).thisDevice).toBe(true);

    expect((await api("/api/auth/logout", { method: "POST", token: other })).status).toBeLessThan(300);
    expect(await rowsOf("push_subscriptions", account.user.id)).toBe(0);
  });

  it("turning off removes this device's subscriptions only", async () => {
    const account = await registerUser();
    const laptop = await signInAgain(account);
    const stranger = await registerUser();
    await subscribe(account.token, await newSubscription());
    await subscribe(laptop, await newSubscription());
    await subscribe(stranger.token, await newSubscription());
    const res = await api("/api/push/subscriptions", { method: "DELETE", token: account.token });
    expect(res.status).toBe(204);
    expect(await rowsOf("push_subscriptions", account.user.id)).toBe(1);
    expect((await pushStatus(laptop)).thisDevice).toBe(true);
    expect((await pushStatus(account.token)).thisDevice).toBe(false);
    expect(await rowsOf("push_subscriptions", stranger.user.id)).toBe(1);
  });

  // docs/decisions/178-push-subscriptions-per-person.md
  it("an endpoint another account holds is refused with 409, never moved, also when both post it at once", async () => {
    const first = await registerUser();
    const second = await registerUser();
    const sub = await newSubscription();
    await Promise.all([subscribe(first.token, sub), subscribe(first.token, sub)]);
    expect(await rowsOf("push_subscriptions", first.user.id)).toBe(1);
    const taken = await api("/api/push/subscriptions", { method: "POST", token: second.token, json: sub });
    expect(taken.status).toBe(409);
    expect(await rowsOf("push_subscriptions", first.user.id)).toBe(1);
    expect(await rowsOf("push_subscriptions", second.user.id)).toBe(0);

    const shared = await newSubscription();
    const both = await Promise.all(
      [first, second, first, second].map((account) =>
        api("/api/push/subscriptions", { method: "POST", token: account.token, json: shared }),
      ),
    );
    const owners = await env.DB.prepare("select user_id from push_subscriptions where endpoint = ?")
      .bind(shared.endpoint)
      .all<{ user_id: string }>();
    expect(owners.results).toHaveLength(1);
    const owner = owners.results[0]?.user_id;
    both.forEach((res, i) => {
      const account = i % 2 === 0 ? first : second;
      expect(res.status).toBe(account.user.id === owner ? 204 : 409);
    });
  });

  it("once the browser's account signs out there, another account may subscribe it", async () => {
    const first = await registerUser();
    const second = await registerUser();
    const sub = await newSubscription();
    await subscribe(first.token, sub);
    expect((await api("/api/auth/logout", { method: "POST", token: first.token })).status).toBe(204);
    await subscribe(second.token, sub);
    expect(await rowsOf("push_subscriptions", second.user.id)).toBe(1);
  });

  it("a person keeps at most the newest PUSH_SUBSCRIPTIONS_PER_PERSON subscriptions, devices subscribing at once", async () => {
    const account = await registerUser();
    const devices = await Promise.all(
      Array.from({ length: PUSH_SUBSCRIPTIONS_PER_PERSON + 3 }, () => signInAgain(account)),
    );
    const subs = await Promise.all(devices.map(() => newSubscription()));
    await Promise.all(devices.map((token, i) => subscribe(token, subs[i] as PushSubscriptionBody)));
    expect(await rowsOf("push_subscriptions", account.user.id)).toBe(PUSH_SUBSCRIPTIONS_PER_PERSON);
    // A device subscribing now is among the kept: the newest are.
    const latest = await newSubscription();
    await subscribe(account.token, latest);
    const rows = await env.DB.prepare("select endpoint from push_subscriptions where user_id = ?")
      .bind(account.user.id)
      .all<{ endpoint: string }>();
    expect(rows.results).toHaveLength(PUSH_SUBSCRIPTIONS_PER_PERSON);
    expect(rows.results.map((row) => row.endpoint)).toContain(latest.endpoint);
  });

  it("are deleted with the account", async () => {
    const account = await registerUser();
    await subscribe(account.token, await newSubscription());
    const res = await api("/api/account", {
      method: "DELETE",
      token: account.token,
      json: { confirmation: account.user.username, password: PASSWORD },
    });
    expect(res.status).toBeLessThan(300);
    expect(await rowsOf("push_subscriptions", account.user.id)).toBe(0);
  });

  it("refuses a body that is not a push subscription, and stores nothing", async () => {
    const { token, user } = await registerUser();
    const good = await newSubscription();
    for (const json of [
      {},
      { ...good, endpoint: "http://push.invalid/push/plain-http" },
      { ...good, endpoint: "not a url" },
      { ...good, keys: { p256dh: "not base64!", auth: good.keys.auth } },
      { ...good, keys: { p256dh: good.keys.p256dh } },
    ]) {
      const res = await api("/api/push/subscriptions", { method: "POST", token, json });
      expect(res.status).toBe(400);
      expect(typeof ((await res.json()) as { message: string }).message).toBe("string");
    }
    expect(await rowsOf("push_subscriptions", user.id)).toBe(0);
  });
});
