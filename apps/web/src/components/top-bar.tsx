import { ActionIcon } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { useCurrentUser } from "../lib/session";
import { authToken } from "../lib/storage";
import { AvatarButton } from "./avatar-button";
import { BrandMark, brandClassName, ColorSchemeToggle, LanguageSwitch, TopBarFrame } from "./top-bar-frame";

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
    <TopBarFrame
      start={
        <>
          {back ? (
            <ActionIcon
              variant="subtle"
              size="xl"
              onClick={goBack}
              aria-label={t("topBar.back")}
              title={t("topBar.back")}
            >
              <IconArrowLeft size={26} aria-hidden="true" />
            </ActionIcon>
          ) : null}
          <Link to={hasSession ? "/dashboard" : "/"} className={brandClassName} aria-label={t("topBar.home")}>
            <BrandMark title={title} />
          </Link>
        </>
      }
    >
      {action}
      <ColorSchemeToggle />
      {hasSession && user ? <ProfileMenuButton /> : <LanguageSwitch />}
    </TopBarFrame>
  );
}

const loadProfileMenu = () => import("./profile-menu");
const ProfileMenu = lazy(async () => ({ default: (await loadProfileMenu()).ProfileMenu }));

/**
 * The avatar; the menu's code (and the popover library under it) loads when the pointer or focus comes near, and
 * the menu takes over at the first click, opened, with focus inside it.
 */
function ProfileMenuButton() {
  const { data: user } = useCurrentUser();
  const [clicked, setClicked] = useState(false);
  if (!user) return null;
  if (clicked) {
    return (
      <Suspense fallback={<AvatarButton user={user} />}>
        <ProfileMenu />
      </Suspense>
    );
  }
  const prefetch = () => void loadProfileMenu();
  return (
    <AvatarButton user={user} onPointerEnter={prefetch} onFocus={prefetch} onClick={() => setClicked(true)} />
  );
}
