import type { EmailInvitation, UserChoir } from "@choir/contract";
import {
  Anchor,
  Box,
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
} from "@mantine/core";
import { useDocumentTitle, useReducedMotion } from "@mantine/hooks";
import {
  IconMusic,
  IconPlaneDeparture,
  IconPlus,
  IconSettings,
  IconSettingsCog,
  IconUsersGroup,
} from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LoadingView } from "../../../components/loading-view";
import { PageLayout } from "../../../components/page-layout";
import { touchLink } from "../../../components/touch-link";
import { ApiError, NetworkError } from "../../../lib/api-client";
import { formatDate } from "../../../lib/dates";
import { currentLanguage } from "../../../lib/i18n";
import { messageText } from "../../../lib/messages";
import { useCurrentUser } from "../../../lib/session";
import { showError, showSuccess } from "../../../lib/toast";
import { AwayDialog } from "../../availability/components/away-dialog";
import { ServiceAnswer } from "../../availability/components/service-answer";
import {
  useAcceptEmailInvitation,
  usePendingInvitations,
  useRejectEmailInvitation,
} from "../../invitations/api";
import { acceptMessage } from "../../invitations/errors";
import { SetupChecklist } from "../components/setup-checklist";
import {
  adminSetup,
  dashboardStats,
  groupInvitationsByChoir,
  splitChoirs,
  type UpcomingPlaylist,
  upcomingSubtitle,
  useManagedMemberCounts,
  useSongCount,
  useUpcomingPlaylists,
} from "../dashboard";
import classes from "../dashboard.module.css";

const SECTION_IDS = {
  choirs: "dashboard-choirs",
  managed: "dashboard-managed",
  member: "dashboard-member",
  invitations: "dashboard-invitations",
} as const;

