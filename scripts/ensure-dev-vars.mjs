// Creates .dev.vars from .dev.vars.example on a fresh clone, with a random AUTH_SECRET,
// so `npm start` works with no set-up. An existing .dev.vars is left alone.
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";

if (!existsSync(".dev.vars")) {
  const example = readFileSync(".dev.vars.example", "utf8");
  const secret = randomBytes(32).toString("hex");
  writeFileSync(".dev.vars", example.replace(/^AUTH_SECRET=.*$/m, `AUTH_SECRET=${secret}`));
  console.log("Created .dev.vars with a random AUTH_SECRET.");
}
