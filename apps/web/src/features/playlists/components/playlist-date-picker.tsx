import "@mantine/dates/styles.css";
import { Button, Group } from "@mantine/core";
import { DateInput, DatesProvider } from "@mantine/dates";
import { IconCalendar, IconCalendarDown } from "@tabler/icons-react";
import { type FocusEvent, type KeyboardEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import "../../../lib/dayjs-language";
import { currentLanguage } from "../../../lib/i18n";
import { DATE_FORMAT, isIsoDay, todayIso } from "../playlist-for-date";
import classes from "./playlists.module.css";

export interface PlaylistDatePickerProps {
  day: string;
  /** A new day, or null (cleared) for today. */
  onChange: (day: string | null) => void;
}

/**
 * The 'select date' picker: yyyy-MM-dd, month and year levels in the calendar (click its title), a today button,
 * no minimum or maximum; a cleared input means today and a typed date that is not one shows 'Date input not valid.'.
 */
export function PlaylistDatePicker({ day, onChange }: PlaylistDatePickerProps) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const language = currentLanguage();

  const checkTyped = (text: string) => {
    const value = text.trim();
    if (value === "") {
      setError(null);
      onChange(null);
    } else if (isIsoDay(value)) {
      setError(null);
      onChange(value);
    } else {
      setError(t("playlists.datePicker.invalid"));
    }
  };

  return (
    <DatesProvider settings={{ locale: language, firstDayOfWeek: language === "es" ? 1 : 0 }}>
      <Group gap="sm" align="flex-end" wrap="nowrap" className={classes.datePicker}>
        <DateInput
          className={classes.dateInput}
          label={t("playlists.datePicker.label")}
          value={day}
          valueFormat={DATE_FORMAT}
          dateParser={(input) => (isIsoDay(input.trim()) ? input.trim() : null)}
          onChange={(value) => {
            setError(null);
            onChange(value && isIsoDay(value) ? value : null);
          }}
          onBlur={(event: FocusEvent<HTMLInputElement>) => checkTyped(event.currentTarget.value)}
          onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
            if (event.key === "Enter") checkTyped(event.currentTarget.value);
          }}
          fixOnBlur={false}
          clearable
          clearButtonProps={{ "aria-label": t("playlists.datePicker.clear") }}
          error={error}
          leftSection={<IconCalendar size={18} aria-hidden="true" />}
          popoverProps={{ withinPortal: true }}
          data-testid="playlist-date-input"
        />
        <Button
          variant="default"
          onClick={() => {
            setError(null);
            onChange(todayIso());
          }}
          leftSection={<IconCalendarDown size={18} aria-hidden="true" />}
          data-testid="playlist-date-today"
          className={classes.todayButton}
        >
          {t("playlists.datePicker.today")}
        </Button>
      </Group>
    </DatesProvider>
  );
}
