import { expect, PASSWORD, registerViaApi, test } from "./fixtures";

// Quick capture from anywhere (docs/product.md#quick-capture): the installed app is a share target
// and has an "Add tasks" shortcut, both opening the braindump.

const SHARED = "?title=Weekend%20errands&text=Buy%20oat%20milk%20and%20eggs%0ACall%20the%20plumber%20about%20the%20tap";

test("the manifest names the share target and the Add tasks shortcut", async ({ request }) => {
  const manifest = (await (await request.get("/manifest.webmanifest")).json()) as {
    share_target: { action: string; method: string; enctype: string; params: Record<string, string> };
    shortcuts: { name: string; url: string }[];
  };
  expect(manifest.share_target).toEqual({
    action: "/braindump",
    method: "GET",
    enctype: "application/x-www-form-urlencoded",
    params: { title: "title", text: "text", url: "url" },
  });
  expect(manifest.shortcuts).toEqual([expect.objectContaining({ name: "Add tasks", url: "/braindump?add" })]);
});

test("text shared from another app opens the braindump with it in the box, ready to go on typing", async ({
  page,
  signedIn: _,
  consoleErrors: __,
}) => {
  await page.goto(`/braindump${SHARED}`);
  const box = page.getByLabel("What's on your mind?");
  await expect(box).toHaveValue("Weekend errands\nBuy oat milk and eggs\nCall the plumber about the tap");
  await expect(box).toBeFocused();
  // Read once: a reload does not add it again.
  await expect(page).toHaveURL(/\/braindump$/);
});

test("a share while signed out goes through sign-in and keeps the text", async ({ page, request }) => {
  const account = await registerViaApi(request);
  await page.goto(`/braindump${SHARED}`);
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel("Username or email").fill(account.user.username);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByLabel("What's on your mind?")).toHaveValue(
    "Weekend errands\nBuy oat milk and eggs\nCall the plumber about the tap",
  );
  await expect(page).toHaveURL(/\/braindump$/);
});

test("the Add tasks shortcut opens the braindump with the keyboard in the box", async ({
  page,
  signedIn: _,
  consoleErrors: __,
}) => {
  await page.goto("/braindump?add");
  const box = page.getByLabel("What's on your mind?");
  await expect(box).toBeFocused();
  await expect(box).toHaveValue("");
  await expect(page).toHaveURL(/\/braindump$/);
});
