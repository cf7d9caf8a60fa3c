/**
 * The routes of the API, registered from the SDK's endpoint table (`endpoints`): a route file
 * names the endpoint and gives its handler; this adapter takes the method and path from the
 * table, refuses callers the endpoint's `access` does not admit (401/403 before any handler
 * runs), parses the query and the body with the endpoint's schemas (400 with every field's
 * message), and writes the handler's answer with the endpoint's status. Outside production it
 * also checks every JSON answer against the endpoint's response schema, and every error code a
 * handler throws against the entry's `errors` list (endpoint-errors.ts: plus the codes every
 * route and the entry's access may answer), so a handler cannot drift from what the clients
 * parse and switch on; an answer or a code that does not match is a 500 naming the entry.
 *
 * A handler that answers by itself (a file, a stream, a redirect, a status of its own) writes to
 * `res` (or pipes a stream into it); the adapter then writes nothing. `assertComplete` fails the
 * start-up when an endpoint of the table has no route, and `on` when one would get two. A
 * middleware wrapped in `beforeAccess` runs before the access check (the others after it).
 */
import {
  allEndpoints,
  type Endpoint,
  type Input,
  loadEndpointSchema,
  loadZodSchema,
  type Output,
  type ParamsOf,
  type User,
} from "@bis/sdk";
import { type Request, type RequestHandler, type Response, Router } from "express";
import type { z } from "zod";
import { parse } from "../lib/errors.js";
import type { AccountService } from "../services/accounts/index.js";
import { allowedErrors, undeclaredError } from "./endpoint-errors.js";
import { currentUser, requireAdmin, requireUser } from "./session.js";

/** The caller an endpoint's access admits. */
type CallerOf<E extends Endpoint> = E["access"] extends "user" | "admin"
  ? User
  : E["access"] extends "optional"
    ? User | null
    : undefined;

/** What a handler gets: the request's parsed parts and the caller. */
export interface Call<E extends Endpoint> {
  req: Request;
  res: Response;
  params: ParamsOf<E>;
  /** The query string parsed with the endpoint's schema (raw `req.query` without one). */
  query: E["query"] extends object ? Output<E["query"]> : Request["query"];
  /** The JSON body parsed with the endpoint's schema. */
  body: E["body"] extends object ? Output<E["body"]> : undefined;
  user: CallerOf<E>;
}

/** The answer: what the response schema describes (the adapter writes it), or nothing. */
type Answer<E extends Endpoint> = E["response"] extends object
  ? Input<E["response"]> | undefined
  : unknown;

export type Handler<E extends Endpoint> = (call: Call<E>) => Promise<Answer<E>> | Answer<E>;

const BEFORE_ACCESS = Symbol("beforeAccess");

/**
 * A middleware of `on` that runs before the access check rather than after it: a rate limit
 * that also counts signed-out attempts, a 404 that must not tell whether the path exists.
 */
export function beforeAccess(middleware: RequestHandler): RequestHandler {
  const wrapped: RequestHandler = (req, res, next) => middleware(req, res, next);
  return Object.assign(wrapped, { [BEFORE_ACCESS]: true });
}

/** Registers the routes of some endpoints on one Express router. */
export interface EndpointRoutes {
  /** The router, to mount at the `mount` path given to `routes()`. */
  readonly router: Router;
  /**
   * The route of `endpoint`: middlewares (rate limits, body readers) first, the handler last.
   * The access check runs before the middlewares (except those wrapped in `beforeAccess`).
   */
  on<E extends Endpoint>(endpoint: E, ...chain: [...RequestHandler[], Handler<E>]): void;
  /** The CORS preflight (OPTIONS) of some endpoints: the browser's, not a call of the table. */
  preflight(of: readonly Endpoint[], handler: RequestHandler): void;
}

export interface EndpointRegistry {
  /**
   * A new router for some of the endpoints (mounted where their body must be read), at `mount`
   * (a prefix of every path it serves: requests elsewhere never walk its routes).
   */
  routes(mount?: string): EndpointRoutes;
  /** The endpoints that have a route. */
  registered(): readonly Endpoint[];
  /** Throws unless every endpoint of the table has a route. */
  assertComplete(): void;
}

