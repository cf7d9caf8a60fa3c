/** The development outbox: mail sent without SMTP (404 in production). */
import { listOf, schemasOf } from "../schema-ref.js";
import type { Transport } from "../transport.js";

const entities = schemasOf(() => import("../../schemas/entities.js"));
const messages = listOf("messages", entities("outboxMessageSchema"));

export function devResource(t: Transport) {
  return {
    /** `{ messages }`, newest first. */
    outbox: () =>
      t
        .request({ method: "GET", path: "/api/dev/outbox", schema: messages })
        .then((list) => ({ messages: list })),
  };
}
