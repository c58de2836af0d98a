import { describe, expect, it } from "vitest";
import { SESSION_END_TEXT } from "../../shared/live-protocol";
import { wordsIn } from "../../worker/language/words";
import { api, registerUser, signInAgain } from "./helpers";

async function bodyOf(res: Response) {
  return { status: res.status, ...((await res.json()) as { message: string; why?: string }) };
}

/** Requests a signed-out device makes at once on a reload: each 401 must carry the reason. */
const reloadOf = (token: string) =>
  Promise.all([
    api("/api/auth/user", { token }),
    api("/api/tasks", { token }),
    api("/api/day", { token }),
    api("/api/live/ticket", { method: "POST", token }),
  ]);

// docs/decisions/177-signed-out-told-why.md
describe("the 401 of a session ended elsewhere says why", () => {
  it("after a password change on another device, every request of the phone answers 401 with why", async () => {
    const account = await registerUser();
    const phone = await signInAgain(account.user.username, "Phone");
    const changed = await api("/api/account/password", {
      method: "POST",
      token: account.token,
      json: { currentPassword: "correct horse battery", newPassword: "a brand new passphrase" },
    });
    expect(changed.status).toBe(200);
    for (const res of await reloadOf(phone)) {
      expect(await bodyOf(res)).toEqual({
        status: 401,
        message: wordsIn("en")._(SESSION_END_TEXT["password-changed"]),
        why: "password-changed",
      });
    }
  });

  it("after a sign-out everywhere, the other devices are told so", async () => {
    const account = await registerUser();
    const phone = await signInAgain(account.user.username, "Phone");
    expect((await api("/api/account/sessions", { method: "DELETE", token: account.token })).status).toBe(200);
    for (const res of await reloadOf(phone)) {
      expect((await bodyOf(res)).why).toBe("signed-out-everywhere");
    }
  });

  it("a device that signed itself out gets the plain 401, with no reason", async () => {
    const account = await registerUser();
    expect((await api("/api/auth/logout", { method: "POST", token: account.token })).status).toBe(204);
    const res = await api("/api/auth/user", { token: account.token });
    expect(res.status).toBe(401);
    expect((await bodyOf(res)).why).toBeUndefined();
  });
});
