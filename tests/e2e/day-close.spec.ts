import type { Page } from "@playwright/test";
import { wallClock } from "../../shared/day";
import { dayMove, moveToDayTwo, openDevice, registerOnDayOne } from "./day-two";
import { type ApiTask, apiCall, expect, screenshots, shownToast, test } from "./fixtures";

// A day closed in the evening and opened the next morning, on a phone's width
// (docs/decisions/291-the-evening-close.md): the braindump offers the close from the close time; the
// close shows the day's work and moves each open task by name, keeps the line and tomorrow's first
// task; the braindump then says the day is closed, with a way to reopen it; the next morning's plan
// shows last evening's line with tomorrow's first task at the top of the three; Done shows the line.

const TITLES = [
  "Draft the quarterly report for the finance team ~2h",
  "Call the landlord about the broken kitchen radiator ~15m",
  "Prepare the slides for Thursday's research readout ~1h30",
  "Reply to Sam about the Friday design review agenda",
  "Book the dentist appointment before the insurance lapses",
  "Sort the photos from the summer trip into shared albums",
  "Renew the car insurance before the end of the month",
  "Order the replacement filter for the kitchen extractor",
  "Review the pull requests on the billing service backlog",
  "Compare broadband offers before the contract renews again",
  "Write up the interview notes for the backend candidate",
];
const title = (line: string) => line.replace(/ ~\S+$/, "");
const [REPORT, LANDLORD, SLIDES, SAM, DENTIST, PHOTOS] = TITLES.map(title) as [
  string,
  string,
  string,
  string,
  string,
  string,
];
const STRETCH = "Stretch the back and shoulders for ten minutes";
const MEDICINE = "Take the evening medicine with a full glass of water";
const NOTE = "Good progress on the report; the radiator can wait until Monday.";

const moveOf = (page: Page, task: string, to: string) =>
  page.getByRole("group", { name: task, exact: true }).getByRole("radio", { name: to, exact: true });

