/** `bis analyses list|show|delete`: your analyses (administrators delete through the admin API). */
import { hasErrorCode } from "@bis/sdk/constants";
import { CliError } from "../errors.js";
import type { GlobalOptions, Io } from "../io.js";
import { respond } from "../session.js";
import { analysesListDoc, analysisDoc, text } from "../ui/index.js";
import { type PageOptions, showList } from "./paging.js";

export function list(options: GlobalOptions & PageOptions, io: Io): Promise<number> {
  return showList(options, io, {
    noun: "analyses",
    command: "bis analyses list",
    pageOf: (client) => (q) => client.analyses.page(q),
    doc: analysesListDoc,
  });
}

export function show(options: GlobalOptions & { id: string }, io: Io): Promise<number> {
  return respond(options, io, async ({ client }) => {
    const analysis = await client.analyses.get(options.id);
    return { data: analysis, doc: analysisDoc(analysis) };
  });
}

/**
 * The server has no user-level delete of an analysis today: deletion goes through the
 * administrators' bulk delete (DELETE /api/admin/analyses/bulk), so only administrators can.
 */
export async function remove(options: GlobalOptions & { ids: string[] }, io: Io): Promise<number> {
  const { ids } = options;
  if (ids.length === 0) throw new CliError("Give at least one analysis id.");
  return respond(options, io, async ({ client }) => {
    const result = await client.admin.bulkDeleteAnalyses(ids).catch((error: unknown) => {
      if (hasErrorCode(error, "ADMIN_REQUIRED"))
        throw new CliError(
          "Only administrators can delete analyses (the server has no delete for your own analyses yet).",
          "Ask an administrator, or delete it in the admin panel.",
        );
      throw error;
    });
    const all = result.deletedCount === ids.length;
    return {
      data: result,
      doc: [
        text(
          `Deleted ${result.deletedCount} of ${ids.length} ${ids.length === 1 ? "analysis" : "analyses"}.`,
          all ? "success" : "warning",
        ),
      ],
      code: all ? 0 : 1,
    };
  });
}