export function DashboardPage() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const invitations = usePendingInvitations();
  const songCount = useSongCount();
  const upcoming = useUpcomingPlaylists(user?.choirs ?? [], currentLanguage());
  const memberCounts = useManagedMemberCounts(user?.choirs ?? []);
  const reduceMotion = useReducedMotion();
  useDocumentTitle(`${t("dashboard.documentTitle")} · ${t("app.name")}`);
  if (!user) return <LoadingView variant="fullscreen" />;

  const language = currentLanguage();
  const name = user.firstName || user.name || user.email;
  const pending = invitations.data ?? [];
  const stats = dashboardStats(user.choirs, pending.length);
  // Only a director has something to set up, and the checklist waits for the facts rather than flashing.
  const progress =
    memberCounts.isPending || !upcoming.isSettled
      ? null
      : adminSetup(user.choirs, {
          songCount,
          memberCounts: memberCounts.counts,
          upcomingChoirIds: upcoming.choirIds,
        });
  const { managed, member } = splitChoirs(user.choirs, language);
  const hasChoirs = user.choirs.length > 0;
  // A singer (in choirs, managing none) sees their choirs, what comes up and their invitations; founding a choir
  // and adding songs are offered to directors and to newcomers without a choir.
  const isSinger = hasChoirs && managed.length === 0;

  const scrollTo = (id: string) => {
    const target = document.getElementById(id);
    if (!target) return;
    target.scrollIntoView({ behavior: reduceMotion ? "auto" : "smooth", block: "start" });
    target.focus({ preventScroll: true });
  };

  const allStatCards = [
    { key: "total", value: stats.total, target: SECTION_IDS.choirs },
    {
      key: "asAdmin",
      value: stats.asAdmin,
      target: managed.length > 0 ? SECTION_IDS.managed : SECTION_IDS.choirs,
    },
    { key: "pendingInvites", value: stats.pendingInvites, target: SECTION_IDS.invitations },
    {
      key: "asMember",
      value: stats.asMember,
      target: member.length > 0 ? SECTION_IDS.member : SECTION_IDS.choirs,
    },
  ] as const;
  // For a singer, "as admin: 0" says nothing, and "as member" repeats the total.
  const statCards = isSinger
    ? allStatCards.filter((stat) => stat.key === "total" || stat.key === "pendingInvites")
    : allStatCards;

  const invitationsSection = (
    <section
      id={SECTION_IDS.invitations}
      tabIndex={-1}
      className={classes.section}
      aria-labelledby="invitations-title"
      data-testid="dashboard-invitations"
    >
      <Title order={2} size="h3" id="invitations-title" mb="sm">
        {t("dashboard.invitations.title")}
      </Title>
      {invitations.isPending ? (
        <LoadingView variant="minimal" size="sm" />
      ) : invitations.isError ? (
        <Text role="alert" className={classes.errorText}>
          {t("dashboard.invitations.fetchFailed")}
        </Text>
      ) : pending.length === 0 ? (
        <Text c="dimmed">{t("dashboard.invitations.empty")}</Text>
      ) : (
        <Stack gap="sm">
          {groupInvitationsByChoir(pending, language).map((group) => (
            <Card key={group.choirName} data-testid={`invitation-group-${group.choirName}`}>
              <Title order={3} size="h4" style={{ overflowWrap: "anywhere" }}>
                {group.choirName}
              </Title>
              <Stack gap="sm" mt="xs">
                {group.invitations.map((invitation) => (
                  <PendingInvitation key={invitation.invitationToken} invitation={invitation} />
                ))}
              </Stack>
            </Card>
          ))}
        </Stack>
      )}
    </section>
  );

  return (
    <PageLayout size="lg">
      <Stack gap="xl">
        <Stack gap={4}>
          <Title order={1} data-testid="dashboard-page" style={{ overflowWrap: "anywhere" }}>
            {t("dashboard.title", { name })}
          </Title>
          <Text size="lg" c="dimmed" style={{ overflowWrap: "anywhere" }}>
            {t("dashboard.signedInAs", { email: user.email })}
          </Text>
        </Stack>

        {/* What is next for this person comes first: invitations waiting for an answer, then the coming playlists. */}
        {pending.length > 0 && invitationsSection}
        {hasChoirs ? <ComingUp playlists={upcoming.playlists} isPending={upcoming.isPending} /> : null}
        {progress && progress.percent < 100 ? (
          <SetupChecklist steps={progress.steps} percent={progress.percent} />
        ) : null}

        <section
          id={SECTION_IDS.choirs}
          tabIndex={-1}
          className={classes.section}
          aria-labelledby="choirs-title"
        >
          <Title order={2} size="h3" id="choirs-title" mb="sm">
            {t("dashboard.choirs.title")}
          </Title>
          {hasChoirs ? (
            <Stack gap="lg">
              {/* Only the groups one is in: a singer is not told they manage no choir. */}
              {managed.length > 0 ? (
                <ChoirSection
                  id={SECTION_IDS.managed}
                  title={t("dashboard.choirs.managed")}
                  choirs={managed}
                  isManaged
                />
              ) : null}
              {member.length > 0 ? (
                <ChoirSection
                  id={SECTION_IDS.member}
                  title={t("dashboard.choirs.member")}
                  choirs={member}
                  isManaged={false}
                />
              ) : null}
            </Stack>
          ) : (
            <Card data-testid="dashboard-empty">
              <Stack align="center" ta="center" gap="sm" py="md">
                <ThemeIcon size={64} radius="xl" variant="light" aria-hidden="true">
                  <IconUsersGroup size={36} />
                </ThemeIcon>
                <Text fw={700} size="xl">
                  {t("dashboard.empty.title")}
                </Text>
                <Text maw={520}>{t("dashboard.empty.description")}</Text>
                <Button
                  component={Link}
                  to="/create-choir"
                  leftSection={<IconPlus size={20} aria-hidden="true" />}
                  data-testid="create-first-choir"
                >
                  {t("dashboard.empty.action")}
                </Button>
              </Stack>
            </Card>
          )}
        </section>

        {pending.length === 0 && invitationsSection}
        <SimpleGrid
          cols={{ base: 2, sm: statCards.length }}
          spacing="sm"
          component="nav"
          aria-label={t("dashboard.stats.label")}
        >
          {statCards.map((stat) => (
            <UnstyledButton
              key={stat.key}
              className={classes.stat}
              onClick={() => scrollTo(stat.target)}
              data-testid={`stat-${stat.key}`}
            >
              <span className={classes.statValue}>{stat.value}</span>
              <Text component="span" fw={600}>
                {t(`dashboard.stats.${stat.key}`)}
              </Text>
            </UnstyledButton>
          ))}
        </SimpleGrid>

        <Card component="section" aria-labelledby="quick-title">
          <Title order={2} size="h3" id="quick-title">
            {t("dashboard.quick.title")}
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2, md: isSinger ? 2 : 4 }} spacing="sm" mt="md">
            <Button
              component={Link}
              to="/songs"
              variant="default"
              leftSection={<IconMusic size={20} aria-hidden="true" />}
              data-testid="quick-songs"
            >
              {t("dashboard.quick.songs")}
            </Button>
            {isSinger ? null : (
              <>
                <Button
                  component={Link}
                  to="/create-choir"
                  variant="default"
                  leftSection={<IconUsersGroup size={20} aria-hidden="true" />}
                  data-testid="quick-create-choir"
                >
                  {t("dashboard.createChoir")}
                </Button>
                <Button
                  component={Link}
                  to="/songs/create"
                  variant="default"
                  leftSection={<IconPlus size={20} aria-hidden="true" />}
                  data-testid="quick-add-song"
                >
                  {t("dashboard.quick.addSong")}
                </Button>
              </>
            )}
            <Button
              component={Link}
              to="/settings"
              variant="default"
              leftSection={<IconSettings size={20} aria-hidden="true" />}
              data-testid="quick-settings"
            >
              {t("dashboard.settings")}
            </Button>
          </SimpleGrid>
        </Card>
      </Stack>
    </PageLayout>
  );
}