export function createEndpointRegistry({
  accounts,
  checkResponses,
}: {
  accounts: AccountService;
  /**
   * Checks every JSON answer against its schema and every thrown code against the entry's
   * `errors` (development and tests).
   */
  checkResponses: boolean;
}): EndpointRegistry {
  const seen = new Set<Endpoint>();

  /** 401/403 before the handler, as the endpoint's access says. */
  const gate: Partial<Record<Endpoint["access"], RequestHandler>> = {
    user: requireUser(accounts),
    admin: requireAdmin(accounts),
    optional: async (req, _res, next) => {
      // A bad token or session reads as signed out here: the answer is the public one.
      await currentUser(req, accounts).catch(() => null);
      next();
    },
  };

  function routes(mount = ""): EndpointRoutes {
    const router = Router();
    /** The endpoint's path on this router. */
    const pathOn = (endpoint: Endpoint) => {
      if (!endpoint.path.startsWith(`${mount}/`))
        throw new Error(`${endpoint.method} ${endpoint.path} is not under ${mount}`);
      return endpoint.path.slice(mount.length);
    };
    return {
      router,
      preflight(of, handler) {
        router.options(of.map(pathOn), handler);
      },
      on(endpoint, ...chain) {
        if (seen.has(endpoint))
          throw new Error(`${endpoint.method} ${endpoint.path} has two routes`);
        const path = pathOn(endpoint);
        seen.add(endpoint);
        const handler = chain.pop() as Handler<typeof endpoint>;
        const middlewares = chain as RequestHandler[];
        const schemas = loadSchemas(endpoint, checkResponses);
        // Once loaded, a request reads them without waiting a turn for the promise.
        let loaded: Awaited<typeof schemas> | undefined;
        // A schema that fails to load fails the endpoint's requests, not the process.
        schemas.then((s) => (loaded = s)).catch(() => undefined);
        // A handler that streams its answer (a PDF: a file answer) pipes into `res` before the
        // first byte.
        const mayPipe = endpoint.read !== undefined;
        const allowed = allowedErrors(endpoint);
        const route: RequestHandler = async (req, res) => {
          const { query, body, response } = loaded ?? (await schemas);
          let piped = false;
          const onPipe = () => {
            piped = true;
          };
          if (mayPipe) res.once("pipe", onPipe);
          let answer: unknown;
          try {
            answer = await handler({
              req,
              res,
              params: req.params as ParamsOf<typeof endpoint>,
              query: query ? parse(query, req.query) : req.query,
              body: body ? parse(body, req.body) : undefined,
              user: (endpoint.access === "user" ||
              endpoint.access === "admin" ||
              endpoint.access === "optional"
                ? (req.currentUser ?? null)
                : undefined) as never,
            } as Call<typeof endpoint>);
          } catch (error) {
            const undeclared = checkResponses && undeclaredError(endpoint, allowed, error);
            if (!undeclared) throw error;
            req.log?.error({ err: undeclared }, "undeclared error code");
            throw undeclared;
          }
          if (mayPipe) res.off("pipe", onPipe);
          if (res.headersSent || piped) return;
          if (answer === undefined) {
            res.status(endpoint.status ?? 204).end();
            return;
          }
          if (checkResponses && response) checkAnswer(endpoint, response, answer);
          res.status(endpoint.status ?? 200).json(answer);
        };
        const access = gate[endpoint.access];
        const first = middlewares.filter((m) => BEFORE_ACCESS in m);
        const after = middlewares.filter((m) => !(BEFORE_ACCESS in m));
        const method = endpoint.method.toLowerCase() as Lowercase<Endpoint["method"]>;
        router[method](path, ...first, ...(access ? [access] : []), ...after, route);
      },
    };
  }

  return {
    routes,
    registered: () => [...seen],
    assertComplete() {
      const missing = allEndpoints.filter((e) => !seen.has(e));
      if (missing.length > 0)
        throw new Error(
          `Endpoints without a route: ${missing.map((e) => `${e.method} ${e.path}`).join(", ")}`,
        );
    },
  };
}

/**
 * An endpoint's schemas, loaded once (at start-up, before the first request needs them); its
 * answer's only when answers are checked.
 */
async function loadSchemas(endpoint: Endpoint, withResponse: boolean) {
  const [query, body, response] = await Promise.all([
    endpoint.query && loadZodSchema(endpoint.query),
    endpoint.body && loadZodSchema(endpoint.body),
    withResponse && endpoint.response && loadEndpointSchema(endpoint.response),
  ]);
  return { query, body, response };
}

/** The answer as a client reads it (JSON), checked against the response schema. */
function checkAnswer(
  endpoint: Endpoint,
  schema: { parse(data: unknown): unknown },
  answer: unknown,
): void {
  try {
    schema.parse(JSON.parse(JSON.stringify(answer)));
  } catch (error) {
    const issues = (error as Partial<z.ZodError>).issues
      ?.slice(0, 5)
      .map((i) => `${i.path.join(".") || "(answer)"}: ${i.message}`)
      .join("; ");
    throw new Error(
      `The answer of ${endpoint.method} ${endpoint.path} does not match its schema: ${issues ?? String(error)}`,
    );
  }
}
