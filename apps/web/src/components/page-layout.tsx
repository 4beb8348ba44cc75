import { type MantineSize, UnstyledButton } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, NavLink } from "react-router";
import { PageFrame } from "./page-frame";
import classes from "./page-layout.module.css";
import { TopBar, type TopBarProps } from "./top-bar";

export interface BottomNavItem {
  path: string;
  name: string;
  icon?: ReactNode;
  /** Marks the tab current; by default a tab is current when the address is its path. */
  isActive?: boolean;
  "data-testid"?: string;
}

export interface PageLayoutProps extends TopBarProps {
  children: ReactNode;
  /** Tabs fixed to the bottom of the screen. */
  bottomNav?: BottomNavItem[];
  /** Width of the main column; false for full width. */
  size?: MantineSize | false;
  "data-testid"?: string;
}

/** Header (top bar), main area, footer and an optional bottom navigation. */
export function PageLayout({
  children,
  bottomNav,
  size = "md",
  title,
  back,
  action,
  ...rest
}: PageLayoutProps) {
  const { t } = useTranslation();
  return (
    <PageFrame
      header={<TopBar title={title} back={back} action={action} />}
      size={size}
      data-testid={rest["data-testid"]}
      bottomNav={
        bottomNav?.length ? (
          <nav className={classes.bottomNav} aria-label={t("layout.bottomNavigation")}>
            {bottomNav.map((item) => (
              <UnstyledButton
                key={item.path}
                component={item.isActive === undefined ? NavLink : Link}
                to={item.path}
                className={classes.tab}
                aria-current={item.isActive ? "page" : undefined}
                data-testid={item["data-testid"]}
              >
                {item.icon}
                <span>{item.name}</span>
              </UnstyledButton>
            ))}
          </nav>
        ) : undefined
      }
    >
      {children}
    </PageFrame>
  );
}
