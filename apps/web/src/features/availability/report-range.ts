import type { ReportRange } from "../../components/report-range";
import { addDays } from "../../lib/service-dates";

/** The attendance report's default period: the three months (91 days) up to `day`. */
export function reportRangeEndingOn(day: string): ReportRange {
  return { from: addDays(day, -91), to: day };
}
