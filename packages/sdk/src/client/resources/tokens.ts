/** Personal API tokens (the CLI's credential). */
import { endpoints } from "../../api/endpoints.js";
import type { Page, PageQuery } from "../../schemas/pagination.js";
import type {
  ApiToken,
  CreatedToken,
  CreateTokenRequest,
  RenewTokenRequest,
} from "../../schemas/tokens.js";
import { getPage } from "../calls.js";
import type { Transport } from "../transport.js";

const { tokens } = endpoints;

export function tokensResource(t: Transport) {
  return {
    /**
     * Creates a personal API token for the signed-in user, or with `email` + `password` for
     * that account. The secret (`token`) is in this answer only.
     */
    create: (body: CreateTokenRequest): Promise<CreatedToken> => t.call(tokens.create, { body }),
    /** Your tokens (revoked ones included), newest first: one page; `current` marks the one in use. */
    list: (query: PageQuery = {}): Promise<ApiToken[]> =>
      getPage(t, tokens.list, query).then((p) => p.items),
    /** A page of your tokens, with `nextCursor` and `total`. */
    page: (query: PageQuery = {}): Promise<Page<ApiToken>> => getPage(t, tokens.list, query),
    /**
     * Moves one of your tokens' expiry to `expiresInDays` from now (default: 90 days for an
     * administrator, never for others). Needs a session or `email` + `password`, not a token.
     */
    renew: (id: string, body: RenewTokenRequest = {}): Promise<ApiToken> =>
      t.call(tokens.renew, { params: { id }, body }),
    /** Revokes one of your tokens (administrators: anyone's); 404 otherwise. */
    revoke: (id: string): Promise<ApiToken> => t.call(tokens.revoke, { params: { id } }),
  };
}
