import { Button, Card, Loader, Stack, Text, Title } from "@mantine/core";
import { IconCalendarPlus, IconPlaylist, IconRefresh } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { lazyWhenOpened } from "../../../components/lazy-when-opened";
import { isIsoDay, nextSunday, todayIso } from "../../../lib/service-dates";
import { useCurrentUser } from "../../../lib/session";
import { useAvailabilityCounts } from "../../availability/api";
import { usePlaylistPermissions } from "../components/playlist-share-modal";
import { useServices } from "./list-api";
import { mergePages } from "./service-list";
import { ServiceRow } from "./service-row";
import classes from "./services.module.css";
import { ServicesCalendar } from "./services-calendar";

const PlanServiceDialog = lazyWhenOpened(
  async () => (await import("./plan-service-dialog")).PlanServiceDialog,
);

/** The address's chosen day: `?date=yyyy-MM-dd` (links from a song's history open the calendar there). */
export const DAY_PARAM = "date";

/**
 * A choir's services: the coming ones first (the soonest at the top), then the past ones, a page at a time; a
 * calendar that marks the days with a service and plans one on a chosen day; "Plan a service" for those who may.
 * Each row opens the playlist's own page.
 */
export function ServicesPage({ choirId }: { choirId: string }) {
  const { t } = useTranslation();
  const today = todayIso();
  const [params, setParams] = useSearchParams();
  const requested = params.get(DAY_PARAM);
  const day = isIsoDay(requested) ? requested : null;
  const choirRef = useMemo(() => ({ choirId }), [choirId]);
  const { canEdit } = usePlaylistPermissions(choirRef);
  const { data: user } = useCurrentUser();
  const isMember = Boolean(user?.choirs.some((choir) => choir.id === choirId));
  const upcoming = useServices(choirId, "upcoming", today);
  const past = useServices(choirId, "past", today);
  const [planning, setPlanning] = useState<{ day: string } | null>(null);

  const setDay = (next: string | null) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next) updated.set(DAY_PARAM, next);
        else updated.delete(DAY_PARAM);
        return updated;
      },
      { replace: true },
    );

  const plan = (on: string) => setPlanning({ day: on });
  const upcomingRows = mergePages(upcoming.data?.pages ?? []);
  const pastRows = mergePages(past.data?.pages ?? []);
  // Who sings on the coming services, by part (the choir's members only; an outsider never gets this far).
  const counts = useAvailabilityCounts(
    choirId,
    upcomingRows.map((item) => item.id),
    isMember,
  );
  const countsOf = new Map((counts.data?.playlists ?? []).map((entry) => [entry.playlistId, entry]));
  const isEmpty = upcoming.isSuccess && past.isSuccess && upcomingRows.length === 0 && pastRows.length === 0;

  return (
    <div className={classes.layout} data-testid="services-page">
      <div className={classes.head}>
        <Title order={1}>{t("playlists.list.title")}</Title>
        {canEdit ? (
          <Button
            leftSection={<IconCalendarPlus size={20} aria-hidden="true" />}
            onClick={() => plan(day && day >= today ? day : nextSunday(today))}
            data-testid="services-plan"
          >
            {t("playlists.list.plan")}
          </Button>
        ) : null}
      </div>

      <section className={classes.upcoming} aria-labelledby="services-upcoming-title">
        <Stack gap="sm">
          <Title order={2} size="h3" id="services-upcoming-title">
            {t("playlists.list.upcoming")}
          </Title>
          {upcoming.isPending ? (
            <Loader size="sm" aria-label={t("playlists.list.loading")} />
          ) : upcoming.isError ? (
            <LoadFailed onRetry={() => void upcoming.refetch()} />
          ) : isEmpty ? (
            <EmptyChoir canPlan={canEdit} onPlan={() => plan(nextSunday(today))} />
          ) : upcomingRows.length === 0 ? (
            <Text c="dimmed" data-testid="services-upcoming-none">
              {canEdit ? t("playlists.list.noneComingPlan") : t("playlists.list.noneComing")}
            </Text>
          ) : (
            <ul className={classes.rows} data-testid="services-upcoming">
              {upcomingRows.map((item, index) => (
                <ServiceRow key={item.id} item={item} isNext={index === 0} counts={countsOf.get(item.id)} />
              ))}
            </ul>
          )}
          {upcoming.hasNextPage ? (
            <MoreButton
              loading={upcoming.isFetchingNextPage}
              onClick={() => void upcoming.fetchNextPage()}
              label={t("playlists.list.moreUpcoming")}
              testId="services-more-upcoming"
            />
          ) : null}
        </Stack>
      </section>

      <ServicesCalendar choirId={choirId} day={day} onDay={setDay} onPlan={canEdit ? plan : undefined} />

      {pastRows.length > 0 || past.isError ? (
        <section className={classes.past} aria-labelledby="services-past-title">
          <Stack gap="sm">
            <Title order={2} size="h3" id="services-past-title">
              {t("playlists.list.past")}
            </Title>
            {past.isError ? (
              <LoadFailed onRetry={() => void past.refetch()} />
            ) : (
              <ul className={classes.rows} data-testid="services-past">
                {pastRows.map((item) => (
                  <ServiceRow key={item.id} item={item} />
                ))}
              </ul>
            )}
            {past.hasNextPage ? (
              <MoreButton
                loading={past.isFetchingNextPage}
                onClick={() => void past.fetchNextPage()}
                label={t("playlists.list.morePast")}
                testId="services-more-past"
              />
            ) : null}
          </Stack>
        </section>
      ) : null}

      <PlanServiceDialog
        opened={planning !== null}
        onClose={() => setPlanning(null)}
        choirId={choirId}
        day={planning?.day ?? today}
      />
    </div>
  );
}

function MoreButton({
  loading,
  onClick,
  label,
  testId,
}: {
  loading: boolean;
  onClick: () => void;
  label: string;
  testId: string;
}) {
  return (
    <Button variant="default" loading={loading} onClick={onClick} w="fit-content" data-testid={testId}>
      {label}
    </Button>
  );
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack align="flex-start" gap="xs" role="alert" data-testid="services-load-error">
      <Text c="red.8">{t("playlists.list.loadFailed")}</Text>
      <Button
        variant="default"
        leftSection={<IconRefresh size={20} aria-hidden="true" />}
        onClick={onRetry}
        data-testid="services-retry"
      >
        {t("playlists.page.retry")}
      </Button>
    </Stack>
  );
}

/** A choir with no service yet: what to do (plan the first), or, for a singer, that the list fills as it is planned. */
function EmptyChoir({ canPlan, onPlan }: { canPlan: boolean; onPlan: () => void }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="xl" data-testid="services-empty">
      <Stack align="center" gap="sm" ta="center">
        <IconPlaylist size={40} aria-hidden="true" />
        <Title order={3} size="h4">
          {t("playlists.list.emptyTitle")}
        </Title>
        <Text c="dimmed" maw={460}>
          {canPlan ? t("playlists.list.emptyPlan") : t("playlists.list.emptySinger")}
        </Text>
        {canPlan ? (
          <Button
            leftSection={<IconCalendarPlus size={20} aria-hidden="true" />}
            onClick={onPlan}
            data-testid="services-empty-plan"
          >
            {t("playlists.list.planFirst")}
          </Button>
        ) : null}
      </Stack>
    </Card>
  );
}
