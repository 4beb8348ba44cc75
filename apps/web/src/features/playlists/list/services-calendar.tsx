import "@mantine/dates/styles.css";
import { Button, Card, Loader, Stack, Text, Title } from "@mantine/core";
import { DatePicker, DatesProvider } from "@mantine/dates";
import { IconCalendarPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import "../../../lib/dayjs-language";
import { currentLanguage } from "../../../lib/i18n";
import { formatLongDay, todayIso } from "../../../lib/service-dates";
import { useServiceDays, useServicesOn } from "./list-api";
import { ServiceRow } from "./service-row";
import classes from "./services.module.css";

export interface ServicesCalendarProps {
  choirId: string;
  /** The chosen day (yyyy-MM-dd), or null. */
  day: string | null;
  onDay: (day: string | null) => void;
  /** Plans a service on a day; absent for those who may not plan. */
  onPlan?: (day: string) => void;
}

/**
 * The month with the days that have a service marked. Choosing a day lists its services (each opening its playlist)
 * with a way to plan one more there; a free day offers to plan one.
 */
export function ServicesCalendar({ choirId, day, onDay, onPlan }: ServicesCalendarProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [month, setMonth] = useState(() => (day ?? todayIso()).slice(0, 7));
  // The chosen day's month is shown when the day changes from outside (an address with ?date=).
  const [shownDay, setShownDay] = useState(day);
  if (day !== shownDay) {
    setShownDay(day);
    if (day) setMonth(day.slice(0, 7));
  }
  const days = useServiceDays(choirId, month);
  const marked = new Set(days.data ?? []);

  return (
    <Card withBorder padding="md" className={classes.calendar} data-testid="services-calendar">
      <Stack gap="md">
        <Title order={2} size="h4">
          {t("playlists.list.calendar")}
        </Title>
        <DatesProvider settings={{ locale: language, firstDayOfWeek: language === "es" ? 1 : 0 }}>
          <DatePicker
            value={day}
            onChange={(value) => onDay(value && value !== day ? value : null)}
            date={`${month}-01`}
            onDateChange={(value) => setMonth(value.slice(0, 7))}
            allowDeselect
            highlightToday
            hideOutsideDates
            weekendDays={[]}
            getDayProps={(date) =>
              marked.has(date) ? { className: classes.marked, "data-has-service": true } : {}
            }
            getDayAriaLabel={(date) =>
              marked.has(date)
                ? t("playlists.list.dayWithServices", { day: formatLongDay(date, language) })
                : formatLongDay(date, language)
            }
            ariaLabels={{
              nextMonth: t("playlists.list.nextMonth"),
              previousMonth: t("playlists.list.previousMonth"),
              monthLevelControl: t("playlists.list.chooseMonth"),
            }}
            data-testid="services-calendar-month"
            data-loading={days.isPending || undefined}
          />
        </DatesProvider>
        {day ? <DayServices choirId={choirId} day={day} onPlan={onPlan} /> : null}
      </Stack>
    </Card>
  );
}

/** The chosen day: its services, or that nothing is planned, and planning there. */
function DayServices({
  choirId,
  day,
  onPlan,
}: {
  choirId: string;
  day: string;
  onPlan?: (day: string) => void;
}) {
  const { t } = useTranslation();
  const services = useServicesOn(choirId, day);
  const items = services.data ?? [];
  return (
    <Stack gap="sm" data-testid="services-day" data-day={day} aria-live="polite">
      <Text fw={600}>{formatLongDay(day, currentLanguage())}</Text>
      {services.isPending ? (
        <Loader size="sm" aria-label={t("common.loading")} />
      ) : services.isError ? (
        <Text c="red.8" role="alert">
          {t("playlists.list.loadFailed")}
        </Text>
      ) : items.length > 0 ? (
        <ul className={classes.rows} data-testid="services-day-rows">
          {items.map((item) => (
            <ServiceRow key={item.id} item={item} withinDay />
          ))}
        </ul>
      ) : (
        <Text size="sm" c="dimmed" data-testid="services-day-free">
          {t("playlists.list.dayFree")}
        </Text>
      )}
      {onPlan ? (
        <Button
          variant="light"
          fullWidth
          leftSection={<IconCalendarPlus size={20} aria-hidden="true" />}
          onClick={() => onPlan(day)}
          data-testid="services-plan-on-day"
        >
          {items.length > 0 ? t("playlists.list.planAnother") : t("playlists.list.planOnDay")}
        </Button>
      ) : null}
    </Stack>
  );
}
