import "@mantine/core/styles/Table.css";
import type { SongUsageRow } from "@choir/contract";
import { Alert, Anchor, Button, Card, Stack, Table, Text, Title } from "@mantine/core";
import { useDocumentTitle, useMediaQuery } from "@mantine/hooks";
import { IconFileAnalytics, IconRefresh } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams, useSearchParams } from "react-router";
import { LoadingView } from "../../../components/loading-view";
import { PageLayout } from "../../../components/page-layout";
import {
  ReportRangeControls,
  useRangeInAddress,
  useReportDownload,
  useReportGate,
} from "../../../components/report-range";
import { NetworkError } from "../../../lib/api-client";
import { useCurrentUser } from "../../../lib/session";
import { downloadSongUsage, useSongUsage } from "../api";
import classes from "../components/song-usage.module.css";
import { formatSungDay, rangeProblem, usageRangeFrom } from "../history";

/** The network text when the server could not be reached; otherwise the page's own text for the failure. */
function failureKey(error: unknown, fallbackKey: string): string {
  return error instanceof NetworkError ? error.messageKey : fallbackKey;
}

const ROW_CREDITS = ["composer", "lyricist", "copyright"] as const;

/** Composer, lyricist and copyright of a row, those that are set, each named; null when none is. */
function RowCredits({ row }: { row: SongUsageRow }) {
  const { t } = useTranslation();
  const credits = ROW_CREDITS.filter((name) => row[name]);
  if (credits.length === 0) return null;
  return (
    <ul className={classes.credits} data-testid="song-usage-credits">
      {credits.map((name) => (
        <li key={name}>
          <span className={classes.creditName}>{t(`songs.credits.${name}`)}:</span> {row[name]}
        </li>
      ))}
    </ul>
  );
}

/**
 * /choir/{choirId}/song-usage: the songs the choir's playlists of a date range held (the last twelve months by
 * default), each with how often, when last, its CCLI number and credits, for licence reports; downloadable as CSV.
 * The range lives in the address (`from`, `to`), so a report can be shared or reopened.
 */
