import type { APIRequestContext, Page } from "@playwright/test";
import { dayMove, moveToDayTwo, openDevice, registerOnDayOne } from "./day-two";
import { type Account, apiCall, expect, screenshots, shownToast, test } from "./fixtures";

// A plan a person can act on, Skip that changes nothing, one-tap done and a new day that waits for
// someone typing (docs/decisions/187-a-plan-to-act-on.md, 183, 185, 188), on day two at a phone's
// and a desktop's width.

/** Thirty real-length titles (40–60 characters), as people write them. */
const CARRIED = [
  "Finish the quarterly budget review for the design team",
  "Reply to the landlord about the broken kitchen window",
  "Draft the onboarding guide for next month's new hires",
  "Book a dentist appointment before the insurance lapses",
  "Sort the photos from the summer trip into shared albums",
  "Prepare slides for Thursday's customer research readout",
  "Call the bank about the duplicate card payment last week",
  "Read the two chapters for the Tuesday evening book club",
  "Renew the car insurance before the end of the month",
  "Send the signed lease back to the letting agency today",
  "Write the speech for Anna's leaving party on Friday night",
  "Order the replacement filter for the kitchen extractor",
  "Review the pull requests on the billing service backlog",
  "Plan the team offsite agenda and send out the invitations",
  "Fix the flaky login test that fails on the nightly build",
  "Update the project roadmap with the new launch dates",
  "Ask the accountant about the self-assessment deadline",
  "Return the borrowed ladder to the neighbours at number 12",
  "Collect the dry cleaning before the shop closes on Saturday",
  "Compare broadband offers before the contract renews again",
  "Write up the interview notes for the backend candidate",
  "Buy a birthday present for Mum and post it by Wednesday",
  "Archive last year's invoices into the shared finance drive",
  "Schedule the boiler service before the weather turns cold",
  "Translate the release notes for the Spanish-speaking users",
  "Tidy the desk drawers and shred the old bank statements",
  "Check the school calendar for the half-term holiday dates",
  "Record the podcast intro and send it to the sound editor",
  "Replace the bike's brake pads before the weekend ride",
  "Email the venue about the accessibility of the main hall",
];

const planHeading = (page: Page) => page.getByRole("heading", { level: 1, name: "Plan your day" });
const braindumpHeading = (page: Page) =>
  page.getByRole("heading", { level: 1, name: "Daily Tasks & Thought Braindump" });

type ApiTask = { id: number; title: string; isPriority: boolean; priorityDate: string | null; isCompleted: boolean };

/** Day one: thirty tasks made, three planned, one other finished; then the account is on day two. */
async function thirtyCarried(request: APIRequestContext) {
  const move = dayMove();
  const account = await registerOnDayOne(request, move.dayOne);
  const created = (await apiCall(request, account, "POST", "/api/process-tasks", {
    text: CARRIED.join("\n"),
  })) as ApiTask[];
  expect(created).toHaveLength(30);
  const ids = created.map((task) => task.id);
  await apiCall(request, account, "POST", "/api/day/plan", { priorityTaskIds: ids.slice(0, 3), noListTaskIds: [] });
  await apiCall(request, account, "PATCH", `/api/tasks/${ids[29]}`, { isCompleted: true });
  await moveToDayTwo(request, account, move.dayTwo, move.dateTwo);
  return { move, account, ids };
}

const tasksOf = async (request: APIRequestContext, account: Account) =>
  (await apiCall(request, account, "GET", "/api/tasks")) as ApiTask[];

