import dayjs from "dayjs";
import "dayjs/locale/es";
import { currentLanguage, i18n } from "./i18n";

// Day.js follows the interface language. It is loaded with the first screen that shows dates, not with the app.
dayjs.locale(currentLanguage());
i18n.on("languageChanged", () => dayjs.locale(currentLanguage()));

export { dayjs };
