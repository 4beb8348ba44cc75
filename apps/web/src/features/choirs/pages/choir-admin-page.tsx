import { Alert, Button, Card, Grid, Stack, Text, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import {
  IconArrowLeft,
  IconClipboardCheck,
  IconFileAnalytics,
  IconShieldCheck,
  IconTemplate,
} from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { LoadingView } from "../../../components/loading-view";
import { PageLayout } from "../../../components/page-layout";
import { ApiError } from "../../../lib/api-client";
import { useCurrentUser } from "../../../lib/session";
import { ChoirReminderSetting } from "../../availability/components/reminder-settings";
import { useChoir } from "../api";
import { isChoirAdmin } from "../choir-form";
import { ChoirDetails } from "../components/choir-details";
import { ChoirNameEditor } from "../components/choir-name-editor";
import classes from "../components/choirs.module.css";
import { DangerZone } from "../components/danger-zone";
import { EmailInvitations } from "../components/email-invitations";
import { InviteMemberForm } from "../components/invite-member-form";
import { MemberList } from "../components/member-list";
import { PlaylistEditingSetting } from "../components/playlist-editing-setting";
import { ShareableLinks } from "../components/shareable-links";
import { ChoirVoicePartsSetting } from "../components/voice-parts";

/** /choir/{choirId}/admin: the choir, its members and, for administrators, everything to run it. */
export function ChoirAdminPage() {
  const { t } = useTranslation();
  const { choirId = "" } = useParams();
  const { data: user } = useCurrentUser();
  const { data: choir, isPending, error } = useChoir(choirId);
  useDocumentTitle(`${choir?.name ?? t("choir.admin.title")} · ${t("app.name")}`);

  if (isPending || !user) {
    return (
      <PageLayout size="lg" back="/dashboard">
        <LoadingView message={t("choir.admin.loading")} />
      </PageLayout>
    );
  }

  if (error || !choir) {
    const isNotFound = error instanceof ApiError && (error.status === 404 || error.status === 400);
    return (
      <PageLayout size="sm" back="/dashboard">
        <Stack gap="md" data-testid={isNotFound ? "choir-not-found" : "choir-error"}>
          <Title order={1}>{isNotFound ? t("choir.admin.notFoundTitle") : t("choir.admin.errorTitle")}</Title>
          {isNotFound ? (
            <Text size="lg">{t("choir.admin.notFound")}</Text>
          ) : (
            <Text size="lg" className={classes.dangerText} role="alert">
              {t("choir.admin.loadFailed")}
            </Text>
          )}
          <Button
            component={Link}
            to="/dashboard"
            variant="default"
            w="fit-content"
            leftSection={<IconArrowLeft size={20} aria-hidden="true" />}
          >
            {t("createChoir.backToDashboard")}
          </Button>
        </Stack>
      </PageLayout>
    );
  }

  const isAdmin = isChoirAdmin(choir, user.id);

  return (
    <PageLayout size="lg" back="/dashboard" title={choir.name}>
      <Grid gap="lg" data-testid="choir-admin-page">
        <Grid.Col span={{ base: 12, md: isAdmin ? 8 : 12 }}>
          <Stack gap="lg">
            <ChoirNameEditor choir={choir} canEdit={isAdmin} />
            <ChoirDetails choir={choir} canEdit={isAdmin} />
            {isAdmin ? (
              <Alert
                variant="light"
                icon={<IconShieldCheck size={24} aria-hidden="true" />}
                title={t("choir.admin.panelTitle")}
                data-testid="admin-panel-intro"
              >
                {t("choir.admin.panelIntro")}
              </Alert>
            ) : null}
            <MemberList choir={choir} currentUserId={user.id} canManage={isAdmin} />
            {isAdmin ? (
              <>
                <InviteMemberForm choirId={choir.id} />
                <EmailInvitations choirId={choir.id} />
                <ShareableLinks choirId={choir.id} />
              </>
            ) : null}
          </Stack>
        </Grid.Col>
        {isAdmin ? (
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="lg" component="aside" aria-label={t("choir.admin.sidebar")}>
              <Card component="section" aria-labelledby="templates-title">
                <Title order={2} size="h3" id="templates-title">
                  {t("choir.admin.templatesTitle")}
                </Title>
                <Text mt={4}>{t("choir.admin.templatesDescription")}</Text>
                <Button
                  mt="md"
                  component={Link}
                  to={`/choir/${choir.id}/playlist-templates`}
                  variant="default"
                  leftSection={<IconTemplate size={20} aria-hidden="true" />}
                  classNames={{ root: classes.wrappingButton, label: classes.wrappingLabel }}
                  data-testid="choir-templates-link"
                >
                  {t("choir.admin.templatesLink")}
                </Button>
              </Card>
              <Card component="section" aria-labelledby="song-usage-title">
                <Title order={2} size="h3" id="song-usage-title">
                  {t("choir.admin.songUsageTitle")}
                </Title>
                <Text mt={4}>{t("choir.admin.songUsageDescription")}</Text>
                <Button
                  mt="md"
                  component={Link}
                  to={`/choir/${choir.id}/song-usage`}
                  variant="default"
                  leftSection={<IconFileAnalytics size={20} aria-hidden="true" />}
                  classNames={{ root: classes.wrappingButton, label: classes.wrappingLabel }}
                  data-testid="choir-song-usage-link"
                >
                  {t("choir.admin.songUsageLink")}
                </Button>
              </Card>
              <Card component="section" aria-labelledby="attendance-title">
                <Title order={2} size="h3" id="attendance-title">
                  {t("choir.admin.attendanceTitle")}
                </Title>
                <Text mt={4}>{t("choir.admin.attendanceDescription")}</Text>
                <Button
                  mt="md"
                  component={Link}
                  to={`/choir/${choir.id}/attendance`}
                  variant="default"
                  leftSection={<IconClipboardCheck size={20} aria-hidden="true" />}
                  classNames={{ root: classes.wrappingButton, label: classes.wrappingLabel }}
                  data-testid="choir-attendance-link"
                >
                  {t("choir.admin.attendanceLink")}
                </Button>
              </Card>
              <ChoirReminderSetting choirId={choir.id} />
              <PlaylistEditingSetting choir={choir} />
              <ChoirVoicePartsSetting choir={choir} />
              <DangerZone choir={choir} />
            </Stack>
          </Grid.Col>
        ) : null}
      </Grid>
    </PageLayout>
  );
}
