// The person's language on the server (docs/product.md#your-language): chosen at registration or
// from Accept-Language, kept with the account in both homes, changed by PATCH /api/account.
import { describe, expect, it } from "vitest";
import { LANGUAGE_TAGS } from "../../shared/languages";
import { api, PASSWORD, registerUser, signInAgain } from "./helpers";
import { type Continent, HOMES } from "./homes";

async function register(json: Record<string, unknown>, init: RequestInit = {}) {
  const name = `lang${crypto.randomUUID().slice(0, 8)}`;
  return api("/api/auth/register", {
    method: "POST",
    json: { username: name, email: `${name}@example.com`, password: PASSWORD, ...json },
    ...init,
  });
}

async function languageOf(token: string): Promise<string> {
  const res = await api("/api/auth/user", { token });
  expect(res.status).toBe(200);
  return ((await res.json()) as { language: string }).language;
}

describe("a person's language", () => {
  it.each<[string | undefined, string]>([
    [undefined, "en"],
    ["de-DE,de;q=0.9,en;q=0.8", "de"],
    ["pt-PT,pt;q=0.9", "pt-BR"],
    ["zh-TW,zh;q=0.9", "zh-CN"],
    ["ar-EG", "ar"],
    ["sw-KE,fr;q=0.5", "fr"],
    ["ko-KR,ko;q=0.9", "en"],
    ["de;q=0,es;q=0.2", "es"],
  ])("registering without one, Accept-Language %j gives %j", async (acceptLanguage, expected) => {
    const res = await register({}, { headers: acceptLanguage ? { "Accept-Language": acceptLanguage } : {} });
    expect(res.status).toBe(201);
    const { token, user } = (await res.json()) as { token: string; user: { language: string } };
    expect(user.language).toBe(expected);
    expect(await languageOf(token)).toBe(expected);
  });

  it("the language sent at registration wins over Accept-Language", async () => {
    const res = await register({ language: "ja" }, { headers: { "Accept-Language": "de-DE" } });
    expect(res.status).toBe(201);
    expect(((await res.json()) as { user: { language: string } }).user.language).toBe("ja");
  });

  it.each(["xx", "de-AT", "EN", "", "en".repeat(600)])(
    "an unshipped language %j is a 400 that names the ones there are, and makes no account",
    async (language) => {
      const name = `lang${crypto.randomUUID().slice(0, 8)}`;
      const res = await api("/api/auth/register", {
        method: "POST",
        json: { username: name, email: `${name}@example.com`, password: PASSWORD, language },
      });
      expect(res.status).toBe(400);
      const { message } = (await res.json()) as { message: string };
      for (const tag of LANGUAGE_TAGS) expect(message).toContain(tag);
      const login = await api("/api/auth/login", { method: "POST", json: { login: name, password: PASSWORD } });
      expect(login.status).toBe(401);
    },
  );

  it.each<Continent>(["EU", "OC"])(
    "homed in %s, PATCH /api/account changes it for every device, and a bad one changes nothing",
    async (continent) => {
      const res = await register({ language: "fr" }, { cf: { continent } } as RequestInit);
      expect(res.status).toBe(201);
      const { token, user } = (await res.json()) as { token: string; user: { id: string } };
      const patch = await api("/api/account", { method: "PATCH", token, json: { language: "ar" } });
      expect(patch.status).toBe(200);
      expect(((await patch.json()) as { language: string }).language).toBe("ar");
      expect(await languageOf(token)).toBe("ar");
      const row = await HOMES[continent].prepare("SELECT language FROM users WHERE id = ?").bind(user.id).first();
      expect(row).toEqual({ language: "ar" });

      const bad = await api("/api/account", { method: "PATCH", token, json: { language: "klingon" } });
      expect(bad.status).toBe(400);
      expect(await languageOf(token)).toBe("ar");
    },
  );
});

