import { Box, Container, Paper, Stack, Text, Title } from "@mantine/core";
import {
  IconBolt,
  IconCheck,
  IconDeviceMobile,
  IconMusic,
  IconPlaylist,
  IconShieldLock,
  IconUsersGroup,
} from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import classes from "../landing.module.css";

interface Feature {
  key: "choirs" | "songs" | "playlists";
  icon: ReactNode;
  points: string[];
}

const FEATURES: Feature[] = [
  { key: "choirs", icon: <IconUsersGroup size={30} />, points: ["invitations", "roles"] },
  { key: "songs", icon: <IconMusic size={30} />, points: ["chordpro", "arrangements"] },
  { key: "playlists", icon: <IconPlaylist size={30} />, points: ["templates", "scheduling"] },
];

const HIGHLIGHTS = [
  { key: "secure", icon: <IconShieldLock size={26} /> },
  { key: "quickSetup", icon: <IconBolt size={26} /> },
  { key: "mobile", icon: <IconDeviceMobile size={26} /> },
] as const;

export function Features({ id }: { id: string }) {
  const { t } = useTranslation();
  return (
    <Box
      component="section"
      id={id}
      className={`${classes.section} ${classes.alt}`}
      aria-labelledby="features-title"
    >
      <Container size="lg" py={{ base: 48, sm: 72 }}>
        <Stack gap="xs" align="center" ta="center" mb="xl">
          <Title order={2} id="features-title">
            {t("landing.features.title")}
          </Title>
          <Text size="lg" c="dimmed">
            {t("landing.features.subtitle")}
          </Text>
        </Stack>
        {/* Plain grids, lists and icon badges styled here: the landing page loads as little as it can. */}
        <div className={classes.columns}>
          {FEATURES.map((feature) => (
            <Paper key={feature.key} shadow="xs" p="md">
              <span className={classes.featureIcon} aria-hidden="true">
                {feature.icon}
              </span>
              <Title order={3} mt="md">
                {t(`landing.features.${feature.key}.title`)}
              </Title>
              <Text mt="xs">{t(`landing.features.${feature.key}.description`)}</Text>
              <ul className={classes.points}>
                {feature.points.map((point) => (
                  <li key={point}>
                    <span className={classes.check} aria-hidden="true">
                      <IconCheck size={16} />
                    </span>
                    <Text component="span">{t(`landing.features.${feature.key}.${point}`)}</Text>
                  </li>
                ))}
              </ul>
            </Paper>
          ))}
        </div>
        <div className={classes.columns} style={{ marginTop: 48 }}>
          {HIGHLIGHTS.map((item) => (
            <Stack key={item.key} gap={6} align="center" ta="center">
              <span className={classes.highlightIcon} aria-hidden="true">
                {item.icon}
              </span>
              <Title order={3} size="h4">
                {t(`landing.features.${item.key}.title`)}
              </Title>
              <Text>{t(`landing.features.${item.key}.description`)}</Text>
            </Stack>
          ))}
        </div>
      </Container>
    </Box>
  );
}
