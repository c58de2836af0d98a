import type { APIRequestContext } from "@playwright/test";
import { type Account, addTaskViaApi, expect, listTasksViaApi, test } from "./fixtures";

async function titles(request: APIRequestContext, account: Account) {
  return (await listTasksViaApi(request, account)).map((task) => task.title);
}

test("a title is edited in place in Current Tasks and on the board, checked as on create", async ({
  page,
  request,
  signedIn,
  consoleErrors,
}) => {
  test.slow(); // two screens, three saves
  await addTaskViaApi(request, signedIn, { title: "Wrte report" });
  await addTaskViaApi(request, signedIn, { title: "Call bank" });
  await page.goto("/");
  const currentTasks = page.getByRole("region", { name: "Current Tasks" });

  await currentTasks.getByRole("button", { name: "Edit Wrte report" }).click();
  const field = currentTasks.getByRole("textbox", { name: "New title for Wrte report" });
  await expect(field).toBeFocused();
  // Empty is refused in words, and nothing is sent.
  await field.fill("   ");
  await field.press("Enter");
  await expect(currentTasks.getByRole("alert")).toHaveText("A task needs a title.");
  await field.fill("Write report");
  await field.press("Enter");
  // The toast names the task it renamed, old title and new (docs/decisions/245-toasts-name-their-task.md).
  await expect(page.getByText('"Wrte report" is now "Write report".')).toBeVisible();
  await expect(currentTasks).toContainText("Write report");
  expect(await titles(request, signedIn)).toEqual(["Write report", "Call bank"]);

  // Escape leaves the title as it was.
  await currentTasks.getByRole("button", { name: "Edit Call bank" }).click();
  await currentTasks.getByRole("textbox", { name: "New title for Call bank" }).fill("Something else");
  await page.keyboard.press("Escape");
  await expect(currentTasks.getByRole("button", { name: "Edit Call bank" })).toBeVisible();

  await currentTasks.getByRole("button", { name: "Organize Tasks" }).click();
  const later = page.getByRole("region", { name: "Later", exact: true });
  await later.getByRole("button", { name: "Edit Call bank" }).click();
  await later.getByRole("textbox", { name: "New title for Call bank" }).fill("Call the bank");
  await later.getByRole("button", { name: "Save" }).click();
  // Saved and closed (the field's own text would match before the save is done).
  await expect(later.getByRole("button", { name: "Edit Call the bank" })).toBeVisible();
  expect(await titles(request, signedIn)).toEqual(["Write report", "Call the bank"]);
  expect(consoleErrors).toEqual([]);
});

test('a "No" List item is marked as such in Current Tasks', async ({ page, request, signedIn }) => {
  await addTaskViaApi(request, signedIn, { title: "Doomscrolling", category: "no_list" });
  await addTaskViaApi(request, signedIn, { title: "Pay rent" });
  await page.goto("/");
  const currentTasks = page.getByRole("region", { name: "Current Tasks" });
  await expect(currentTasks.getByRole("listitem").filter({ hasText: "Doomscrolling" })).toContainText('"No" List');
  await expect(currentTasks.getByRole("listitem").filter({ hasText: "Pay rent" })).not.toContainText('"No" List');
});

test("on a phone the in-place title editor takes the row's width", async ({ page, request, signedIn }) => {
  const title = "Finish the Q3 budget report (due tomorrow 10am)";
  await addTaskViaApi(request, signedIn, { title });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  const currentTasks = page.getByRole("region", { name: "Current Tasks" });
  await currentTasks.getByRole("button", { name: `Edit ${title}` }).click();
  const field = currentTasks.getByRole("textbox", { name: `New title for ${title}` });
  await expect(field).toBeFocused();
  const row = await field.locator("xpath=ancestor::li[1]").boundingBox();
  const box = await field.boundingBox();
  expect(row && box).toBeTruthy();
  if (!row || !box) return;
  expect(box.width).toBeGreaterThanOrEqual(row.width - 2);
  // The whole title shows: nothing scrolled out of the field, sideways or down.
  expect(await field.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight + 1)).toBe(
    true,
  );
  await expect(currentTasks.getByRole("button", { name: "Save" })).toBeVisible();
});
