/**
 * Stage 2 of the wizard, "Market Analysis Results", as the specification draws it: the three headline
 * figures of the analyze response ("N/A" when missing), each with a line saying what it
 * counts, and the way on.
 */
import { type AnalyzeResponse, defaultIndustry, industryLabel } from "@bis/sdk";
import { ArrowRight, ChartColumn, DollarSign, Home, PencilLine, Users } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { formatCurrency, formatMiles, formatNumber } from "../../lib/format";
import { Figure } from "../analysis/figure";
import { Button, buttonClasses } from "../ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "../ui/card";

export function AnalysisResultsCard({
  result,
  industry = defaultIndustry(),
  secondaryRadius,
  onModify,
}: {
  result: AnalyzeResponse;
  /** The industry analyzed (the figures are its spending); the default industry when not given. */
  industry?: string;
  /** The outer radius of the service area, in miles (what the figures cover). */
  secondaryRadius: number;
  onModify: () => void;
}) {
  const area = `within ${formatMiles(secondaryRadius)} of ${result.location}`;
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <Card>
      <CardHeader>
        <CardTitle
          ref={headingRef}
          tabIndex={-1}
          className="flex items-center gap-2 focus-visible:outline-none"
        >
          <ChartColumn className="size-5 text-brand-700" aria-hidden="true" />
          Market Analysis Results
        </CardTitle>
        <CardDescription>{result.location}</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4 sm:grid-cols-3">
          <Figure
            icon={<Users className="size-4" aria-hidden="true" />}
            label="Total Market Size"
            value={formatNumber(result.marketSize)}
            note={result.marketSize === null ? undefined : `People living ${area}`}
            provenance={result.provenance?.population}
          />
          <Figure
            icon={<Home className="size-4" aria-hidden="true" />}
            label="Target Households"
            value={formatNumber(result.households)}
            note={result.households === null ? undefined : `Households ${area}`}
            provenance={result.provenance?.households}
          />
          <Figure
            icon={<DollarSign className="size-4" aria-hidden="true" />}
            label="Avg. Annual Revenue"
            value={formatCurrency(result.avgRevenue)}
            note={
              result.avgRevenue === null
                ? undefined
                : `${industryLabel(industry)} spending per household per year, across the services modelled`
            }
            provenance={result.provenance?.revenue}
          />
        </dl>
        <p className="mt-4 text-sm text-slate-600" role="status">
          Opening your full results…
        </p>
      </CardContent>
      <CardFooter>
        <Button variant="outline" onClick={onModify}>
          <PencilLine className="size-4" aria-hidden="true" />
          Modify Analysis
        </Button>
        <Link to="/dashboard" className={buttonClasses()}>
          Continue to Step 2
          <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      </CardFooter>
    </Card>
  );
}
