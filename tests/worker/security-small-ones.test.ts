import { describe, expect, it } from "vitest";
import { liveTicket, upgradeLive } from "./focus-helpers";
import { api, ORIGIN, registerUser } from "./helpers";

// docs/decisions/179-small-ones.md
describe("small ones", () => {
  it("titles that show nothing are refused at once, each with the visible-title message", async () => {
    const { token } = await registerUser();
    const titles = ["\u{1D159}", "\uFFFF", "\u{10FFFF}", "\u0301", " \u0301\u0308 "];
    const answers = await Promise.all(
      titles.map((title) => api("/api/tasks", { method: "POST", token, json: { title } })),
    );
    expect(answers.map((res) => res.status)).toEqual(titles.map(() => 400));
    for (const res of answers) expect(await res.text()).toContain("A title needs at least one visible character.");
    expect(await (await api("/api/tasks", { token })).json()).toEqual([]);
  });

  it("a live ticket in the URL is refused in any letter case", async () => {
    const { token } = await registerUser();
    const ticket = await liveTicket(token);
    const answers = await Promise.all(
      ["ticket", "TICKET", "Ticket"].map((name) =>
        api(`/api/live?${name}=${ticket}`, { headers: { Upgrade: "websocket", Origin: ORIGIN } }),
      ),
    );
    expect(answers.map((res) => res.status)).toEqual([400, 400, 400]);
    // The ticket was not spent by them.
    expect((await upgradeLive(ticket)).status).toBe(101);
  });
});
