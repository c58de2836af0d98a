import { addTaskViaApi, expect, REAL_LENGTH_TITLES, screenshots, shownToast, test } from "./fixtures";

// A first visit, before the service worker controls the page (it is blocked here, as before it has
// installed): the network goes after the first screen, and a change made then still says so in its
// toast at once (docs/decisions/334-feedback-loads-before-the-network-can-go.md).

test("at 390 px, on a first visit the network goes after the first screen: a done made offline has its toast", async ({
  page,
  context,
  request,
  signedIn,
  consoleErrors,
}) => {
  for (const title of REAL_LENGTH_TITLES.slice(0, 10)) {
    await addTaskViaApi(request, signedIn, { title, category: "later" });
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  const current = page.getByRole("region", { name: "Current Tasks" });
  await expect(current.getByText(REAL_LENGTH_TITLES[9] as string)).toBeVisible();
  // After the first screen, with the network still there, the outbox's code arrives (and with it
  // what a change's feedback needs).
  await expect
    .poll(() =>
      page.evaluate(() =>
        performance.getEntriesByType("resource").some((entry) => /\/outbox-[\w-]+\.js$/.test(entry.name)),
      ),
    )
    .toBe(true);
  expect(await page.evaluate(() => navigator.serviceWorker?.controller ?? null)).toBeNull();

  await context.setOffline(true);
  const title = REAL_LENGTH_TITLES[2] as string;
  await current.getByRole("button", { name: `Mark ${title} done` }).click();
  await expect(shownToast(page, "Task done", `"${title}" is done. It syncs when you're back online.`)).toBeVisible();
  await expect(page.getByText("1 change waiting to sync").filter({ visible: true })).toBeVisible();
  await screenshots(page, "offline-first-visit-toast");
  await context.setOffline(false);
  await expect(page.getByText(/changes? waiting to sync/).filter({ visible: true })).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});
