import { Box, Button, Container, Group, Stack, Text, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { IconArrowDown, IconArrowRight } from "@tabler/icons-react";
import type { MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { signInUrl } from "../../../lib/sign-in";
import { CallToAction } from "../components/call-to-action";
import { Features } from "../components/features";
import { InstallCard } from "../components/install-card";
import { LandingLayout } from "../components/landing-layout";
import { SocialProof } from "../components/social-proof";
import classes from "../landing.module.css";

export const FEATURES_SECTION_ID = "features";

export function LandingPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t("app.name")} · ${t("app.tagline")}`);

  // The page arrives drawn, before its scripts: its actions are links, so a tap works before the app has taken
  // the page over (sign-in is a navigation anyway; "learn more" jumps to the features, and glides once the app runs).
  const learnMore = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const reduceMotion = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    document
      .getElementById(FEATURES_SECTION_ID)
      ?.scrollIntoView({ behavior: reduceMotion ? "auto" : "smooth", block: "start" });
  };

  return (
    <LandingLayout
      data-testid="landing-page"
      action={
        <Button component="a" href={signInUrl()} variant="subtle" visibleFrom="xs">
          {t("common.signIn")}
        </Button>
      }
    >
      <Box component="section" className={classes.hero} aria-labelledby="landing-title">
        <Container size="md" py={{ base: 48, sm: 88 }}>
          <Stack gap="lg" align="center" ta="center">
            <Text className={classes.eyebrow} fw={700} tt="uppercase" size="sm">
              {t("landing.hero.eyebrow")}
            </Text>
            <Title id="landing-title" order={1} className={classes.heroTitle}>
              {t("landing.hero.title")}
            </Title>
            <Text size="xl" maw={680} className={classes.heroText}>
              {t("landing.hero.subtitle")}
            </Text>
            <Group justify="center" gap="md" mt="sm">
              <Button
                component="a"
                href={signInUrl()}
                size="lg"
                rightSection={<IconArrowRight size={22} aria-hidden="true" />}
                data-testid="get-started"
              >
                {t("common.getStarted")}
              </Button>
              <Button
                component="a"
                href={`#${FEATURES_SECTION_ID}`}
                size="lg"
                variant="default"
                rightSection={<IconArrowDown size={22} aria-hidden="true" />}
                onClick={learnMore}
                data-testid="learn-more"
              >
                {t("landing.hero.learnMore")}
              </Button>
            </Group>
          </Stack>
        </Container>
      </Box>
      <Features id={FEATURES_SECTION_ID} />
      <SocialProof />
      <CallToAction href={signInUrl()} />
      <InstallCard />
    </LandingLayout>
  );
}
