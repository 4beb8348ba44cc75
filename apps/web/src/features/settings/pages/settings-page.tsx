import {
  Button,
  Card,
  Group,
  SegmentedControl,
  Stack,
  Text,
  ThemeIcon,
  Title,
  useMantineColorScheme,
} from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { IconBell, IconCalendar, IconLanguage, IconPalette, IconUser } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { PageLayout } from "../../../components/page-layout";
import { currentLanguage, LANGUAGE_NAMES, SUPPORTED_LANGUAGES, setLanguage } from "../../../lib/i18n";
import { useCurrentUser } from "../../../lib/session";
import { CalendarAddress } from "../../availability/components/calendar-address";
import { MyReminderSwitch } from "../../availability/components/reminder-settings";
import { NameForm } from "../../profile/components/name-form";

function SectionHeader({ icon, title, id }: { icon: ReactNode; title: string; id: string }) {
  return (
    <Group gap="sm" wrap="nowrap">
      <ThemeIcon size={40} radius="md" variant="light" aria-hidden="true">
        {icon}
      </ThemeIcon>
      <Title order={2} size="h3" id={id}>
        {title}
      </Title>
    </Group>
  );
}

export function SettingsPage() {
  const { t, i18n } = useTranslation();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const { data: user } = useCurrentUser();
  useDocumentTitle(`${t("settings.title")} · ${t("app.name")}`);
  const active = currentLanguage();

  return (
    <PageLayout size="sm" back="/dashboard" title={t("settings.title")}>
      <Stack gap="lg" data-testid="settings-page" data-language={i18n.language}>
        <Title order={1}>{t("settings.title")}</Title>

        <Card component="section" aria-labelledby="settings-language">
          <SectionHeader
            icon={<IconLanguage size={22} />}
            title={t("settings.language.title")}
            id="settings-language"
          />
          <Text mt="sm" c="dimmed">
            {t("settings.language.description")}
          </Text>
          <Group mt="md" gap="sm">
            {SUPPORTED_LANGUAGES.map((language) => (
              <Button
                key={language}
                lang={language}
                variant={active === language ? "filled" : "default"}
                aria-pressed={active === language}
                onClick={() => void setLanguage(language)}
                data-testid={`language-${language}`}
              >
                {LANGUAGE_NAMES[language]}
              </Button>
            ))}
          </Group>
        </Card>

        <Card component="section" aria-labelledby="settings-appearance">
          <SectionHeader
            icon={<IconPalette size={22} />}
            title={t("settings.appearance.title")}
            id="settings-appearance"
          />
          <Text mt="sm" c="dimmed">
            {t("settings.appearance.description")}
          </Text>
          <SegmentedControl
            mt="md"
            fullWidth
            aria-labelledby="settings-appearance"
            value={colorScheme}
            onChange={(value) => setColorScheme(value as "light" | "dark" | "auto")}
            data={[
              { value: "light", label: t("settings.appearance.light") },
              { value: "dark", label: t("settings.appearance.dark") },
              { value: "auto", label: t("settings.appearance.auto") },
            ]}
          />
        </Card>

        <Card component="section" aria-labelledby="settings-profile" data-testid="settings-profile">
          <SectionHeader
            icon={<IconUser size={22} />}
            title={t("settings.profile.title")}
            id="settings-profile"
          />
          <Text mt="sm" c="dimmed">
            {t("settings.profile.description")}
          </Text>
          {user ? (
            <Text mt="xs" style={{ overflowWrap: "anywhere" }} data-testid="settings-email">
              {t("settings.profile.email", { email: user.email })}
            </Text>
          ) : null}
          <NameForm />
        </Card>

        <Card component="section" aria-labelledby="settings-calendar" data-testid="settings-calendar">
          <SectionHeader
            icon={<IconCalendar size={22} />}
            title={t("availability.calendar.title")}
            id="settings-calendar"
          />
          <Text mt="sm" mb="md" c="dimmed">
            {t("availability.calendar.description")}
          </Text>
          <CalendarAddress />
        </Card>

        <Card component="section" aria-labelledby="settings-reminders" data-testid="settings-reminders">
          <SectionHeader
            icon={<IconBell size={22} />}
            title={t("availability.reminders.title")}
            id="settings-reminders"
          />
          <Text mt="sm" mb="md" c="dimmed">
            {t("availability.reminders.description")}
          </Text>
          <MyReminderSwitch />
        </Card>
      </Stack>
    </PageLayout>
  );
}