for (const width of [390, 1280]) {
  test(`day two at ${width} px: the decision leads a long plan; each carried task is acted on where it is; Skip changes nothing`, async ({
    browser,
    request,
  }) => {
    test.slow();
    const { move, account, ids } = await thirtyCarried(request);
    const { page, close } = await openDevice(browser, account, move.dayTwo.timeZone);
    await page.setViewportSize({ width, height: 844 });
    await page.goto("/");
    await expect(planHeading(page)).toBeVisible();

    // The decision is on the first screen, whatever is carried.
    const three = page.getByRole("region", { name: "Today's three" });
    for (const name of ["Keep yesterday's three", "Answer the questions again", "Pick by hand"]) {
      await expect(three.getByRole("button", { name })).toBeInViewport();
    }
    const open = page.getByRole("list", { name: /^Still open/ });
    await expect(open.getByRole("listitem")).toHaveCount(29);
    await screenshots(page, `plan-thirty-${width}`);

    // Finished in one tap, with Undo; the keyboard goes on to the next task's check.
    const [fourth, fifth, sixth, seventh, eighth] = CARRIED.slice(3, 8) as [string, string, string, string, string];
    await open.getByRole("button", { name: `Mark ${fourth} done` }).click();
    await expect(shownToast(page, "Task done", `"${fourth}" is done.`)).toBeVisible();
    await expect(open.getByRole("listitem")).toHaveCount(28);
    await expect(open.getByRole("button", { name: `Mark ${fifth} done` })).toBeFocused();
    await shownToast(page, "Task done").getByRole("button", { name: "Undo" }).click();
    await expect(shownToast(page, "Undone", `"${fourth}" is open again.`)).toBeVisible();
    await expect(open.getByRole("listitem")).toHaveCount(29);

    // Left for later: not asked about.
    const later = open.getByRole("button", { name: `Leave ${fifth} for later` });
    await later.click();
    await expect(later).toHaveAttribute("aria-pressed", "true");
    await expect(three).toContainText("those left for later are not asked about");

    // Said no to, and deleted (with Undo): each leaves the list, the keyboard on the next row's same control.
    await open.getByRole("button", { name: `Say no to ${sixth}` }).click();
    await expect(shownToast(page, "Said no", `"${sixth}" is on today's "No" List.`)).toBeVisible();
    await expect(open.getByRole("listitem")).toHaveCount(28);
    await expect(open.getByRole("button", { name: `Say no to ${seventh}` })).toBeFocused();
    await open.getByRole("button", { name: `Delete ${seventh}` }).click();
    await expect(shownToast(page, "Task deleted", `"${seventh}" has been removed.`)).toBeVisible();
    await expect(open.getByRole("listitem")).toHaveCount(27);
    await expect(open.getByRole("button", { name: `Delete ${eighth}` })).toBeFocused();

    // Skip for today: the stars stay, the day says skipped, the braindump is in view.
    await three.getByRole("button", { name: "Skip for today" }).click();
    await expect(shownToast(page, "Plan skipped")).toBeVisible();
    await expect(braindumpHeading(page)).toBeInViewport();
    await expect(braindumpHeading(page)).toBeFocused();
    expect(await apiCall(request, account, "GET", "/api/day")).toMatchObject({ planned: false, skipped: true });
    const after = await tasksOf(request, account);
    for (const id of ids.slice(0, 3)) {
      expect(after.find((task) => task.id === id)).toMatchObject({ isPriority: true, priorityDate: move.dateOne });
    }
    await page.reload();
    await expect(braindumpHeading(page)).toBeVisible();
    await expect(planHeading(page)).toHaveCount(0);

    // One tap in Current Tasks, counted as a finish: Done lists it under Today.
    const current = page.getByRole("region", { name: "Current Tasks" });
    await current.getByRole("button", { name: `Mark ${eighth} done` }).click();
    await expect(shownToast(page, "Task done", `"${eighth}" is done.`)).toBeVisible();
    await expect(current.getByText(eighth)).toHaveCount(0);
    await screenshots(page, `current-tasks-done-${width}`);
    await current.getByRole("link", { name: "Done" }).click();
    const today = page.getByRole("region", { name: "Today" });
    await expect(today).toContainText("1 done");
    await expect(today).toContainText(eighth);
    await close();
  });
}

test("a new day while the person types is a notice; the plan comes when they ask for it", async ({
  browser,
  request,
}) => {
  test.slow();
  const move = dayMove();
  const account = await registerOnDayOne(request, move.dayOne);
  const made = (await apiCall(request, account, "POST", "/api/tasks", { title: CARRIED[0] })) as ApiTask;
  await apiCall(request, account, "POST", "/api/day/plan", { priorityTaskIds: [made.id], noListTaskIds: [] });
  const { page, close } = await openDevice(browser, account, move.dayOne.timeZone);
  await page.goto("/");
  const box = page.getByLabel("What's on your mind?");
  await box.fill("Call the plumber about the");
  await expect(box).toBeFocused();

  // The day begins on another device's say-so: the text box stays, with the notice above it.
  await moveToDayTwo(request, account, move.dayTwo, move.dateTwo);
  const notice = page.getByRole("status").filter({ hasText: "A new day has begun." });
  await expect(notice).toBeVisible();
  await expect(box).toHaveValue("Call the plumber about the");
  await expect(box).toBeFocused();
  await box.pressSequentially(" leaking tap");
  await expect(box).toHaveValue("Call the plumber about the leaking tap");
  await screenshots(page, "new-day-notice");

  await notice.getByRole("button", { name: "Plan your day" }).click();
  await expect(planHeading(page)).toBeFocused();
  await close();
});
