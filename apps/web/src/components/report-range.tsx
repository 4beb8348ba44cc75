import "@mantine/dates/styles.css";
import { Button, Group, Stack, Text, Title } from "@mantine/core";
import { DateInput, DatesProvider } from "@mantine/dates";
import { IconCalendar, IconDownload } from "@tabler/icons-react";
import customParseFormat from "dayjs/plugin/customParseFormat";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { NetworkError } from "../lib/api-client";
import "../lib/dates";
import { dayjs } from "../lib/dayjs-language";
import { currentLanguage } from "../lib/i18n";
import { showError, showSuccess } from "../lib/toast";
import { LoadingView } from "./loading-view";
import { PageLayout } from "./page-layout";
import classes from "./report-range.module.css";

dayjs.extend(customParseFormat);

/** The range's days as the reader writes them: "Dec 7, 2026", "7 de dic de 2026" (never yyyy-MM-dd). */
const DAY_FORMAT = "ll";

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** A day typed in the field: yyyy-MM-dd, or as the field shows days (or the longer or numeric forms) in `language`. */
export function parseTypedDay(input: string, language: string): string | null {
  const text = input.trim();
  if (isDay(text) && dayjs(text, "YYYY-MM-DD", true).isValid()) return text;
  for (const format of ["ll", "LL", "L"]) {
    const parsed = dayjs(text, format, language, true);
    if (parsed.isValid()) return parsed.format("YYYY-MM-DD");
  }
  return null;
}

/** A day field in the reader's language: picked in its calendar or typed ("Dec 7, 2026", "2026-12-07"). */
export function DayField({
  label,
  value,
  onChange,
  className,
  testId,
}: {
  label: string;
  value: string;
  onChange: (day: string) => void;
  className?: string;
  testId: string;
}) {
  const language = currentLanguage();
  return (
    <DateInput
      className={className}
      label={label}
      value={value}
      valueFormat={DAY_FORMAT}
      dateParser={(input) => parseTypedDay(input, language)}
      onChange={(next) => {
        if (next && isDay(next)) onChange(next);
      }}
      leftSection={<IconCalendar size={18} aria-hidden="true" />}
      popoverProps={{ withinPortal: true }}
      data-testid={testId}
    />
  );
}

export interface ReportRange {
  from: string;
  to: string;
}

/**
 * A report's period (the song usage and attendance reports): two date fields in the reader's language and the
 * report's CSV download, side by side on a laptop, the download across the row on a phone.
 */
export function ReportRangeControls({
  range,
  onChange,
  labels,
  testId,
  download,
}: {
  range: ReportRange;
  onChange: (next: Partial<ReportRange>) => void;
  labels: ReportRange;
  /** `{testId}-from`, `{testId}-to`, `{testId}-download`. */
  testId: string;
  download: { label: string; onClick: () => void; loading: boolean; disabled: boolean };
}) {
  const language = currentLanguage();
  const dateField = (field: keyof ReportRange) => (
    <DayField
      className={classes.dateInput}
      label={labels[field]}
      value={range[field]}
      onChange={(value) => onChange({ [field]: value })}
      testId={`${testId}-${field}`}
    />
  );
  return (
    <DatesProvider settings={{ locale: language, firstDayOfWeek: language === "es" ? 1 : 0 }}>
      <Group gap="sm" align="flex-end" wrap="wrap" className={classes.controls}>
        {dateField("from")}
        {dateField("to")}
        <Button
          variant="default"
          leftSection={<IconDownload size={20} aria-hidden="true" />}
          onClick={download.onClick}
          loading={download.loading}
          disabled={download.disabled}
          className={classes.downloadButton}
          data-testid={`${testId}-download`}
        >
          {download.label}
        </Button>
      </Group>
    </DatesProvider>
  );
}

/** A report's period kept in the page's address (`from`, `to`), so a report can be shared or reopened. */
export function useRangeInAddress(range: ReportRange): (next: Partial<ReportRange>) => void {
  const [, setParams] = useSearchParams();
  return (next) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        for (const [key, value] of Object.entries({ ...range, ...next })) updated.set(key, value);
        return updated;
      },
      { replace: true },
    );
}

/** A report's CSV download: `run` saves it and answers its file name; the toasts say how it went. */
export function useReportDownload(run: () => Promise<string>, keys: { done: string; failed: string }) {
  const { t } = useTranslation();
  const [isDownloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      const name = await run();
      showSuccess(t(keys.done, { name }));
    } catch (error) {
      showError(t(error instanceof NetworkError ? error.messageKey : keys.failed));
    } finally {
      setDownloading(false);
    }
  };
  return { isDownloading, download };
}

/**
 * What a choir's report page shows before its report: the loading view while the person is not known, the choir's
 * "not found" when they are not in it (or may not read the report); null when the report may be drawn.
 */
export function useReportGate({
  isLoading,
  isAllowed,
  loadingMessage,
  back,
  testId,
}: {
  isLoading: boolean;
  isAllowed: boolean;
  loadingMessage: string;
  back: string;
  testId: string;
}): ReactNode {
  const { t } = useTranslation();
  if (isLoading) {
    return (
      <PageLayout size="lg" back={back}>
        <LoadingView message={loadingMessage} />
      </PageLayout>
    );
  }
  if (!isAllowed) {
    return (
      <PageLayout size="sm" back="/dashboard">
        <Stack gap="md" data-testid={testId}>
          <Title order={1}>{t("choir.admin.notFoundTitle")}</Title>
          <Text size="lg">{t("choir.admin.notFound")}</Text>
        </Stack>
      </PageLayout>
    );
  }
  return null;
}
