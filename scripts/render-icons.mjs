// Renders the home-screen icons of web/public/manifest.webmanifest from the logo, with Chromium.
// The PNGs are committed; run this again only when the logo changes:
//
//   node scripts/render-icons.mjs
import { readFileSync } from "node:fs";
import { chromium } from "@playwright/test";

const publicDir = new URL("../web/public/", import.meta.url);
const logo = readFileSync(new URL("favicon.svg", publicDir), "utf8");
// Full-bleed: the launcher (Android "maskable") or iOS cuts its own shape, and may crop to the
// central 80 %, so the ring sits well inside it on a square with no transparent corners.
const fullBleed = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#4f46e5"/><circle cx="32" cy="32" r="12" fill="none" stroke="#fff" stroke-width="4.5"/><circle cx="32" cy="32" r="3.75" fill="#fff"/></svg>`;

const icons = [
  { file: "icons/icon-192.png", size: 192, svg: logo },
  { file: "icons/icon-512.png", size: 512, svg: logo },
  { file: "icons/icon-maskable-512.png", size: 512, svg: fullBleed },
  { file: "icons/apple-touch-icon.png", size: 180, svg: fullBleed },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
try {
  for (const { file, size, svg } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const sized = svg.replace("<svg ", `<svg width="${size}" height="${size}" `);
    await page.setContent(`<html><body style="margin:0;background:transparent">${sized}</body></html>`);
    await page.screenshot({ path: new URL(file, publicDir).pathname, omitBackground: true });
    await page.close();
    console.log(`${file} (${size}×${size})`);
  }
} finally {
  await browser.close();
}