describe("what the server says", () => {
  it.each<[string | undefined, RegExp]>([
    [undefined, /^Invalid request body\. language: Choose one of the languages there are: en, es/],
    ["de", /^Ungültige Angabe: Anfrageinhalt\. language: Wähle eine der verfügbaren Sprachen: en, es/],
    ["ja-JP,ja;q=0.9", /利用できる言語から選んでください/],
    ["ar", /اختر إحدى اللغات المتاحة/],
  ])("a refusal is said in the request's language (%j)", async (acceptLanguage, said) => {
    const name = `lang${crypto.randomUUID().slice(0, 8)}`;
    const res = await api("/api/auth/register", {
      method: "POST",
      json: { username: name, email: `${name}@example.com`, password: PASSWORD, language: "xx" },
      headers: acceptLanguage ? { "Accept-Language": acceptLanguage } : {},
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string; issues: { message: string }[] };
    expect(body.message).toMatch(said);
    // The issue itself carries the words, never the catalog's mark.
    expect(body.issues[0]?.message).not.toMatch(/\u2063/);
  });

  it.each<[string | undefined, string]>([
    [undefined, "You need to sign in."],
    ["fr-FR", "Vous devez vous connecter."],
    ["zh-CN", "请先登录。"],
  ])("a 401 without a session is said in %j", async (acceptLanguage, said) => {
    const res = await api("/api/tasks", { headers: acceptLanguage ? { "Accept-Language": acceptLanguage } : {} });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { message: string }).message).toBe(said);
  });

  // Each kind of refusal, in English as the brief words it and in three other scripts.
  type Said = { tooShort: string; taken: string; notFound: string; passwordChanged: string };
  it.each<[string | undefined, Said]>([
    [
      undefined,
      {
        tooShort: "Username must be at least 3 characters.",
        taken: "That username is already taken.",
        notFound: "Task not found.",
        passwordChanged:
          "Your password was changed on another device, so this device was signed out. Sign in with the new password.",
      },
    ],
    [
      "de-DE,de;q=0.9",
      {
        tooShort: "Der Benutzername muss mindestens 3 Zeichen lang sein.",
        taken: "Dieser Benutzername ist bereits vergeben.",
        notFound: "Aufgabe nicht gefunden.",
        passwordChanged:
          "Dein Passwort wurde auf einem anderen Gerät geändert, deshalb wurde dieses Gerät abgemeldet. Melde dich mit dem neuen Passwort an.",
      },
    ],
    [
      "ja",
      {
        tooShort: "ユーザー名は3文字以上にしてください。",
        taken: "そのユーザー名はすでに使われています。",
        notFound: "タスクが見つかりません。",
        passwordChanged:
          "別の端末でパスワードが変更されたため、この端末はサインアウトされました。新しいパスワードでサインインしてください。",
      },
    ],
    [
      "ar-EG",
      {
        tooShort: "يجب أن يتكون اسم المستخدم من 3 أحرف على الأقل.",
        taken: "اسم المستخدم هذا مستخدم بالفعل.",
        notFound: "لم يتم العثور على المهمة.",
        passwordChanged: "تم تغيير كلمة المرور على جهاز آخر، لذا سُجّل خروج هذا الجهاز. سجّل الدخول بكلمة المرور الجديدة.",
      },
    ],
  ])("a 400 with its limit, a 409, a 404 and a 401 that says why are said in %j", async (acceptLanguage, said) => {
    const headers: Record<string, string> = acceptLanguage ? { "Accept-Language": acceptLanguage } : {};
    const bodyOf = async (res: Response) => (await res.json()) as { message: string; issues?: { message: string }[] };

    const short = await api("/api/auth/register", {
      method: "POST",
      json: { username: "ab", email: "ab@example.com", password: PASSWORD },
      headers,
    });
    expect(short.status).toBe(400);
    const shortBody = await bodyOf(short);
    expect(shortBody.issues?.[0]?.message).toBe(said.tooShort);
    expect(shortBody.message).toContain(said.tooShort);

    const account = await registerUser();
    const name = account.user.username;
    const taken = await api("/api/auth/register", {
      method: "POST",
      json: { username: name, email: `other-${name}@example.com`, password: PASSWORD },
      headers,
    });
    expect(taken.status).toBe(409);
    expect((await bodyOf(taken)).message).toBe(said.taken);

    const missing = await api("/api/tasks/999999999/reopen", { method: "POST", token: account.token, headers });
    expect(missing.status).toBe(404);
    expect((await bodyOf(missing)).message).toBe(said.notFound);

    const phone = await signInAgain(name, "Phone");
    const changed = await api("/api/account/password", {
      method: "POST",
      token: account.token,
      json: { currentPassword: PASSWORD, newPassword: "a brand new passphrase" },
    });
    expect(changed.status).toBe(200);
    const ended = await api("/api/tasks", { token: phone, headers });
    expect(ended.status).toBe(401);
    expect(await ended.json()).toEqual({ message: said.passwordChanged, why: "password-changed" });
  });

  it.each<[string | undefined, string]>([
    [undefined, "Invalid username/email or password."],
    ["ja", "ユーザー名/メールアドレスまたはパスワードが正しくありません。"],
    ["ar", "اسم المستخدم/البريد الإلكتروني أو كلمة المرور غير صحيحة."],
  ])("a refused sign-in is said in %j", async (acceptLanguage, said) => {
    const account = await registerUser();
    const res = await api("/api/auth/login", {
      method: "POST",
      json: { login: account.user.username, password: "not the password at all" },
      headers: acceptLanguage ? { "Accept-Language": acceptLanguage } : {},
    });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { message: string }).message).toBe(said);
  });
});
