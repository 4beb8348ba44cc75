import { Box, Button, Container, Group, Stack, Text, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { IconArrowDown, IconArrowRight } from "@tabler/icons-react";
import type { MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { narrowButtonClassName } from "../../../components/top-bar-frame";
import { currentLanguage } from "../../../lib/i18n";
import { signInUrl } from "../../../lib/sign-in";
import { CallToAction } from "../components/call-to-action";
import { ForDirectors } from "../components/for-directors";
import { InstallCard } from "../components/install-card";
import { LandingLayout } from "../components/landing-layout";
import { ProductTour } from "../components/product-tour";
import classes from "../landing.module.css";

export const FEATURES_SECTION_ID = "features";

/**
 * A signed-out visitor's first screen: what the app is, shown in pictures of the app itself, and a way in. It claims
 * nothing that was not measured: no counts of choirs or songs, no uptime, no testimonials (docs/decisions/0103).
 */
export function LandingPage() {
  const { t, i18n } = useTranslation();
  // The sign-in page the server writes itself (the local one) speaks the language the page is shown in.
  const signIn = signInUrl(null, currentLanguage(i18n));
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
        // Visible at every width: on a phone it says the short word, leaving the brand its room.
        <Button
          component="a"
          href={signIn}
          variant="subtle"
          h={44}
          px="sm"
          className={narrowButtonClassName}
          data-testid="top-sign-in"
        >
          <span className={classes.signInLong}>{t("common.signIn")}</span>
          <span className={classes.signInShort}>{t("landing.signInShort")}</span>
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
                href={signIn}
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
      <ProductTour id={FEATURES_SECTION_ID} />
      <ForDirectors />
      <CallToAction href={signIn} />
      <InstallCard />
    </LandingLayout>
  );
}