test("a day closed in the evening at 390 px, and opened the next morning", async ({ browser, request }) => {
  test.slow();
  const move = dayMove();
  const account = await registerOnDayOne(request, move.dayOne);
  const created = (await apiCall(request, account, "POST", "/api/process-tasks", {
    text: TITLES.join("\n"),
  })) as ApiTask[];
  expect(created.map((task) => task.title)).toEqual(TITLES.map(title));
  const id = (name: string) => created.find((task) => task.title === name)?.id as number;
  await apiCall(request, account, "POST", "/api/day/plan", {
    priorityTaskIds: [id(REPORT), id(LANDLORD), id(SLIDES)],
    noListTaskIds: [],
  });
  await apiCall(request, account, "PATCH", `/api/tasks/${id(PHOTOS)}`, { isCompleted: true });
  // Two routines of every day: one done already, one still open this evening
  // (docs/decisions/292-routines-on-the-evening-close.md).
  for (const name of [STRETCH, MEDICINE]) {
    await apiCall(request, account, "POST", "/api/routines", { title: name, repeat: { every: "day" } });
  }
  const occurrence = ((await apiCall(request, account, "GET", "/api/tasks")) as ApiTask[]).find(
    (task) => task.title === STRETCH,
  ) as ApiTask;
  await apiCall(request, account, "PATCH", `/api/tasks/${occurrence.id}`, { isCompleted: true });
  // The evening has come: the close time is this hour of day one's wall clock.
  const wall = wallClock(new Date(), move.dayOne.timeZone);
  await apiCall(request, account, "PATCH", "/api/account", {
    dayClose: { enabled: true, time: `${String(wall.hour).padStart(2, "0")}:00` },
  });

  const { page, close } = await openDevice(browser, account, move.dayOne.timeZone);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  const offer = page.getByTestId("close-offer");
  await expect(offer).toContainText("The evening is here.");
  // The three show their planned time beside the usual two hours, in plain words.
  await page.getByRole("button", { name: "View Priorities" }).click();
  await expect(page.getByTestId("plan-size")).toContainText(
    "These three need about 3 h 45; you usually focus 2 h a day (your setting).",
  );
  await expect(page.getByRole("button", { name: `Move "${REPORT}" to Later` })).toBeVisible();
  await screenshots(page, "day-close-plan-size");
  // Back to the braindump as a person goes: opening "/" again would come back to the results
  // (docs/decisions/370-the-braindump-s-step-comes-back-the-same-day.md).
  await page.getByRole("button", { name: "Start Over" }).click();
  await expect(offer).toContainText("The evening is here.");
  await screenshots(page, "day-close-offer");

  // The close, by keyboard: the link, then each task's moves as a named group of radios.
  await offer.getByRole("link", { name: "Close your day" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Close your day" })).toBeVisible();
  await expect(page.getByTestId("close-summary")).toContainText("1 task done");
  await expect(page.getByText(PHOTOS)).toBeVisible();
  // Today's routines: which are done, which are open; an open one has no moves, only its done.
  const routines = page.getByTestId("close-routines");
  await expect(routines).toContainText(
    "1 routine done, 1 still open. A routine not done today is missed: it does not move to tomorrow.",
  );
  await expect(page.getByRole("group", { name: MEDICINE })).toHaveCount(0);
  await routines.getByRole("button", { name: `Mark ${MEDICINE} done` }).click();
  await expect(shownToast(page, "Task done", `"${MEDICINE}" is done.`)).toBeVisible();
  await expect(routines).toContainText("2 routines done.");
  await screenshots(page, "day-close-routines");
  await expect(moveOf(page, REPORT, "Tomorrow")).toBeChecked();
  await expect(moveOf(page, SAM, "Later")).toBeChecked();
  await moveOf(page, LANDLORD, "Later").check();
  await moveOf(page, SLIDES, "Done").check();
  await moveOf(page, DENTIST, "No").check();
  await moveOf(page, SAM, "Tomorrow").focus();
  await page.keyboard.press("Space");
  await expect(moveOf(page, SAM, "Tomorrow")).toBeChecked();
  await moveOf(page, TITLES.map(title)[10] as string, "Delete").check();
  await page.getByLabel("What's on your mind?").fill(NOTE);
  await page.getByLabel("Tomorrow's first task").selectOption({ label: SAM });
  await screenshots(page, "day-close-form");
  await page.getByRole("button", { name: "Close the day" }).click();
  await expect(shownToast(page, "Your day is closed", "See you tomorrow.")).toBeVisible();

  // The braindump says the day is closed, with its line and a way to reopen it.
  const closed = page.getByTestId("day-closed");
  await expect(closed).toContainText("Your day is closed.");
  await expect(closed).toContainText(NOTE);
  await screenshots(page, "day-close-closed");
  const tasks = (await apiCall(request, account, "GET", "/api/tasks")) as ApiTask[];
  const after = (name: string) => tasks.find((task) => task.title === name);
  expect(after(REPORT)).toMatchObject({ isPriority: true });
  expect(after(SAM)).toMatchObject({ isPriority: true });
  expect(after(LANDLORD)).toMatchObject({ isPriority: false });
  expect(after(SLIDES)).toMatchObject({ isCompleted: true });
  expect(after(DENTIST)).toMatchObject({ category: "no_list" });
  expect(after(TITLES.map(title)[10] as string)).toBeUndefined();

  // Reopened, and closed again with the line.
  await closed.getByRole("button", { name: "Reopen the day" }).click();
  await expect(shownToast(page, "Your day is open again")).toBeVisible();
  await expect(page.getByTestId("close-offer")).toBeVisible();
  await page.getByTestId("close-offer").getByRole("link", { name: "Close your day" }).click();
  await page.getByLabel("What's on your mind?").fill(NOTE);
  await page.getByLabel("Tomorrow's first task").selectOption({ label: SAM });
  await page.getByRole("button", { name: "Close the day" }).click();
  await expect(page.getByTestId("day-closed")).toContainText(NOTE);

  // The next morning: last evening's line, and tomorrow's first task at the top of the three.
  await moveToDayTwo(request, account, move.dayTwo, move.dateTwo);
  await close();
  const morning = await openDevice(browser, account, move.dayTwo.timeZone);
  await morning.page.setViewportSize({ width: 390, height: 844 });
  await morning.page.goto("/");
  await expect(morning.page.getByRole("heading", { level: 1, name: "Plan your day" })).toBeVisible();
  await expect(morning.page.getByTestId("yesterday-note")).toHaveText(`Last evening: “${NOTE}”`);
  const three = morning.page.getByRole("region", { name: "Today's three" });
  // Marked as last evening's choice (docs/decisions/346-the-first-chosen-last-night-is-kept.md).
  const sam = `${SAM} You chose this last night`;
  await expect(three.getByRole("listitem").first()).toHaveText(sam);
  await expect(three.getByRole("listitem")).toHaveText([sam, REPORT]);
  await screenshots(morning.page, "day-close-morning");
  // The two need more than the usual hour: the plan step offers to move one to Later, and it
  // never blocks (docs/decisions/297-the-plan-step-s-size-offer.md); the move is written, and its
  // Undo puts the star back (docs/decisions/332-move-to-later-is-written.md).
  await apiCall(request, account, "PATCH", "/api/account", { usualFocusMinutes: 60 });
  await morning.page.reload();
  await expect(three.getByTestId("plan-size")).toContainText("you usually focus 1 h a day (your setting)");
  await three.getByRole("button", { name: `Move "${REPORT}" to Later` }).click();
  const moved = shownToast(morning.page, `Moved to Later: "${REPORT}"`, "no longer one of the three offered");
  await expect(moved).toBeVisible();
  await expect(three.getByRole("listitem")).toHaveText([sam]);
  await screenshots(morning.page, "day-close-plan-step-size");
  await moved.getByRole("button", { name: "Undo" }).click();
  await expect(shownToast(morning.page, `Undone: "${REPORT}"`)).toBeVisible();
  await expect(three.getByRole("listitem")).toHaveText([sam, REPORT]);
  await three.getByRole("button", { name: "Keep yesterday's two" }).click();
  await expect(shownToast(morning.page, "Your day is planned")).toBeVisible();

  // Done shows the evening's line under its day.
  await morning.page.goto("/done");
  await expect(morning.page.getByTestId("done-day-note")).toHaveText(`“${NOTE}”`);
  await screenshots(morning.page, "day-close-done");

  // Analytics: planned vs focused per day; Settings: the close time beside the morning nudge.
  await morning.page.goto("/analytics");
  await expect(morning.page.getByTestId("planned-vs-focused")).toContainText("planned 2 h,");
  await screenshots(morning.page, "day-close-analytics");
  await morning.page.goto("/settings");
  await expect(morning.page.getByLabel("Close the day at")).toHaveValue(/^\d\d:00$/);
  await screenshots(morning.page, "day-close-settings");
  await morning.close();
});

test("at 390 px the morning marks the task chosen last night as the first, and the size offer leaves it in (docs/decisions/346-the-first-chosen-last-night-is-kept.md)", async ({
  browser,
  request,
}) => {
  const move = dayMove();
  const account = await registerOnDayOne(request, move.dayOne);
  const created = (await apiCall(request, account, "POST", "/api/process-tasks", {
    text: [TITLES[0], TITLES[2], TITLES[1], ...TITLES.slice(3)].join("\n"),
  })) as ApiTask[];
  const id = (name: string) => created.find((task) => task.title === name)?.id as number;
  await apiCall(request, account, "POST", "/api/day/plan", {
    priorityTaskIds: [id(SLIDES), id(REPORT), id(LANDLORD)],
    noListTaskIds: [],
  });
  // The longest of the three is the one chosen last evening as the morning's first.
  await apiCall(request, account, "POST", "/api/day/close", {
    moves: [
      { id: id(SLIDES), to: "tomorrow" },
      { id: id(LANDLORD), to: "tomorrow" },
    ],
    tomorrowFirst: id(REPORT),
  });
  await moveToDayTwo(request, account, move.dayTwo, move.dateTwo);
  await apiCall(request, account, "PATCH", "/api/account", { usualFocusMinutes: 60 });

  const { page, close } = await openDevice(browser, account, move.dayTwo.timeZone);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Plan your day" })).toBeVisible();
  const three = page.getByRole("region", { name: "Today's three" });
  await expect(three.getByRole("listitem").first()).toHaveText(`${REPORT} You chose this last night`);
  await expect(three.getByText("You chose this last night")).toHaveCount(1);
  await expect(three.getByTestId("plan-size")).toContainText("you usually focus 1 h a day");
  // The offer names the longest of the others, never the task chosen last night.
  await expect(three.getByRole("button", { name: `Move "${SLIDES}" to Later` })).toBeVisible();
  await expect(three.getByRole("button", { name: `Move "${REPORT}" to Later` })).toHaveCount(0);
  await screenshots(page, "day-close-chosen-first");
  await close();
});

test("at 390 px a day not closed is said in the morning and in Done, and a quiet day's line shows in Done (docs/decisions/349-a-day-s-close-leaves-a-trace.md)", async ({
  browser,
  request,
}) => {
  const move = dayMove();
  // One person finishes a task and does not close the day; another finishes nothing and closes it with a line.
  const unclosed = await registerOnDayOne(request, move.dayOne);
  const [task] = (await apiCall(request, unclosed, "POST", "/api/process-tasks", { text: REPORT })) as ApiTask[];
  await apiCall(request, unclosed, "PATCH", `/api/tasks/${task?.id}`, { isCompleted: true });
  await apiCall(request, unclosed, "POST", "/api/process-tasks", { text: SAM });
  const quiet = await registerOnDayOne(request, move.dayOne);
  await apiCall(request, quiet, "POST", "/api/process-tasks", { text: SAM });
  await apiCall(request, quiet, "POST", "/api/day/close", { note: NOTE });
  await moveToDayTwo(request, unclosed, move.dayTwo, move.dateTwo);
  await moveToDayTwo(request, quiet, move.dayTwo, move.dateTwo);

  const first = await openDevice(browser, unclosed, move.dayTwo.timeZone);
  await first.page.setViewportSize({ width: 390, height: 844 });
  await first.page.goto("/");
  await expect(first.page.getByRole("heading", { level: 1, name: "Plan your day" })).toBeVisible();
  await expect(first.page.getByTestId("yesterday-not-closed")).toHaveText("You didn't close yesterday.");
  await screenshots(first.page, "day-not-closed-morning");
  await first.page.goto("/done");
  await expect(first.page.getByRole("heading", { level: 2, name: "Yesterday" })).toBeVisible();
  await expect(first.page.getByTestId("done-day-not-closed")).toHaveText("Not closed in the evening.");
  await screenshots(first.page, "day-not-closed-done");
  await first.close();

  const second = await openDevice(browser, quiet, move.dayTwo.timeZone);
  await second.page.setViewportSize({ width: 390, height: 844 });
  await second.page.goto("/");
  await expect(second.page.getByTestId("yesterday-note")).toHaveText(`Last evening: “${NOTE}”`);
  await expect(second.page.getByTestId("yesterday-not-closed")).toHaveCount(0);
  await second.page.goto("/done");
  await expect(second.page.getByTestId("done-day-note")).toHaveText(`“${NOTE}”`);
  await screenshots(second.page, "day-closed-quiet-done");
  await second.close();
});

test("at 390 px, a day not planned closes every open task, carried ones grouped and moved at once", async ({
  browser,
  request,
}) => {
  test.slow();
  // Day one: fourteen tasks of real length, two of them yesterday's three; then day two, skipped.
  const move = dayMove();
  const account = await registerOnDayOne(request, move.dayOne);
  const carried = (await apiCall(request, account, "POST", "/api/process-tasks", {
    text: [...TITLES.map(title), ...TITLES.map((line) => `${title(line)} again`).slice(0, 3)].join("\n"),
  })) as ApiTask[];
  expect(carried).toHaveLength(14);
  const [first, second] = carried as [ApiTask, ApiTask];
  await apiCall(request, account, "POST", "/api/day/plan", {
    priorityTaskIds: [first.id, second.id],
    noListTaskIds: [],
  });
  await moveToDayTwo(request, account, move.dayTwo, move.dateTwo);
  await apiCall(request, account, "POST", "/api/day/skip");

  const { page, close } = await openDevice(browser, account, move.dayTwo.timeZone);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/close");
  await expect(page.getByRole("heading", { level: 1, name: "Close your day" })).toBeVisible();
  const earlier = page.getByRole("region", { name: /^From earlier days/ });
  await expect(earlier.getByRole("group")).toHaveCount(14);
  await expect(page.getByText("Nothing is left open.")).toHaveCount(0);
  // Yesterday's two still starred stay for tomorrow unless told; the rest wait for later.
  await expect(moveOf(page, first.title, "Tomorrow")).toBeChecked();
  await expect(moveOf(page, carried[5]?.title as string, "Later")).toBeChecked();
  await screenshots(page, "day-close-carried");
  // The group at once, then one apart.
  await earlier.getByRole("button", { name: "From earlier days: move all 14 to No" }).click();
  for (const task of carried) await expect(moveOf(page, task.title, "No")).toBeChecked();
  await moveOf(page, first.title, "Tomorrow").check();
  await page.getByLabel("Tomorrow's first task").selectOption({ label: first.title });
  await page.getByRole("button", { name: "Close the day" }).click();
  await expect(shownToast(page, "Your day is closed", "See you tomorrow.")).toBeVisible();
  const tasks = (await apiCall(request, account, "GET", "/api/tasks")) as ApiTask[];
  expect(tasks.find((task) => task.id === first.id)).toMatchObject({ isPriority: true });
  expect(tasks.filter((task) => task.category === "no_list")).toHaveLength(13);
  const day = (await apiCall(request, account, "GET", "/api/day")) as { closed: boolean };
  expect(day.closed).toBe(true);
  await close();
});
