import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Language } from "../../shared/languages";
import type { PushSubscriptionBody } from "../../shared/schemas/push";
import { setAccount, setClock } from "./day-helpers";
import { hubOf, makeDue, startSession, timer } from "./focus-helpers";
import { api, createTask } from "./helpers";
import { type Continent, registerFrom } from "./homes";

/*
 * Every push the hub sends is said in the language kept with the person's row
 * (docs/decisions/397-the-server-speaks-the-person-s-language.md): the morning nudge, the evening
 * close and the timer's end, for a person homed in either database. Instants lie ahead of the real
 * clock, so no alarm rings by itself; each is run here.
 */

afterEach(() => {
  vi.useRealTimers();
});

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const baseInstant = () => (Math.floor(Date.now() / HOUR) + 1) * HOUR;
/** "HH:MM" of an instant in UTC (the zone of these accounts). */
const wallTime = (at: number) => new Date(at).toISOString().slice(11, 16);

type Said = { title: string; body: string };

/** What each push says, in the order the test has them sent: the nudge (two carried over), the close, a break's end, a run's end. */
const PUSHES_IN: Record<"en" | "de" | "ja" | "ar", Said[]> = {
  en: [
    { title: "Plan your day", body: "2 tasks carried over. What matters today?" },
    { title: "Close your day", body: "See what you did and decide where the rest goes." },
    { title: "Break over", body: "Your break is over. Ready for the next one thing?" },
    { title: "Focus session complete", body: "Write the quarterly report" },
  ],
  de: [
    { title: "Plane deinen Tag", body: "2 Aufgaben übernommen. Was zählt heute?" },
    { title: "Schließe deinen Tag ab", body: "Sieh, was du geschafft hast, und entscheide, wohin der Rest kommt." },
    { title: "Pause vorbei", body: "Deine Pause ist vorbei. Bereit für das nächste eine Ding?" },
    { title: "Fokus-Sitzung abgeschlossen", body: "Write the quarterly report" },
  ],
  ja: [
    { title: "今日の計画を立てましょう", body: "2 件のタスクを持ち越しました。今日大切なことは？" },
    { title: "今日を締めくくりましょう", body: "できたことを振り返り、残りの行き先を決めましょう。" },
    { title: "休憩終了", body: "休憩は終わりです。次のひとつに取りかかりますか？" },
    { title: "集中セッション完了", body: "Write the quarterly report" },
  ],
  ar: [
    { title: "خطّط ليومك", body: "مهمتان مُرحَّلتان. ما المهم اليوم؟" },
    { title: "اختتم يومك", body: "انظر ما أنجزته وقرّر أين يذهب الباقي." },
    { title: "انتهت الاستراحة", body: "انتهت استراحتك. هل أنت مستعد للشيء التالي؟" },
    { title: "اكتملت جلسة التركيز", body: "Write the quarterly report" },
  ],
};

async function subscribe(token: string): Promise<PushSubscriptionBody> {
  const res = await fetch(`${env.PUSH_MOCK_URL}/subscribe`, { method: "POST" });
  const sub = (await res.json()) as PushSubscriptionBody;
  const saved = await api("/api/push/subscriptions", { method: "POST", token, json: sub });
  expect(saved.status, await saved.clone().text()).toBe(204);
  return sub;
}

async function received(sub: PushSubscriptionBody): Promise<Said[]> {
  const id = new URL(sub.endpoint).pathname.split("/").pop();
  const messages = (await (await fetch(`${env.PUSH_MOCK_URL}/received/${id}`)).json()) as { message?: Said }[];
  return messages.map(({ message }) => ({ title: message?.title ?? "", body: message?.body ?? "" }));
}

const CASES = (["EU", "OC"] as const).flatMap((continent: Continent) =>
  (Object.keys(PUSHES_IN) as (keyof typeof PUSHES_IN)[]).map((language) => ({ continent, language })),
);

describe("pushes in the person's language", () => {
  it.each(CASES)(
    "a person homed in $continent who reads $language gets every push in it",
    async ({ continent, language }) => {
      const base = baseInstant();
      setClock(new Date(base - DAY).toISOString());
      const { token, user } = await registerFrom(continent);
      await createTask(token, { title: "Carried from yesterday, the first" });
      await createTask(token, { title: "Carried from yesterday, the second" });
      const device = await subscribe(token);

      setClock(new Date(base).toISOString());
      const nudgeAt = base + HOUR;
      const closeAt = base + 2 * HOUR;
      await setAccount(token, {
        language: language satisfies Language,
        planReminder: { enabled: true, time: wallTime(nudgeAt) },
        dayClose: { enabled: true, time: wallTime(closeAt) },
      });

      setClock(new Date(nudgeAt).toISOString());
      expect(await runDurableObjectAlarm(hubOf(user.id))).toBe(true);
      await vi.waitFor(async () => expect(await received(device)).toHaveLength(1));
      setClock(new Date(closeAt).toISOString());
      expect(await runDurableObjectAlarm(hubOf(user.id))).toBe(true);
      await vi.waitFor(async () => expect(await received(device)).toHaveLength(2));

      expect((await timer(token, "break")).status).toBe(200);
      await makeDue(user.id);
      expect(await runDurableObjectAlarm(hubOf(user.id))).toBe(true);
      await vi.waitFor(async () => expect(await received(device)).toHaveLength(3));

      const task = await createTask(token, { title: "Write the quarterly report" });
      await startSession(token, task.id, 60);
      await makeDue(user.id);
      expect(await runDurableObjectAlarm(hubOf(user.id))).toBe(true);
      await vi.waitFor(async () => expect(await received(device)).toHaveLength(4));

      expect(await received(device)).toEqual(PUSHES_IN[language]);
    },
  );
});
