/**
 * @bis/sdk/node — Node-only entry: a client for scripts, the CLI and tests, on undici with a
 * keep-alive pool and a cookie jar (so a session survives between calls, as in a browser).
 */
import { Agent, getSetCookies, Headers as UndiciHeaders, fetch as undiciFetch } from "undici";
import { createClient } from "./client/client.js";
import type { FetchLike, TransportOptions } from "./client/transport.js";

export * from "./index.js";

/** A minimal cookie jar for one server: name → value, honouring deletion by expiry. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(headers: UndiciHeaders): void {
    for (const cookie of getSetCookies(headers)) {
      const expired =
        cookie.maxAge !== undefined
          ? cookie.maxAge <= 0
          : cookie.expires !== undefined && new Date(cookie.expires).getTime() <= Date.now();
      if (expired || cookie.value === "") this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }

  header(): string | undefined {
    if (this.cookies.size === 0) return undefined;
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  clear(): void {
    this.cookies.clear();
  }
}

export interface NodeClientOptions extends Omit<TransportOptions, "fetch"> {
  baseUrl: string;
  /** A personal API token, sent as `Authorization: Bearer`. */
  token?: string;
  /** Keep cookies between calls (default true). */
  cookies?: boolean;
}

export function createNodeClient(options: NodeClientOptions) {
  const jar = new CookieJar();
  const dispatcher = new Agent({ keepAliveTimeout: 10_000 });
  const origin = new URL(options.baseUrl).origin;
  const useCookies = options.cookies ?? true;

  const nodeFetch: FetchLike = async (input, init) => {
    const headers = new UndiciHeaders(init.headers as Record<string, string> | undefined);
    // A script is not a browser: it speaks for its own origin, which the server's
    // cross-site check accepts for cookie-bearing writes.
    if (!headers.has("Origin")) headers.set("Origin", origin);
    const cookie = useCookies ? jar.header() : undefined;
    if (cookie) headers.set("Cookie", cookie);
    const response = await undiciFetch(input, {
      method: init.method,
      headers,
      body: init.body as string | undefined,
      signal: init.signal,
      redirect: "manual",
      dispatcher,
    });
    if (useCookies) jar.store(response.headers);
    return response as unknown as Response;
  };

  const headers = { ...options.headers };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  const client = createClient({ ...options, headers, fetch: nodeFetch });
  return { ...client, cookies: jar, fetch: nodeFetch, close: () => dispatcher.close() };
}

export type NodeClient = ReturnType<typeof createNodeClient>;
