import { Avatar, Box, Container, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconStarFilled } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { getInitials } from "../../../lib/initials";
import classes from "../landing.module.css";

const STATS = ["choirs", "songs", "members", "uptime"] as const;
export const TESTIMONIAL_STARS = 5;
const STAR_KEYS = Array.from({ length: TESTIMONIAL_STARS }, (_, index) => `star-${index + 1}`);

export function SocialProof() {
  const { t } = useTranslation();
  const author = t("landing.socialProof.testimonialAuthor");
  return (
    <Box component="section" className={classes.section} aria-labelledby="social-proof-title">
      <Container size="lg" py={{ base: 48, sm: 72 }}>
        <Title order={2} id="social-proof-title" ta="center" mb="xl">
          {t("landing.socialProof.title")}
        </Title>
        <dl className={classes.stats}>
          {STATS.map((stat) => (
            <Stack key={stat} gap={4} className={classes.stat} style={{ flexDirection: "column-reverse" }}>
              <Text component="dt" size="lg" fw={600}>
                {t(`landing.socialProof.${stat}Label`)}
              </Text>
              <Text component="dd" className={classes.statValue} m={0}>
                {t(`landing.socialProof.${stat}Value`)}
              </Text>
            </Stack>
          ))}
        </dl>
        <Paper
          withBorder
          shadow="sm"
          p={{ base: "lg", sm: "xl" }}
          mt={56}
          maw={760}
          mx="auto"
          component="figure"
        >
          <Group gap={4} role="img" aria-label={t("landing.socialProof.rating")} mb="md">
            {STAR_KEYS.map((key) => (
              <IconStarFilled key={key} size={24} className={classes.star} aria-hidden="true" />
            ))}
          </Group>
          <blockquote className={classes.quote}>“{t("landing.socialProof.testimonial")}”</blockquote>
          <Group component="figcaption" mt="lg" gap="sm">
            <Avatar color="choir" radius="xl" aria-hidden="true">
              {getInitials(author)}
            </Avatar>
            <div>
              <Text fw={700}>{author}</Text>
              <Text size="sm" c="dimmed">
                {t("landing.socialProof.testimonialRole")}
              </Text>
            </div>
          </Group>
        </Paper>
      </Container>
    </Box>
  );
}
