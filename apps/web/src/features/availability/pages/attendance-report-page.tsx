import "@mantine/core/styles/Table.css";
import { type AttendanceReport, AVAILABILITY_LIMITS } from "@choir/contract";
import { Alert, Button, Card, Stack, Table, Text, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { IconClipboardCheck, IconRefresh } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useParams, useSearchParams } from "react-router";
import { LoadingView } from "../../../components/loading-view";
import { PageLayout } from "../../../components/page-layout";
import {
  type ReportRange,
  ReportRangeControls,
  useRangeInAddress,
  useReportDownload,
  useReportGate,
} from "../../../components/report-range";
import { todayIso } from "../../../lib/service-dates";
import { useCurrentUser } from "../../../lib/session";
import { downloadAttendance, useAttendanceReport } from "../api";
import classes from "../components/availability.module.css";
import { partTitle } from "../components/who-answered";
import { reportRangeEndingOn } from "../report-range";

/** The report's period from the address; the last three months up to today where a date is missing. */
export function reportRangeFrom(params: URLSearchParams, today: string = todayIso()): ReportRange {
  const fallback = reportRangeEndingOn(today);
  return { from: params.get("from") || fallback.from, to: params.get("to") || fallback.to };
}

/** What is wrong with a period, if anything: the server's own rules, told before it is asked. */
export function reportRangeProblem(range: ReportRange): "invalid" | "order" | "tooLong" | null {
  const day = (value: string) => Date.parse(`${value}T00:00:00Z`);
  if (Number.isNaN(day(range.from)) || Number.isNaN(day(range.to))) return "invalid";
  if (range.from > range.to) return "order";
  if ((day(range.to) - day(range.from)) / 86_400_000 >= AVAILABILITY_LIMITS.reportRangeDaysMax)
    return "tooLong";
  return null;
}

const percent = (rate: number | null, none: string) => (rate === null ? none : `${Math.round(rate * 100)} %`);

/**
 * /choir/{choirId}/attendance: who came to the services whose attendance was taken in a period (the last three months
 * by default), by voice part and by person, with rates; downloadable as CSV. For the choir's administrators.
 */
export function AttendanceReportPage() {
  const { t } = useTranslation();
  const { choirId = "" } = useParams();
  const [params] = useSearchParams();
  const { data: user } = useCurrentUser();
  const choir = user?.choirs.find((c) => c.id === choirId);
  useDocumentTitle(`${t("availability.report.title")}${choir ? ` · ${choir.name}` : ""} · ${t("app.name")}`);
  const range = reportRangeFrom(params);
  const problem = reportRangeProblem(range);
  const isAdmin = choir?.role === "ChoirAdmin";
  const report = useAttendanceReport(choirId, isAdmin && !problem ? range : null);
  const back = `/choir/${choirId}/admin`;

  const setRange = useRangeInAddress(range);
  const { isDownloading, download } = useReportDownload(
    () => downloadAttendance(choirId, range.from, range.to),
    {
      done: "availability.report.downloaded",
      failed: "availability.report.downloadFailed",
    },
  );
  const gate = useReportGate({
    isLoading: !user,
    isAllowed: isAdmin,
    loadingMessage: t("availability.report.loading"),
    back,
    testId: "attendance-report-not-found",
  });
  if (gate || !choir) return gate;

  let body: ReactNode;
  if (problem) {
    body = (
      <Alert color="red" variant="light" role="alert" data-testid="attendance-report-range-error">
        {t(`availability.report.range.${problem}`)}
      </Alert>
    );
  } else if (report.isPending) {
    body = <LoadingView message={t("availability.report.loading")} />;
  } else if (report.isError) {
    body = (
      <Stack align="flex-start" gap="sm" role="alert" data-testid="attendance-report-error">
        <Text fw={600}>{t("availability.report.loadFailed")}</Text>
        <Button
          variant="default"
          leftSection={<IconRefresh size={20} aria-hidden="true" />}
          onClick={() => void report.refetch()}
          loading={report.isFetching}
        >
          {t("availability.report.retry")}
        </Button>
      </Stack>
    );
  } else if (report.data.services.length === 0) {
    body = (
      <Card withBorder padding="lg" data-testid="attendance-report-empty">
        <Stack align="center" gap="xs" ta="center">
          <IconClipboardCheck size={40} aria-hidden="true" />
          <Text fw={600} size="lg">
            {t("availability.report.empty")}
          </Text>
          <Text c="dimmed">{t("availability.report.emptyHint")}</Text>
        </Stack>
      </Card>
    );
  } else {
    body = <ReportTables report={report.data} />;
  }

  return (
    <PageLayout size="lg" back={back} title={t("availability.report.title")}>
      <Stack gap="lg" data-testid="attendance-report-page">
        <Stack gap={4}>
          <Title order={1}>{t("availability.report.title")}</Title>
          <Text size="lg" c="dimmed">
            {choir.name}
          </Text>
          <Text>{t("availability.report.description")}</Text>
        </Stack>
        <ReportRangeControls
          range={range}
          onChange={setRange}
          labels={{ from: t("availability.report.from"), to: t("availability.report.to") }}
          testId="attendance-report"
          download={{
            label: t("availability.report.download"),
            onClick: () => void download(),
            loading: isDownloading,
            disabled: Boolean(problem) || !report.data?.services.length,
          }}
        />
        {body}
      </Stack>
    </PageLayout>
  );
}

function ReportTables({ report }: { report: AttendanceReport }) {
  const { t } = useTranslation();
  const none = t("availability.report.noRate");
  const came = (attended: number, services: number) =>
    t("availability.report.attendedOf", { attended, services });
  return (
    <Stack gap="lg">
      <Text fw={600} role="status" data-testid="attendance-report-services">
        {t("availability.report.services", { count: report.services.length })}
      </Text>
      <section aria-labelledby="attendance-by-part">
        <Title order={2} size="h4" id="attendance-by-part" mb="xs">
          {t("availability.report.byPart")}
        </Title>
        <Table striped withTableBorder verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t("availability.report.part")}</Table.Th>
              <Table.Th scope="col" ta="end">
                {t("availability.report.members")}
              </Table.Th>
              <Table.Th scope="col" ta="end">
                {t("availability.report.rate")}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.parts.map((part) => (
              <Table.Tr
                key={part.part ?? "none"}
                data-testid="attendance-report-part"
                data-part={part.part ?? ""}
              >
                <Table.Td className={classes.wrap}>{partTitle(t, part.part)}</Table.Td>
                <Table.Td ta="end">{part.members}</Table.Td>
                <Table.Td ta="end" data-testid="attendance-report-part-rate">
                  {percent(part.rate, none)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </section>
      <section aria-labelledby="attendance-by-person">
        <Title order={2} size="h4" id="attendance-by-person" mb="xs">
          {t("availability.report.byPerson")}
        </Title>
        <Table striped withTableBorder verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t("availability.report.person")}</Table.Th>
              <Table.Th scope="col" ta="end">
                {t("availability.report.attended")}
              </Table.Th>
              <Table.Th scope="col" ta="end">
                {t("availability.report.rate")}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.people.map((person) => (
              <Table.Tr key={person.memberId} data-testid="attendance-report-person">
                <Table.Td className={classes.wrap}>
                  {person.name}
                  <Text size="sm" c="dimmed">
                    {partTitle(t, person.voicePart)}
                  </Text>
                </Table.Td>
                <Table.Td ta="end" className={classes.status}>
                  {came(person.attended, person.services)}
                </Table.Td>
                <Table.Td ta="end" className={classes.status}>
                  {percent(person.rate, none)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </section>
    </Stack>
  );
}