export function SongUsagePage() {
  const { t } = useTranslation();
  const { choirId = "" } = useParams();
  const [params] = useSearchParams();
  const { data: user } = useCurrentUser();
  const choir = user?.choirs.find((c) => c.id === choirId);
  useDocumentTitle(`${t("songs.usage.title")}${choir ? ` · ${choir.name}` : ""} · ${t("app.name")}`);
  const range = usageRangeFrom(params);
  const problem = rangeProblem(range);
  const usage = useSongUsage(choirId, choir && !problem ? range : null);
  const isPhone = useMediaQuery("(max-width: 48em)", false, { getInitialValueInEffect: false });
  const back = `/choir/${choirId}/admin`;

  const setRange = useRangeInAddress(range);
  const { isDownloading, download } = useReportDownload(
    () => downloadSongUsage(choirId, range.from, range.to),
    {
      done: "songs.usage.downloaded",
      failed: "songs.usage.downloadFailed",
    },
  );
  const gate = useReportGate({
    isLoading: !user,
    isAllowed: Boolean(choir),
    loadingMessage: t("songs.usage.loading"),
    back,
    testId: "song-usage-not-found",
  });
  if (gate || !choir) return gate;

  let body: ReactNode;
  if (problem) {
    body = (
      <Alert color="red" variant="light" role="alert" data-testid="song-usage-range-error">
        {t(`songs.usage.range.${problem}`)}
      </Alert>
    );
  } else if (usage.isPending) {
    body = <LoadingView message={t("songs.usage.loading")} />;
  } else if (usage.isError) {
    body = (
      <Stack align="flex-start" gap="sm" role="alert" data-testid="song-usage-error">
        <Text className={classes.dangerText} fw={600}>
          {t(failureKey(usage.error, "songs.usage.loadFailed"))}
        </Text>
        <Button
          variant="default"
          leftSection={<IconRefresh size={20} aria-hidden="true" />}
          onClick={() => void usage.refetch()}
          loading={usage.isFetching}
          data-testid="song-usage-retry"
        >
          {t("songs.usage.retry")}
        </Button>
      </Stack>
    );
  } else if (usage.data.length === 0) {
    body = (
      <Card withBorder padding="lg" data-testid="song-usage-empty">
        <Stack align="center" gap="xs" ta="center">
          <IconFileAnalytics size={40} aria-hidden="true" className={classes.emptyIcon} />
          <Text fw={600} size="lg">
            {t("songs.usage.empty")}
          </Text>
          <Text c="dimmed">{t("songs.usage.emptyHint")}</Text>
        </Stack>
      </Card>
    );
  } else {
    const total = usage.data.reduce((sum, row) => sum + row.count, 0);
    // A song the reader may not read is counted without its title and credits: a placeholder, not a link.
    const songLink = (row: SongUsageRow) =>
      row.isHidden || row.title === null ? (
        <Text
          component="span"
          fs="italic"
          title={t("songs.usage.hiddenSongHint")}
          data-testid="song-usage-hidden"
        >
          {t("songs.usage.hiddenSong")}
        </Text>
      ) : (
        <Anchor component={Link} to={`/songs/${row.songId}?choirId=${choirId}`} fw={600}>
          {row.title}
        </Anchor>
      );
    body = (
      <Stack gap="sm">
        <Text fw={600} role="status" data-testid="song-usage-count">
          {t("songs.usage.summary", {
            songs: t("songs.usage.songs", { count: usage.data.length }),
            times: t("songs.usage.times", { count: total }),
          })}
        </Text>
        {isPhone ? (
          <ul className={classes.cards} aria-label={t("songs.usage.title")}>
            {usage.data.map((row) => (
              <li
                key={row.songId}
                className={classes.card}
                data-testid="song-usage-row"
                data-song-id={row.songId}
              >
                {songLink(row)}
                <Text size="sm">
                  <span data-testid="song-usage-count-cell" data-count={row.count}>
                    {t("songs.usage.sungTimes", { count: row.count })}
                  </span>
                  {" · "}
                  <span className={classes.date} data-testid="song-usage-last-sung">
                    {t("songs.history.lastSung", { date: formatSungDay(row.lastSung) })}
                  </span>
                </Text>
                {row.ccli ? <Text size="sm">{t("songs.usage.ccliNumber", { number: row.ccli })}</Text> : null}
                <RowCredits row={row} />
              </li>
            ))}
          </ul>
        ) : (
          <Table striped withTableBorder verticalSpacing="sm" className={classes.table}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t("songs.usage.columns.title")}</Table.Th>
                <Table.Th scope="col" ta="end">
                  {t("songs.usage.columns.count")}
                </Table.Th>
                <Table.Th scope="col">{t("songs.usage.columns.lastSung")}</Table.Th>
                <Table.Th scope="col">{t("songs.usage.columns.ccli")}</Table.Th>
                <Table.Th scope="col">{t("songs.usage.columns.credits")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {usage.data.map((row) => (
                <Table.Tr key={row.songId} data-testid="song-usage-row" data-song-id={row.songId}>
                  <Table.Td className={classes.wrap}>{songLink(row)}</Table.Td>
                  <Table.Td ta="end" data-testid="song-usage-count-cell">
                    {row.count}
                  </Table.Td>
                  <Table.Td className={classes.dateCell} data-testid="song-usage-last-sung">
                    {formatSungDay(row.lastSung)}
                  </Table.Td>
                  <Table.Td className={classes.nowrap}>{row.ccli ?? "—"}</Table.Td>
                  <Table.Td className={classes.wrap}>
                    {ROW_CREDITS.some((name) => row[name]) ? <RowCredits row={row} /> : "—"}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    );
  }

  return (
    <PageLayout size="lg" back={back} title={t("songs.usage.title")}>
      <Stack gap="lg" data-testid="song-usage-page">
        <Stack gap={4}>
          <Title order={1}>{t("songs.usage.title")}</Title>
          <Text size="lg" c="dimmed">
            {choir.name}
          </Text>
          <Text>{t("songs.usage.description")}</Text>
        </Stack>
        <ReportRangeControls
          range={range}
          onChange={setRange}
          labels={{ from: t("songs.usage.from"), to: t("songs.usage.to") }}
          testId="song-usage"
          download={{
            label: t("songs.usage.download"),
            onClick: () => void download(),
            loading: isDownloading,
            disabled: Boolean(problem) || !usage.data?.length,
          }}
        />
        {body}
      </Stack>
    </PageLayout>
  );
}
