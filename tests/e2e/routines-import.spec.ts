import type { Page } from "@playwright/test";
import {
  type Account,
  apiCall,
  authHeader,
  expect,
  registerViaApi,
  screenshots,
  setTheme,
  shownToast,
  test,
} from "./fixtures";
import { outboxLoaded } from "./service-worker";

// Routines come back from an export file (docs/decisions/301-routines-imported-from-an-export.md):
// Settings, "Import routines (JSON)", reads the file on the device and brings its routines into
// this account, once; a file that is not an export is said so; offline the import waits in the
// outbox and arrives when the network returns.

const VITAMINS = "Take the vitamins with a glass of water after breakfast";
const PLANTS = "Water the plants on the balcony and the ones in the hall";
const RENT = "Pay the rent and put the receipt in the flat's folder";

type Routine = { title: string; repeat: unknown; paused: boolean };

async function routinesOf(request: Parameters<typeof apiCall>[0], account: Account): Promise<Routine[]> {
  return (await apiCall(request, account, "GET", "/api/routines")) as Routine[];
}

/** Chooses `text` as the file of "Import routines (JSON)". */
async function importFile(page: Page, name: string, text: string) {
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Import routines (JSON)" }).click();
  await (await chooser).setFiles({ name, mimeType: "application/json", buffer: Buffer.from(text) });
}

test("an export's routines come into another account from Settings, once; offline the import waits and arrives", async ({
  page,
  context,
  request,
  signedIn,
  consoleErrors,
}) => {
  // The account the file was saved from: two routines, one paused.
  const before = await registerViaApi(request);
  await apiCall(request, before, "POST", "/api/routines", { title: VITAMINS, repeat: { every: "day" } });
  const plants = (await apiCall(request, before, "POST", "/api/routines", {
    title: PLANTS,
    repeat: { every: "week", days: ["mon", "thu"] },
  })) as { id: number };
  await apiCall(request, before, "PATCH", `/api/routines/${plants.id}`, { paused: true });
  const exported = await request.get("/api/account/export", { headers: authHeader(before) });
  expect(exported.status()).toBe(200);
  const file = await exported.text();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/settings");
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
  await importFile(page, "onething-export.json", file);
  await expect(shownToast(page, "Imported 2 routines", "Today's are on your list; streaks start here.")).toBeVisible();
  await screenshots(page, "routines-imported");
  expect((await routinesOf(request, signedIn)).map((r) => [r.title, r.repeat, r.paused])).toEqual([
    [VITAMINS, { every: "day" }, false],
    [PLANTS, { every: "week", days: ["mon", "thu"] }, true],
  ]);

  // The same file again makes nothing; a file that is not an export sends nothing.
  await importFile(page, "onething-export.json", file);
  await expect(shownToast(page, "No new routines", "The file's 2 routines are here already.")).toBeVisible();
  await importFile(page, "tasks.json", "id,title\n1,Buy milk");
  await expect(
    shownToast(
      page,
      "Could not import routines",
      "This is not an Onething export: choose the JSON file that \u201cExport my data\u201d saved.",
    ),
  ).toBeVisible();
  await setTheme(page, "dark");
  await screenshots(page, "routines-import-refused");
  expect(await routinesOf(request, signedIn)).toHaveLength(2);

  // Today's occurrence of the daily one is on the list, marked as a routine.
  await page.goto("/");
  const row = page.getByRole("region", { name: "Current Tasks" }).getByRole("listitem").filter({ hasText: VITAMINS });
  await expect(row.getByRole("link", { name: "Routine" })).toBeVisible();

  // Offline: the import waits on the device, then arrives once.
  await page.getByRole("link", { name: "Settings" }).click();
  await expect(page.getByRole("button", { name: "Import routines (JSON)" })).toBeVisible();
  await outboxLoaded(page);
  await context.setOffline(true);
  const withRent = JSON.parse(file) as { routines: unknown[] };
  withRent.routines.push({ title: RENT, repeat: { every: "month", day: 31 }, paused: false });
  await importFile(page, "onething-export.json", JSON.stringify(withRent));
  await expect(shownToast(page, "Importing 3 routines", "They arrive when you're back online.")).toBeVisible();
  await expect(page.getByText("1 change waiting to sync").filter({ visible: true })).toBeVisible();
  expect(await routinesOf(request, signedIn)).toHaveLength(2);
  await context.setOffline(false);
  await expect(page.getByText(/changes? waiting to sync/).filter({ visible: true })).toHaveCount(0);
  await expect
    .poll(async () => (await routinesOf(request, signedIn)).map((r) => r.title))
    .toEqual([VITAMINS, PLANTS, RENT]);
  expect(consoleErrors).toEqual([]);
});