/** The next playlists of the user's choirs, each opening its detail page. */
function ComingUp({ playlists, isPending }: { playlists: UpcomingPlaylist[]; isPending: boolean }) {
  const { t } = useTranslation();
  const [isAwayOpen, setAwayOpen] = useState(false);
  return (
    <section className={classes.section} aria-labelledby="coming-up-title" data-testid="dashboard-coming-up">
      <Title order={2} size="h3" id="coming-up-title" mb="sm">
        {t("dashboard.comingUp.title")}
      </Title>
      {isPending ? (
        <Text c="dimmed">{t("dashboard.comingUp.loading")}</Text>
      ) : playlists.length === 0 ? (
        <Text c="dimmed" data-testid="coming-up-empty">
          {t("dashboard.comingUp.empty")}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" className={classes.plainList}>
          {playlists.map((playlist, index) => (
            <Card component="li" key={playlist.id} padding="sm" data-testid={`coming-up-${playlist.id}`}>
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Anchor
                    component={Link}
                    to={`/playlists/${playlist.id}`}
                    fw={700}
                    className={`${classes.choirTitle} ${touchLink}`}
                  >
                    {formatDate(playlist.date, "dddd, LL")}
                  </Anchor>
                  <Text size="sm" c="dimmed" className={classes.wrap}>
                    {upcomingSubtitle(t, playlist)}
                  </Text>
                </Stack>
                <Group gap={6} c="dimmed">
                  <IconMusic size={16} aria-hidden="true" />
                  <Text size="sm">{t("dashboard.comingUp.songs", { count: playlist.songCount })}</Text>
                </Group>
              </Group>
              {/* The next service leads: one's answer to "are you singing?" in one tap. */}
              {index === 0 ? (
                <Box mt="sm">
                  <ServiceAnswer playlistId={playlist.id} />
                </Box>
              ) : null}
            </Card>
          ))}
        </Stack>
      )}
      {playlists.length > 0 ? (
        <>
          <Button
            variant="subtle"
            mt="xs"
            leftSection={<IconPlaneDeparture size={18} aria-hidden="true" />}
            onClick={() => setAwayOpen(true)}
            data-testid="away-open"
          >
            {t("availability.away.open")}
          </Button>
          <AwayDialog opened={isAwayOpen} onClose={() => setAwayOpen(false)} />
        </>
      ) : null}
    </section>
  );
}

