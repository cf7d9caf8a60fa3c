/** Spec §7 account calls: parse, call the account service, respond. */
import {
  loginRequestSchema,
  passwordChangeRequestSchema,
  profileRequestSchema,
  registerRequestSchema,
} from "@bis/sdk";
import { Router } from "express";
import type { AppContext } from "../context.js";
import { parse } from "../http/errors.js";
import { accountCreationRateLimit, loginRateLimit } from "../http/security.js";
import { currentUser, requestHeaders, requireUser, userOf } from "../http/session.js";

export function authRoutes({ config, services: { accounts } }: AppContext): Router {
  const router = Router();
  const signedIn = requireUser(accounts);

  router.get("/user", async (req, res) => {
    const user = await currentUser(req, accounts);
    if (!user) {
      res.status(401).json({ code: "UNAUTHORIZED", message: "Not signed in" });
      return;
    }
    res.json(user);
  });

  router.post("/login", loginRateLimit(config), async (req, res) => {
    const body = parse(loginRequestSchema, req.body);
    const { user, cookies } = await accounts.login(body, requestHeaders(req));
    res.setHeader("Set-Cookie", cookies).json(user);
  });

  router.post("/register", accountCreationRateLimit(), async (req, res) => {
    const body = parse(registerRequestSchema, req.body);
    res.status(201).json(await accounts.register(body, requestHeaders(req)));
  });

  router.post("/logout", async (req, res) => {
    const cookies = await accounts.logout(requestHeaders(req));
    res.setHeader("Set-Cookie", cookies).status(204).end();
  });

  router.put("/profile", signedIn, async (req, res) => {
    const body = parse(profileRequestSchema, req.body);
    res.json(await accounts.updateProfile(userOf(req).id, body));
  });

  router.put("/password", signedIn, async (req, res) => {
    const body = parse(passwordChangeRequestSchema, req.body);
    const cookies = await accounts.changePassword(body, requestHeaders(req));
    res.setHeader("Set-Cookie", cookies).json({ message: "Password changed" });
  });

  return router;
}
