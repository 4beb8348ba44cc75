import {
  ActionIcon,
  Box,
  Button,
  Group,
  Text,
  useComputedColorScheme,
  useMantineColorScheme,
} from "@mantine/core";
import { IconLanguage, IconMoon, IconMusic, IconSun } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { currentLanguage, LANGUAGE_NAMES, SUPPORTED_LANGUAGES, setLanguage } from "../lib/i18n";
import classes from "./top-bar.module.css";

/**
 * The top bar's frame and the controls that need neither the router nor the server: the landing page, which opens
 * before either is loaded, builds its bar from these, as the app's top bar does.
 */
export function TopBarFrame({ start, children }: { start: ReactNode; children: ReactNode }) {
  return (
    <Box component="header" className={classes.header}>
      <Group className={classes.inner} justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="xs" wrap="nowrap" className={classes.start}>
          {start}
        </Group>
        <Group gap="xs" wrap="nowrap">
          {children}
        </Group>
      </Group>
    </Box>
  );
}

/**
 * The brand's icon and name (or a page title); the caller makes it a link. A long title (a song's, a choir's, which
 * the page says again below) is cut at the bar's end and said in full in its title.
 */
export function BrandMark({ title }: { title?: string }) {
  const { t } = useTranslation();
  return (
    <>
      <IconMusic size={26} aria-hidden="true" className={classes.brandIcon} />
      <Text component="span" fw={700} size="lg" truncate="end" title={title} data-testid="brand-name">
        {title ?? t("app.name")}
      </Text>
    </>
  );
}

export const brandClassName = classes.brand;
/** A button of the bar that gives up some of its side padding on the narrowest phones, leaving the brand its room. */
export const narrowButtonClassName = classes.narrowButton;

export function ColorSchemeToggle() {
  const { t } = useTranslation();
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme("light");
  const label = computed === "dark" ? t("topBar.lightMode") : t("topBar.darkMode");
  return (
    <ActionIcon
      variant="default"
      size="xl"
      aria-label={label}
      title={label}
      onClick={() => setColorScheme(computed === "dark" ? "light" : "dark")}
    >
      {computed === "dark" ? (
        <IconSun size={22} aria-hidden="true" />
      ) : (
        <IconMoon size={22} aria-hidden="true" />
      )}
    </ActionIcon>
  );
}

/** Signed out, the language choice is one button naming the other language in its own words. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const active = currentLanguage(i18n);
  const other = SUPPORTED_LANGUAGES.find((language) => language !== active) ?? active;
  const name = LANGUAGE_NAMES[other];
  return (
    <Button
      variant="default"
      h={44}
      px="sm"
      leftSection={<IconLanguage size={20} aria-hidden="true" />}
      classNames={{ root: classes.narrowButton, section: classes.languageIcon }}
      onClick={() => void setLanguage(other)}
      aria-label={t("topBar.switchLanguage", { language: name })}
      data-testid="language-switch"
    >
      {/* On a phone the button names the language by its code, leaving the brand its room. */}
      <span lang={other} className={classes.languageName}>
        {name}
      </span>
      <span aria-hidden="true" className={classes.languageCode}>
        {other.toUpperCase()}
      </span>
    </Button>
  );
}