function ChoirSection({
  id,
  title,
  choirs,
  isManaged,
}: {
  id: string;
  title: string;
  choirs: UserChoir[];
  isManaged: boolean;
}) {
  const { t } = useTranslation();
  return (
    <section id={id} tabIndex={-1} className={classes.section} aria-labelledby={`${id}-title`}>
      <Title order={3} size="h4" id={`${id}-title`} mb="xs">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
        {choirs.map((choir) => (
          <Card key={choir.id} data-testid={`choir-card-${choir.id}`}>
            <Stack gap="xs" h="100%" justify="space-between">
              <Anchor
                component={Link}
                to={`/choir/${choir.id}/songs`}
                fw={700}
                size="lg"
                className={classes.choirTitle}
              >
                {choir.name}
              </Anchor>
              <Text size="sm" c="dimmed">
                {t(`roles.${choir.role}`)}
              </Text>
              <Group gap="xs">
                <Button
                  component={Link}
                  to={`/choir/${choir.id}/songs`}
                  size="sm"
                  leftSection={<IconMusic size={18} aria-hidden="true" />}
                  aria-label={t("dashboard.choirs.openLabel", { name: choir.name })}
                >
                  {t("dashboard.choirs.open")}
                </Button>
                {isManaged ? (
                  <Button
                    component={Link}
                    to={`/choir/${choir.id}/admin`}
                    size="sm"
                    variant="default"
                    leftSection={<IconSettingsCog size={18} aria-hidden="true" />}
                    aria-label={t("dashboard.choirs.manageLabel", { name: choir.name })}
                    data-testid={`choir-admin-${choir.id}`}
                  >
                    {t("dashboard.choirs.manage")}
                  </Button>
                ) : null}
              </Group>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </section>
  );
}

function PendingInvitation({ invitation }: { invitation: EmailInvitation }) {
  const { t } = useTranslation();
  const accept = useAcceptEmailInvitation();
  const reject = useRejectEmailInvitation();
  const isBusy = accept.isPending || reject.isPending;

  const onAccept = async () => {
    try {
      await accept.mutateAsync(invitation.invitationToken);
      showSuccess(t("dashboard.invitations.accepted", { name: invitation.choirName }));
    } catch (error) {
      showError(
        error instanceof NetworkError
          ? t(error.messageKey)
          : messageText(t, acceptMessage(error instanceof ApiError ? error.message : null)),
      );
    }
  };
  const onReject = async () => {
    try {
      await reject.mutateAsync(invitation.invitationToken);
      showSuccess(t("dashboard.invitations.rejected", { name: invitation.choirName }));
    } catch {
      showError(t("dashboard.invitations.rejectFailed"));
    }
  };

  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm" c="dimmed">
        {t("dashboard.invitations.sentOn", { date: formatDate(invitation.sentAt) })}
      </Text>
      <Group gap="xs">
        <Button
          size="sm"
          onClick={() => void onAccept()}
          loading={accept.isPending}
          disabled={isBusy && !accept.isPending}
          aria-label={t("dashboard.invitations.acceptLabel", { name: invitation.choirName })}
          data-testid={`invitation-accept-${invitation.choirName}`}
        >
          {t("dashboard.invitations.accept")}
        </Button>
        <Button
          size="sm"
          variant="default"
          onClick={() => void onReject()}
          loading={reject.isPending}
          disabled={isBusy && !reject.isPending}
          aria-label={t("dashboard.invitations.rejectLabel", { name: invitation.choirName })}
          data-testid={`invitation-reject-${invitation.choirName}`}
        >
          {t("dashboard.invitations.reject")}
        </Button>
      </Group>
    </Group>
  );
}
