import { describe, expect, it } from "vitest";
import { SESSION_END_TEXT } from "../../shared/live-protocol";
import { DEVICE_COOKIE } from "../../worker/auth/device-cookies";
import { SESSIONS_PER_PERSON } from "../../worker/auth/sessions";
import { wordsIn } from "../../worker/language/words";
import { api, freshIp, PASSWORD, registerUser } from "./helpers";
import { inOneLimiterWindow } from "./limiter-window";

const login = (loginName: string, ip = freshIp(), cookie = "") =>
  api("/api/auth/login", {
    method: "POST",
    json: { login: loginName, password: PASSWORD },
    headers: { "CF-Connecting-IP": ip, ...(cookie ? { Cookie: cookie } : {}) },
  });

const tokenOf = async (res: Response) => ((await res.json()) as { token: string }).token;

async function errorOf(res: Response) {
  return (await res.json()) as { message: string; why?: string };
}

// docs/decisions/176-sessions-and-sign-ins-per-person.md
describe("sessions and sign-ins per person", () => {
  it("sign-ins sent at once never leave more than the cap; the least recently used are signed out and told why", async () => {
    const account = await registerUser();
    const extra = 5;
    const answers = await Promise.all(
      Array.from({ length: SESSIONS_PER_PERSON + extra }, () => login(account.user.username)),
    );
    expect(answers.map((res) => res.status).filter((status) => status !== 200)).toEqual([]);
    const tokens = await Promise.all(answers.map(tokenOf));
    const checks = await Promise.all([account.token, ...tokens].map((token) => api("/api/auth/user", { token })));
    const signedIn = checks.filter((res) => res.status === 200);
    const signedOut = checks.filter((res) => res.status === 401);
    expect(signedIn).toHaveLength(SESSIONS_PER_PERSON);
    expect(signedOut).toHaveLength(extra + 1);
    for (const res of signedOut) {
      expect(await errorOf(res)).toEqual({
        message: wordsIn("en")._(SESSION_END_TEXT["too-many-sessions"]),
        why: "too-many-sessions",
      });
    }
    // The session that registered was the least recently used.
    expect(checks[0]?.status).toBe(401);
  });

  it("a browser with a device cookie still meets a per-address limit on sign-ins", async () => {
    // The limit is per minute of the wall clock: the sign-ins are counted inside one.
    const statuses = await inOneLimiterWindow(async () => {
      const account = await registerUser();
      const ip = `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
      let cookie = "";
      const seen: number[] = [];
      for (let i = 0; i < 40 && !seen.includes(429); i += 1) {
        const res = await login(account.user.username, ip, cookie);
        seen.push(res.status);
        const set = res.headers.getSetCookie().find((value) => value.startsWith(`${DEVICE_COOKIE}=`));
        if (set) cookie = set.split(";")[0] ?? "";
      }
      return seen;
    });
    expect(statuses).toContain(429);
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(30);
  });
});
