import { expect, test } from "./fixtures";

type ManifestIcon = { src: string; sizes: string; type: string; purpose: string };

/** Width and height from a PNG's IHDR chunk (bytes 16–23). */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString("latin1"), "a PNG").toBe("PNG");
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

test("the app can be added to a home screen: its manifest, icons and Chromium's installability check", async ({
  page,
  request,
}) => {
  await page.goto("/");
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(href).toBe("/manifest.webmanifest");
  const appleIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute("href");

  const res = await request.get(href ?? "");
  expect(res.status()).toBe(200);
  const manifest = (await res.json()) as {
    short_name: string;
    start_url: string;
    display: string;
    icons: ManifestIcon[];
  };
  expect(manifest).toMatchObject({ short_name: "Onething", start_url: "/", display: "standalone" });
  expect(manifest.icons.map((icon) => icon.purpose)).toEqual(expect.arrayContaining(["any", "maskable"]));

  for (const icon of [
    ...manifest.icons,
    { src: appleIcon ?? "", sizes: "180x180", type: "image/png", purpose: "any" },
  ]) {
    const file = await request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()["content-type"], icon.src).toContain(icon.type);
    if (icon.type === "image/png") expect(pngSize(await file.body()), icon.src).toBe(icon.sizes);
  }

  // What Chromium itself checks before it offers to install the app.
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
  // Playwright's browser contexts are incognito ones, where Chromium never installs anything.
  expect(installabilityErrors.filter((error) => error.errorId !== "in-incognito")).toEqual([]);
  const { errors } = await cdp.send("Page.getAppManifest");
  expect(errors).toEqual([]);
});
