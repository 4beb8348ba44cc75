import { Button, Card, Stack, Text, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { IconArrowLeft } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageLayout } from "../../../components/page-layout";

export function CreateChoirPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t("createChoir.title")} · ${t("app.name")}`);
  return (
    <PageLayout size="sm" back="/dashboard" title={t("createChoir.title")}>
      <Stack gap="lg">
        <Title order={1} data-testid="create-choir-page">
          {t("createChoir.title")}
        </Title>
        <Card>
          <Text size="lg">{t("createChoir.description")}</Text>
          <Button
            mt="lg"
            variant="default"
            component={Link}
            to="/dashboard"
            leftSection={<IconArrowLeft size={20} aria-hidden="true" />}
          >
            {t("createChoir.backToDashboard")}
          </Button>
        </Card>
      </Stack>
    </PageLayout>
  );
}
