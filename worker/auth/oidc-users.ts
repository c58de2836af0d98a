import { and, eq, isNull } from "drizzle-orm";
import type { Context } from "hono";
import { bestLanguage } from "../../shared/languages";
import { users } from "../db/schema";
import type { AppEnv } from "../env";
import type { OidcProfile } from "./oidc-claims";
import { OidcFailure } from "./oidc-provider";
import { forgetPersonRow, insertPersonRow, placeNewPerson } from "./person-row";
import { firstDayOf } from "./users";

type UserRow = typeof users.$inferSelect;

/** Profile fields the provider knows and the account lacks; what the person set stays theirs. */
function missingProfile(row: UserRow, profile: OidcProfile) {
  const changes: Partial<Pick<UserRow, "firstName" | "lastName" | "profileImageUrl">> = {};
  if (!row.firstName && profile.firstName) changes.firstName = profile.firstName;
  if (!row.lastName && profile.lastName) changes.lastName = profile.lastName;
  if (!row.profileImageUrl && profile.profileImageUrl) changes.profileImageUrl = profile.profileImageUrl;
  return changes;
}

/**
 * The account for this identity (docs/decisions/014-hosted-identity-provider-when-configured.md),
 * in this order:
 * 1. the user already linked to this issuer + subject;
 * 2. else the user with the same email, if the provider says the email is verified: it gets
 *    linked (an unverified email could be anyone's, so it never links);
 * 3. else a new user without username or password.
 * D1 has no interactive transactions, so a lost race (two first sign-ins at once) shows up as a
 * unique-index failure or an update that matched nothing; the lookup then simply runs again.
 */
export async function linkOrCreateUser(
  c: Context<AppEnv>,
  profile: OidcProfile,
  options: { timeZone?: string } = {},
): Promise<{ id: string; home: number; username: string | null; email: string | null }> {
  // Accounts are the directory's rows (docs/decisions/270-person-databases.md).
  const db = c.var.directory;
  for (let attempt = 0; attempt < 3; attempt++) {
    const linked = await db.query.users.findFirst({
      where: and(eq(users.oidcIssuer, profile.issuer), eq(users.oidcSubject, profile.subject)),
    });
    if (linked) {
      const changes = missingProfile(linked, profile);
      if (Object.keys(changes).length > 0) {
        await db
          .update(users)
          .set({ ...changes, updatedAt: new Date() })
          .where(eq(users.id, linked.id));
      }
      return linked;
    }

    const verifiedEmail = profile.emailVerified ? profile.email : null;
    if (verifiedEmail) {
      const sameEmail = await db.query.users.findFirst({ where: eq(users.email, verifiedEmail) });
      if (sameEmail) {
        if (sameEmail.oidcIssuer !== null || sameEmail.oidcSubject !== null) {
          throw new OidcFailure("conflict", "The email belongs to an account linked to another identity");
        }
        const updated = await db
          .update(users)
          .set({
            oidcIssuer: profile.issuer,
            oidcSubject: profile.subject,
            ...missingProfile(sameEmail, profile),
            updatedAt: new Date(),
          })
          .where(and(eq(users.id, sameEmail.id), isNull(users.oidcIssuer), isNull(users.oidcSubject)))
          .returning({ id: users.id });
        if (updated.length > 0) return sameEmail;
        continue;
      }
    }

    const id = crypto.randomUUID();
    // Where the person's rows will live, their own row there first (docs/decisions/271-home-chosen-at-sign-up.md).
    const { home, person } = placeNewPerson(c, id);
    const timeZone = options.timeZone ?? "UTC";
    // The browser's best match (docs/product.md#your-language); the person may change it in Settings.
    const language = bestLanguage(c.req.header("Accept-Language"));
    const now = new Date();
    if (person)
      await insertPersonRow(person, {
        id,
        home,
        timeZone,
        language,
        dayBegun: firstDayOf(timeZone, now),
        createdAt: now,
      });
    try {
      await db.insert(users).values({
        id,
        username: null,
        email: verifiedEmail,
        firstName: profile.firstName,
        lastName: profile.lastName,
        profileImageUrl: profile.profileImageUrl,
        oidcIssuer: profile.issuer,
        oidcSubject: profile.subject,
        home,
        timeZone,
        language,
        dayBegun: firstDayOf(timeZone, now),
        // On the Worker's clock (docs/decisions/238-browser-suite-runs-across-a-days-start.md).
        createdAt: now,
      });
      return { id, home, username: null, email: verifiedEmail };
    } catch (err) {
      if (person) await forgetPersonRow(person, id);
      console.warn("oidc user insert lost a race, looking again", err instanceof Error ? err.message : err);
    }
  }
  throw new OidcFailure("provider", "Could not link or create the user");
}
