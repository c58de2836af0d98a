// Creates .dev.vars from .dev.vars.example on a fresh clone, with a random AUTH_SECRET and a fresh
// VAPID key pair (Web Push), so `npm start` works with no set-up. An existing .dev.vars is kept;
// only VAPID keys it lacks (a clone from before push existed) are added.
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";

/** A P-256 key pair in the form Web Push uses: base64url of the raw public point and of the scalar. */
function vapidKeyPair() {
  const { publicKey, privateKey } = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
  const jwk = privateKey.export({ format: "jwk" });
  const raw = publicKey.export({ format: "der", type: "spki" }).subarray(-65);
  return { publicKey: raw.toString("base64url"), privateKey: jwk.d };
}

function withVapid(text) {
  if (/^VAPID_PRIVATE_KEY=\S+/m.test(text)) return text;
  const keys = vapidKeyPair();
  const lines = text.replace(/^VAPID_(PUBLIC_KEY|PRIVATE_KEY|SUBJECT)=.*\n?/gm, "").replace(/\n*$/, "\n");
  return `${lines}VAPID_PUBLIC_KEY=${keys.publicKey}\nVAPID_PRIVATE_KEY=${keys.privateKey}\nVAPID_SUBJECT=mailto:onething@localhost\n`;
}

/** Local runs spread new people over every person database (docs/decisions/271-home-chosen-at-sign-up.md). */
function withPlacement(text) {
  if (/^PLACE_NEW_PEOPLE=/m.test(text)) return text;
  return `${text.replace(/\n*$/, "\n")}PLACE_NEW_PEOPLE=spread\n`;
}

if (!existsSync(".dev.vars")) {
  const example = readFileSync(".dev.vars.example", "utf8");
  const secret = randomBytes(32).toString("hex");
  writeFileSync(".dev.vars", withVapid(example.replace(/^AUTH_SECRET=.*$/m, `AUTH_SECRET=${secret}`)));
  console.log("Created .dev.vars with a random AUTH_SECRET and a VAPID key pair.");
} else {
  const current = readFileSync(".dev.vars", "utf8");
  const updated = withPlacement(withVapid(current));
  if (updated !== current) {
    writeFileSync(".dev.vars", updated);
    console.log("Added what .dev.vars lacked (a VAPID key pair, the placement of new people).");
  }
}
