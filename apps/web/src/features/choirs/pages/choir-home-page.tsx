import { Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { IconUsers } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { LoadingView } from "../../../components/loading-view";
import { PageLayout } from "../../../components/page-layout";
import { useCurrentUser } from "../../../lib/session";
import { useChoir } from "../api";

/**
 * /choir/{choirId}, …/songs and …/playlists until the choir's songs and playlists arrive: the choir's name and
 * the way to its details and members.
 */
export function ChoirHomePage() {
  const { t } = useTranslation();
  const { choirId = "" } = useParams();
  const { data: user } = useCurrentUser();
  const { data: choir, isPending } = useChoir(choirId);
  // Failing to load the choir here only falls back to the user's own list, then a default title.
  const knownName = choir?.name ?? user?.choirs.find((c) => c.id === choirId)?.name;
  const name = knownName ?? t("choir.home.defaultTitle");
  useDocumentTitle(`${name} · ${t("app.name")}`);

  return (
    <PageLayout size="md" back="/dashboard" title={name}>
      {isPending && !knownName ? (
        <LoadingView />
      ) : (
        <Stack gap="lg" data-testid="choir-home-page">
          <Title order={1} data-testid="choir-name">
            {name}
          </Title>
          <Card>
            <Text size="lg">{t("choir.home.comingSoon")}</Text>
            <Group mt="lg">
              <Button
                component={Link}
                to={`/choir/${choirId}/admin`}
                leftSection={<IconUsers size={20} aria-hidden="true" />}
                data-testid="choir-admin-link"
              >
                {t("choir.home.adminLink")}
              </Button>
            </Group>
          </Card>
        </Stack>
      )}
    </PageLayout>
  );
}
