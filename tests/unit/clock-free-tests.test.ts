import { describe, expect, it } from "vitest";
import { clockProblems } from "../../scripts/clock-free-tests";

const file = (text: string) => [{ path: "tests/e2e/example.spec.ts", text }];

describe("browser tests that depend on the wall clock (clockProblems)", () => {
  it("finds a read of the machine's calendar, with its line", () => {
    expect(
      clockProblems(file('test("footer", async () => {\n  const year = new Date().getFullYear();\n});\n')),
    ).toEqual([
      expect.stringMatching(/^tests\/e2e\/example\.spec\.ts:2: reads the machine's calendar \(\.getFullYear\(\)/),
    ]);
    for (const read of [
      "now.getHours()",
      "now.getUTCDate()",
      "now.toLocaleDateString()",
      "new Date().toISOString().slice(0, 10)",
      "date.toDateString()",
    ]) {
      expect(clockProblems(file(`const today = ${read};\n`)), read).toHaveLength(1);
    }
  });

  it("finds an account registered without a zone, and lets one with a zone be", () => {
    const withoutZone = `const res = await request.post("/api/auth/register", {
    data: { username: name, email: \`\${name}@example.com\`, password: PASSWORD },
  });
  const other = await request.post("/api/tasks", { data: { timeZone: "UTC" } });`;
    expect(clockProblems(file(withoutZone))).toEqual([
      expect.stringMatching(/^tests\/e2e\/example\.spec\.ts:1: registers an account without a timeZone/),
    ]);
    const withZone = `await request.post("/api/auth/register", {
    data: { username: name, email: \`\${name}@example.com\`, password: PASSWORD, timeZone },
  });`;
    expect(clockProblems(file(withZone))).toEqual([]);
  });

  it("lets instants, durations and the run place's wall clock be", () => {
    const steady = [
      "const startedAt = Date.now();",
      "await expect.poll(() => Date.now() - shownAt).toBeGreaterThan(8_000);",
      "const year = wallClock(new Date(), runPlace().timeZone).date.slice(0, 4);",
      "const iso = new Date(at).toISOString();",
      "const move = dayMove();",
    ].join("\n");
    expect(clockProblems(file(steady))).toEqual([]);
  });
});
