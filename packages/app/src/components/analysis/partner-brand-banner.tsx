/**
 * The partner an analysis reports under — its owner's, also for an administrator
 * looking at it: the logo and name at the top of the results page, as on the cover of its PDF
 * report, with "Data and analysis by BIS" in small print. Nothing without a partner. The logo is served by BIS (`endpoints.account.brandLogo`),
 * never loaded from the partner's site.
 */
import { endpoints } from "@bis/sdk";
import { useQuery } from "@tanstack/react-query";
import { queryOptionsOf } from "../../lib/query-options";

export function PartnerBrandBanner({ analysisId }: { analysisId: string }) {
  const brand = useQuery({
    ...queryOptionsOf(endpoints.account.analysisBrand, { id: analysisId }),
    select: (answer) => answer.brand,
  }).data;
  if (!brand) return null;
  return (
    <section
      aria-label={`Prepared by ${brand.displayName}`}
      className="flex flex-wrap items-center gap-4 rounded-lg px-4 py-3"
      style={{ backgroundColor: brand.primaryColor, color: brand.textColor }}
    >
      {brand.logoUrl ? (
        <span className="rounded-md bg-white p-1.5">
          <img
            src={brand.logoUrl}
            alt={`${brand.displayName} logo`}
            className="h-9 w-auto max-w-40 object-contain"
          />
        </span>
      ) : null}
      <div className="min-w-0">
        <p className="font-semibold break-words">{brand.displayName}</p>
        {brand.contactLine ? <p className="text-sm break-words">{brand.contactLine}</p> : null}
      </div>
      <p className="text-xs sm:ml-auto">Data and analysis by BIS</p>
    </section>
  );
}
