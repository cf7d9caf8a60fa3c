/** Number helpers of the competition modules (not exported by the SDK). */

export const round1 = (n: number) => Math.round(n * 10) / 10;
export const int = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
export const money = (n: number) => `$${n.toFixed(2)}`;

/** Mean review count of a list (0 for none). */
export function meanReviews(list: readonly { reviews: number | null }[]): number {
  if (list.length === 0) return 0;
  return list.reduce((a, c) => a + (c.reviews ?? 0), 0) / list.length;
}
