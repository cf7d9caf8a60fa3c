/**
 * A throwaway PostgreSQL cluster: `initdb` in a temporary directory, `postgres` on a free
 * loopback port with its socket in that directory, trust authentication for the role `bis`,
 * no fsync (nothing here must survive a crash), and `stop()` ends it and removes the directory.
 *
 * Used by the server's PostgreSQL test project (packages/server/test/support/pg-global-setup.ts),
 * by examples/multi-instance and by `npm test`'s install step (`postgresBinDir`). Needs the
 * PostgreSQL server binaries: Debian's `postgresql` package puts them in
 * /usr/lib/postgresql/<major>/bin (not on PATH); `PG_BIN` overrides where they are looked for.
 *
 * `initdb` refuses to run as root: as root, initdb, pg_ctl and the server run as the `postgres`
 * system user (which the package creates) in a temporary directory that user owns.
 */
import { execFile, execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

/** The role every cluster made here has (superuser, trust authentication on loopback). */
export const POSTGRES_USER = "bis";

/** The directory of `initdb` and `pg_ctl`: PG_BIN, else the newest /usr/lib/postgresql/N/bin, else PATH. */
export function postgresBinDir() {
  const candidates = [];
  if (process.env.PG_BIN) candidates.push(process.env.PG_BIN);
  const debian = "/usr/lib/postgresql";
  if (existsSync(debian)) {
    const majors = readdirSync(debian)
      .filter((name) => /^\d+$/.test(name))
      .sort((a, b) => Number(b) - Number(a));
    for (const major of majors) candidates.push(path.join(debian, major, "bin"));
  }
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) if (dir) candidates.push(dir);
  return candidates.find((dir) => existsSync(path.join(dir, "initdb"))) ?? null;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** `{ uid, gid }` of the `postgres` system user, or null when there is none. */
function postgresSystemUser() {
  try {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    return { uid, gid };
  } catch {
    return null;
  }
}

/** The command line that runs `file args` as `postgres` when we are root, else as ourselves. */
function asClusterOwner(asPostgres, file, args) {
  if (!asPostgres) return [file, args];
  if (existsSync("/usr/sbin/runuser") || existsSync("/sbin/runuser"))
    return ["runuser", ["-u", "postgres", "--", file, ...args]];
  const quoted = [file, ...args].map((a) => `'${String(a).replaceAll("'", "'\\''")}'`).join(" ");
  return ["su", ["postgres", "-s", "/bin/sh", "-c", quoted]];
}

function runAs(asPostgres, cwd, file, args) {
  const [cmd, argv] = asClusterOwner(asPostgres, file, args);
  return new Promise((resolve, reject) => {
    execFile(cmd, argv, { cwd, encoding: "utf8" }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${file} ${args.join(" ")} failed: ${stderr || error.message}`));
      else resolve(stdout);
    });
  });
}

/**
 * Creates and starts a cluster; resolves to `{ port, host, user, url, urlFor(database), stop() }`
 * where `url` is the cluster's `postgres` maintenance database. `stop()` (also run when this
 * process exits) stops the server at once and removes the directory.
 *
 * `maxConnections` (default 300) leaves room for several BIS instances with their pools.
 */
export async function startPostgresCluster({ maxConnections = 300 } = {}) {
  const bin = postgresBinDir();
  if (!bin)
    throw new Error(
      "PostgreSQL server binaries not found: install them (Debian: apt-get install postgresql) or set PG_BIN to the directory of initdb and pg_ctl.",
    );
  const asPostgres = process.getuid?.() === 0;
  const owner = asPostgres ? postgresSystemUser() : null;
  if (asPostgres && !owner)
    throw new Error("Running as root needs the `postgres` system user (initdb refuses root).");

  const dir = mkdtempSync(path.join(tmpdir(), "bis-pg-"));
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const dataDir = path.join(dir, "data");
  const pgCtl = path.join(bin, "pg_ctl");
  let running = false;
  let removed = false;

  function removeNow() {
    if (running) {
      try {
        const [cmd, argv] = asClusterOwner(asPostgres, pgCtl, [
          "-D",
          dataDir,
          "stop",
          "-m",
          "immediate",
          "-w",
        ]);
        execFileSync(cmd, argv, { cwd: dir, stdio: "ignore" });
      } catch {}
      running = false;
    }
    if (!removed) rmSync(dir, { recursive: true, force: true });
    removed = true;
  }
  process.once("exit", removeNow);

  try {
    await runAs(asPostgres, dir, path.join(bin, "initdb"), [
      "-D",
      dataDir,
      "-U",
      POSTGRES_USER,
      "--auth=trust",
      "--encoding=UTF8",
      "--locale=C",
      "--no-sync",
    ]);
    // A port found free can be taken before the server binds it: try a few.
    let port = 0;
    for (let attempt = 1; !running; attempt++) {
      port = await freePort();
      const options = [
        `-p ${port}`,
        `-k ${dir}`,
        "-c listen_addresses=127.0.0.1",
        "-c fsync=off",
        "-c synchronous_commit=off",
        "-c full_page_writes=off",
        `-c max_connections=${maxConnections}`,
      ].join(" ");
      try {
        await runAs(asPostgres, dir, pgCtl, [
          "-D",
          dataDir,
          "-l",
          path.join(dir, "server.log"),
          "-o",
          options,
          "-t",
          "60",
          "-w",
          "start",
        ]);
        running = true;
      } catch (error) {
        if (attempt >= 3) {
          const log = path.join(dir, "server.log");
          const tail = existsSync(log) ? readFileSync(log, "utf8").slice(-2000) : "";
          throw new Error(`${error.message}\n${tail}`);
        }
      }
    }
    const host = "127.0.0.1";
    const urlFor = (database) => `postgres://${POSTGRES_USER}@${host}:${port}/${database}`;
    return {
      host,
      port,
      user: POSTGRES_USER,
      dir,
      url: urlFor("postgres"),
      urlFor,
      async stop() {
        process.removeListener("exit", removeNow);
        if (running) {
          await runAs(asPostgres, dir, pgCtl, [
            "-D",
            dataDir,
            "stop",
            "-m",
            "immediate",
            "-w",
          ]).catch(() => {});
          running = false;
        }
        removeNow();
      },
    };
  } catch (error) {
    process.removeListener("exit", removeNow);
    removeNow();
    throw error;
  }
}
