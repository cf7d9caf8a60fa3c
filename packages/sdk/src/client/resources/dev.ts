/** The development outbox: mail sent without SMTP (404 in production). */
import { endpoints } from "../../api/endpoints.js";
import type { Transport } from "../transport.js";

export function devResource(t: Transport) {
  return {
    /** `{ messages }`, newest first. */
    outbox: () => t.call(endpoints.site.outbox).then((list) => ({ messages: list })),
  };
}
