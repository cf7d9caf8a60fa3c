/** `bis analyses list|show|delete`: your analyses (administrators delete through the admin API). */
import { CliError, isApiError } from "../errors.js";
import type { GlobalOptions, Io } from "../io.js";
import { withSession } from "../session.js";
import { analysesListDoc, analysisDoc, createUi, text } from "../ui/index.js";
import { type PageOptions, pageNote, readList } from "./paging.js";

export async function list(options: GlobalOptions & PageOptions, io: Io): Promise<number> {
  const ui = createUi(io, options);
  return withSession(options, io, async ({ client }) => {
    const { items, page } = await readList(options, (q) => client.analyses.page(q));
    await ui.result(items, [
      ...analysesListDoc(items),
      ...pageNote(page, "analyses", "bis analyses list"),
    ]);
    return 0;
  });
}

export async function show(options: GlobalOptions & { id: string }, io: Io): Promise<number> {
  const ui = createUi(io, options);
  return withSession(options, io, async ({ client }) => {
    const analysis = await client.analyses.get(options.id);
    await ui.result(analysis, analysisDoc(analysis));
    return 0;
  });
}

/**
 * The server has no user-level delete of an analysis today: deletion goes through the
 * administrators' bulk delete (DELETE /api/admin/analyses/bulk), so only administrators can.
 */
export async function remove(options: GlobalOptions & { ids: string[] }, io: Io): Promise<number> {
  const ui = createUi(io, options);
  if (options.ids.length === 0) throw new CliError("Give at least one analysis id.");
  return withSession(options, io, async ({ client }) => {
    try {
      const result = await client.admin.bulkDeleteAnalyses(options.ids);
      await ui.result(result, [
        text(
          `Deleted ${result.deletedCount} of ${options.ids.length} ${options.ids.length === 1 ? "analysis" : "analyses"}.`,
          result.deletedCount === options.ids.length ? "success" : "warning",
        ),
      ]);
      return result.deletedCount === options.ids.length ? 0 : 1;
    } catch (error) {
      if (isApiError(error) && error.status === 403)
        throw new CliError(
          "Only administrators can delete analyses (the server has no delete for your own analyses yet).",
          "Ask an administrator, or delete it in the admin panel.",
        );
      throw error;
    }
  });
}
