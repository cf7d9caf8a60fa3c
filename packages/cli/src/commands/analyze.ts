/** `bis analyze`: one market analysis, summarized (figures with source and grade, cities, services). */
import { validate } from "../batch/rows.js";
import { CliError } from "../errors.js";
import type { GlobalOptions, Io } from "../io.js";
import { withSession } from "../session.js";
import { analysisDoc, createUi } from "../ui/index.js";

export interface AnalyzeOptions extends GlobalOptions {
  city: string;
  state: string;
  industry?: string;
  primary?: string | number;
  secondary?: string | number;
}

export async function run(options: AnalyzeOptions, io: Io): Promise<number> {
  const ui = createUi(io, options);
  const request = validate({
    city: options.city ?? "",
    state: (options.state ?? "").toUpperCase(),
    industry: options.industry ?? "HVAC",
    primary: options.primary ?? 10,
    secondary: options.secondary ?? 15,
  });
  if (!request.ok)
    throw new CliError(request.message, "See `bis analyze --help` for the accepted values.");
  return withSession(options, io, async ({ client }) => {
    // An unknown city answers 422 with near names, which become the hint (errors.ts).
    const created = await client.analyses.analyze(request.value);
    const analysis = await client.analyses.get(created.analysis.id);
    await ui.result(analysis, analysisDoc(analysis));
    return 0;
  });
}
