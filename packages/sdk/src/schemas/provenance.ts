import { z } from "zod";

/** How a figure was obtained: every figure carries its source and grade. */
export const dataGradeSchema = z.enum(["measured", "modeled", "sample"]);
export type DataGrade = z.infer<typeof dataGradeSchema>;

export const provenanceSchema = z.object({
  source: z.string(),
  vintage: z.string(),
  grade: dataGradeSchema,
});
export type Provenance = z.infer<typeof provenanceSchema>;

/** Provenance of a computed figure: plus how it was computed. */
export const figureProvenanceSchema = provenanceSchema.extend({ method: z.string() });
export type FigureProvenance = z.infer<typeof figureProvenanceSchema>;
