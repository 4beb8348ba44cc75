import { Button, Stack, Text, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageLayout } from "../components/page-layout";

export function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t("notFound.title")} · ${t("app.name")}`);
  return (
    <PageLayout size="sm">
      <Stack gap="md" align="flex-start">
        <Title order={1}>{t("notFound.title")}</Title>
        <Text size="lg">{t("notFound.description")}</Text>
        <Button component={Link} to="/">
          {t("common.backToHome")}
        </Button>
      </Stack>
    </PageLayout>
  );
}
