/**
 * The Node HTTP server of the Express app, whose requests and responses are made with Express's
 * prototypes from the start.
 *
 * Express gives a request and its response their methods (`req.get`, `res.json`, …) by switching
 * their prototype when they arrive (`Object.setPrototypeOf` in `app.handle`). In V8 an object whose
 * prototype was switched no longer shares hidden classes with its like: every property a
 * middleware then adds (Express's router, the request log, body parsing, compression, the
 * session) made new hidden classes for that one request. Property writes took the slow path, the
 * code reading them met a new shape on every request, and the hidden classes were garbage to
 * collect: about a quarter of the CPU of a market analysis (docs/performance.md, "One shape for
 * every request").
 *
 * Here Node makes each request and response as an instance of a subclass whose prototype chain
 * holds Express's methods, and the app's `request` and `response` are those subclasses'
 * prototypes: the switch Express makes is then to the prototype the object already has, which
 * changes nothing, and every request shares one chain of hidden classes.
 */
import { createServer, IncomingMessage, type Server, ServerResponse } from "node:http";
import type { Express } from "express";

export function createHttpServer(app: Express): Server {
  class ExpressRequest extends IncomingMessage {}
  class ExpressResponse extends ServerResponse {}
  // Express's methods first, then Node's (the chain Express would have set).
  Object.setPrototypeOf(ExpressRequest.prototype, app.request);
  Object.setPrototypeOf(ExpressResponse.prototype, app.response);
  app.request = ExpressRequest.prototype as unknown as Express["request"];
  app.response = ExpressResponse.prototype as unknown as Express["response"];
  return createServer({ IncomingMessage: ExpressRequest, ServerResponse: ExpressResponse }, app);
}
