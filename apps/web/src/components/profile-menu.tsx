import { Badge, Box, Menu, Text } from "@mantine/core";
import { IconCheck, IconLogout, IconSettings, IconUser } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router";
import {
  currentLanguage,
  LANGUAGE_NAMES,
  type Language,
  SUPPORTED_LANGUAGES,
  setLanguage,
} from "../lib/i18n";
import { signOut, useCurrentUser } from "../lib/session";
import { AvatarButton } from "./avatar-button";
import classes from "./top-bar.module.css";

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

/** The signed-in person's menu: who they are, profile, settings, language and sign-out. */
export function ProfileMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  // It mounts when the avatar is first clicked (top-bar.tsx): open from the start.
  const [opened, setOpened] = useState(true);

  // Any navigation closes the menu, including back and forward.
  const shownAt = useRef(location.key);
  useEffect(() => {
    if (location.key === shownAt.current) return;
    shownAt.current = location.key;
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
        <AvatarButton user={user} />
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
