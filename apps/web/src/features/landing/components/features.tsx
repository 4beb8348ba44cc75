import { Box, Card, Container, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
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
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {FEATURES.map((feature) => (
            <Card key={feature.key} shadow="xs">
              <ThemeIcon size={56} radius="md" variant="light" aria-hidden="true">
                {feature.icon}
              </ThemeIcon>
              <Title order={3} mt="md">
                {t(`landing.features.${feature.key}.title`)}
              </Title>
              <Text mt="xs">{t(`landing.features.${feature.key}.description`)}</Text>
              <List
                mt="md"
                spacing="xs"
                icon={
                  <ThemeIcon size={24} radius="xl" color="teal.8" aria-hidden="true">
                    <IconCheck size={16} />
                  </ThemeIcon>
                }
              >
                {feature.points.map((point) => (
                  <List.Item key={point}>{t(`landing.features.${feature.key}.${point}`)}</List.Item>
                ))}
              </List>
            </Card>
          ))}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg" mt={48}>
          {HIGHLIGHTS.map((item) => (
            <Stack key={item.key} gap={6} align="center" ta="center">
              <ThemeIcon size={48} radius="xl" variant="filled" aria-hidden="true">
                {item.icon}
              </ThemeIcon>
              <Title order={3} size="h4">
                {t(`landing.features.${item.key}.title`)}
              </Title>
              <Text>{t(`landing.features.${item.key}.description`)}</Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
