/** Types of postgres.mjs, for the TypeScript test harness that imports it. */
export const POSTGRES_USER: string;

export function postgresBinDir(): string | null;

export interface PostgresCluster {
  host: string;
  port: number;
  user: string;
  /** The temporary directory: data, socket and server.log. */
  dir: string;
  /** The cluster's `postgres` maintenance database. */
  url: string;
  urlFor(database: string): string;
  stop(): Promise<void>;
}

export function startPostgresCluster(options?: {
  maxConnections?: number;
}): Promise<PostgresCluster>;
