import {
  ActionIcon,
  Avatar,
  Badge,
  Box,
  Group,
  Menu,
  Text,
  Tooltip,
  UnstyledButton,
  useComputedColorScheme,
  useMantineColorScheme,
} from "@mantine/core";
import {
  IconArrowLeft,
  IconCheck,
  IconLanguage,
  IconLogout,
  IconMoon,
  IconMusic,
  IconSettings,
  IconSun,
  IconUser,
} from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router";
import {
  currentLanguage,
  LANGUAGE_NAMES,
  type Language,
  SUPPORTED_LANGUAGES,
  setLanguage,
} from "../lib/i18n";
import { getInitials } from "../lib/initials";
import { signOut, useCurrentUser } from "../lib/session";
import { authToken } from "../lib/storage";
import classes from "./top-bar.module.css";

export interface TopBarProps {
  /** Defaults to the product name. */
  title?: string;
  /** Shows a back button: a path to go to, or true to go back in history. */
  back?: string | true;
  /** Extra controls on the right, before the profile menu. */
  action?: ReactNode;
}

export function TopBar({ title, back, action }: TopBarProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: user } = useCurrentUser();
  const hasSession = Boolean(user && authToken.get());

  const goBack = () => {
    if (back === true) navigate(-1);
    else if (back) navigate(back);
  };

  return (
    <Box component="header" className={classes.header}>
      <Group className={classes.inner} justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="xs" wrap="nowrap" className={classes.start}>
          {back ? (
            <Tooltip label={t("topBar.back")}>
              <ActionIcon variant="subtle" size="xl" onClick={goBack} aria-label={t("topBar.back")}>
                <IconArrowLeft size={26} aria-hidden="true" />
              </ActionIcon>
            </Tooltip>
          ) : null}
          <Link to={hasSession ? "/dashboard" : "/"} className={classes.brand} aria-label={t("topBar.home")}>
            <IconMusic size={26} aria-hidden="true" className={classes.brandIcon} />
            <Text component="span" fw={700} size="lg" truncate="end">
              {title ?? t("app.name")}
            </Text>
          </Link>
        </Group>
        <Group gap="xs" wrap="nowrap">
          {action}
          <ColorSchemeToggle />
          {hasSession && user ? <ProfileMenu /> : <LanguageMenu />}
        </Group>
      </Group>
    </Box>
  );
}

function ColorSchemeToggle() {
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

function LanguageItems() {
  const active = currentLanguage();
  return SUPPORTED_LANGUAGES.map((language: Language) => (
    <Menu.Item
      key={language}
      lang={language}
      onClick={() => void setLanguage(language)}
      leftSection={
        active === language ? <IconCheck size={18} aria-hidden="true" /> : <span className={classes.spacer} />
      }
      aria-current={active === language ? "true" : undefined}
      data-testid={`menu-language-${language}`}
    >
      {LANGUAGE_NAMES[language]}
    </Menu.Item>
  ));
}

function LanguageMenu() {
  const { t } = useTranslation();
  return (
    <Menu
      position="bottom-end"
      shadow="md"
      width={200}
      withInitialFocusPlaceholder={false}
      withinPortal={false}
    >
      <Menu.Target>
        <ActionIcon
          variant="default"
          size="xl"
          aria-label={t("topBar.chooseLanguage")}
          title={t("topBar.chooseLanguage")}
        >
          <IconLanguage size={22} aria-hidden="true" />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t("topBar.language")}</Menu.Label>
        <LanguageItems />
      </Menu.Dropdown>
    </Menu>
  );
}

function ProfileMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  const [opened, setOpened] = useState(false);

  // Any navigation closes the menu, including back and forward.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location is the trigger
  useEffect(() => {
    setOpened(false);
  }, [location.key]);

  if (!user) return null;

  const handleSignOut = async () => {
    setOpened(false);
    await signOut(queryClient);
    navigate("/", { replace: true });
  };

  return (
    <Menu
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      shadow="md"
      width={280}
      closeOnItemClick
      withInitialFocusPlaceholder={false}
      withinPortal={false}
    >
      <Menu.Target>
        <UnstyledButton
          className={classes.avatarButton}
          aria-label={t("topBar.openProfileMenu")}
          data-testid="profile-menu"
        >
          <Avatar color="choir" variant="filled" radius="xl" size={44} aria-hidden="true">
            {getInitials(user.name || user.email)}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Box px="sm" py="xs">
          <Text fw={700} truncate="end">
            {user.name}
          </Text>
          <Text size="sm" c="dimmed" truncate="end">
            {user.email}
          </Text>
          <Badge mt={6} variant="outline" size="md">
            {t(`roles.${user.role}`)}
          </Badge>
        </Box>
        <Menu.Divider />
        <Menu.Item component={Link} to="/profile" leftSection={<IconUser size={18} aria-hidden="true" />}>
          {t("topBar.profile")}
        </Menu.Item>
        <Menu.Item
          component={Link}
          to="/settings"
          leftSection={<IconSettings size={18} aria-hidden="true" />}
        >
          {t("topBar.settings")}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Label>{t("topBar.language")}</Menu.Label>
        <LanguageItems />
        <Menu.Divider />
        <Menu.Item
          onClick={() => void handleSignOut()}
          leftSection={<IconLogout size={18} aria-hidden="true" color="var(--mantine-color-red-filled)" />}
          data-testid="sign-out"
        >
          {t("topBar.signOut")}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
