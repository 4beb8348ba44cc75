import { Avatar, UnstyledButton } from "@mantine/core";
import type { ComponentPropsWithRef } from "react";
import { useTranslation } from "react-i18next";
import { getInitials } from "../lib/initials";
import classes from "./top-bar.module.css";

/** The signed-in person's initials, as the button that opens the profile menu. */
export function AvatarButton({
  user,
  ...props
}: { user: { name: string; email: string } } & ComponentPropsWithRef<"button">) {
  const { t } = useTranslation();
  return (
    <UnstyledButton
      className={classes.avatarButton}
      aria-label={t("topBar.openProfileMenu")}
      data-testid="profile-menu"
      {...props}
    >
      <Avatar color="choir" variant="filled" radius="xl" size={44} aria-hidden="true">
        {getInitials(user.name || user.email)}
      </Avatar>
    </UnstyledButton>
  );
}
