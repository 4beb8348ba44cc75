import localizedFormat from "dayjs/plugin/localizedFormat";
import { dayjs } from "./dayjs-language";
import { currentLanguage } from "./i18n";

dayjs.extend(localizedFormat);

/** A calendar date in the current language, e.g. "March 5, 2025" or "5 de marzo de 2025". */
export function formatDate(value: string | Date, format = "LL"): string {
  return dayjs(value).locale(currentLanguage()).format(format);
}

/** Date and time in the current language. */
export function formatDateTime(value: string | Date): string {
  return formatDate(value, "LLL");
}
