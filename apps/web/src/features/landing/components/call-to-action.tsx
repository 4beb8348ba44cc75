import { Box, Button, Container, Stack, Text, Title } from "@mantine/core";
import { IconArrowRight } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import classes from "../landing.module.css";

/** The closing invitation to sign in: a link, so it works on the page as sent, before the app has taken it over. */
export function CallToAction({ href }: { href: string }) {
  const { t } = useTranslation();
  return (
    <Box component="section" aria-labelledby="cta-title" pb={{ base: 48, sm: 72 }}>
      <Container size="md">
        <Stack className={classes.cta} align="center" ta="center" gap="md" p={{ base: "xl", sm: 48 }}>
          <Title order={2} id="cta-title">
            {t("landing.cta.title")}
          </Title>
          <Text size="lg" maw={560}>
            {t("landing.cta.description")}
          </Text>
          <Button
            component="a"
            href={href}
            size="lg"
            variant="white"
            color="dark"
            rightSection={<IconArrowRight size={22} aria-hidden="true" />}
            data-testid="cta-sign-in"
          >
            {t("landing.cta.button")}
          </Button>
        </Stack>
      </Container>
    </Box>
  );
}
