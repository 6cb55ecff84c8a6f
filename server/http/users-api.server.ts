import { Router } from "express";
import { creditHistoryQuerySchema } from "#domain/credits";
import { listCreditHistory } from "../credits/history.server";
import { clearSessionCookie } from "../auth/session-cookie.server";
import type { Services } from "../services.server";
import { userFolder } from "../styles/styles.server";
import { signupNoticeCookie } from "../users/signup-notice.server";
import { deleteAccount, getProfile } from "../users/users.server";
import { AppError } from "./errors.server";
import { requireApiUser, requireSessionUser } from "./require-user.server";

export function usersApi(getServices: () => Promise<Services>): Router {
  const router = Router();

  // Spec: POST /api/users/new ensures the record (with the sign-up grant) exactly once.
  // Any API request does (requireApiUser); this one says whether it was made now.
  router.post("/new", async (req, res) => {
    const services = await getServices();
    const { id, recordCreated: created, grantUsedBefore, apiKeyId } = await requireApiUser(req, services);
    const profile = await getProfile({ db: services.database.db, userId: id });
    // The browser signing up is told, on its first page, why the balance is 0.
    if (grantUsedBefore && apiKeyId === null)
      res.setHeader("Set-Cookie", signupNoticeCookie(services.config.auth.secureCookies));
    res.status(created ? 201 : 200).json({ created, user: profile });
  });

  // The spec's users/{uid} read: the signed-in user's own profile.
  router.get("/me", async (req, res) => {
    const services = await getServices();
    const user = await requireApiUser(req, services);
    const profile = await getProfile({ db: services.database.db, userId: user.id });
    if (!profile) throw new AppError("not_found", "No such user.");
    res.setHeader("Cache-Control", "no-store");
    res.json({ user: profile });
  });

  // The signed-in user's credit history, newest first; `before` pages back.
  router.get("/me/credits", async (req, res) => {
    const services = await getServices();
    const user = await requireApiUser(req, services);
    const { before } = creditHistoryQuerySchema.parse(req.query);
    res.setHeader("Cache-Control", "no-store");
    res.json(await listCreditHistory(services.database.db, { userId: user.id, before }));
  });

  // Spec: DELETE /api/users/user → {success: true}.
  router.delete("/user", async (req, res) => {
    const services = await getServices();
    const user = await requireSessionUser(req, services);
    const success = await deleteAccount({
      db: services.database.db,
      userId: user.id,
      addressHashSecret: services.config.credits.addressHashSecret,
    });
    // Rows went by cascade; the files go with them. This process forgets the sessions at once.
    services.sessions.forgetUser(user.id);
    if (success) await services.storage.deletePrefix(userFolder(user.id));
    res.setHeader("Set-Cookie", clearSessionCookie(services.config.auth.secureCookies));
    res.json({ success });
  });

  return router;
}
