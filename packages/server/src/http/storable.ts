/**
 * The request guard for text a database refuses (NUL): a path or a query value holding one is a
 * 400 naming it before any route, better-auth's included, reads it (`/api/analyses/%00`,
 * `?token=%00`). Bodies are checked where they are parsed (`parse`, lib/errors.ts).
 */
import { isUnstorable, unstorableMessage } from "@bis/sdk";
import type { RequestHandler } from "express";
import { AppError, refuseUnstorable } from "../lib/errors.js";

export const refuseUnstorableRequests: RequestHandler = (req, _res, next) => {
  let path: string;
  try {
    path = decodeURIComponent(req.path);
  } catch {
    // A malformed escape is not a stored character: the route answers it (400 or 404).
    next();
    return;
  }
  if (isUnstorable(path))
    throw new AppError("VALIDATION_FAILED", unstorableMessage("The address"), {
      issues: [{ path: "path", message: unstorableMessage("The address") }],
    });
  refuseUnstorable(req.query, ["query"]);
  next();
};

/** After a JSON body parser: a body holding text no database stores is a 400 naming the field. */
export const refuseUnstorableBodies: RequestHandler = (req, _res, next) => {
  refuseUnstorable(req.body);
  next();
};
