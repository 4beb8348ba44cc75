import { Box, Container, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { currentLanguage } from "../../../lib/i18n";
import classes from "../landing.module.css";
import { PICTURE_HEIGHT, PICTURE_WIDTH, picturePath, TOUR } from "../pictures";

/**
 * What singing with the app looks like: four screens of the app as it is (sing mode, following the director, the
 * practice player, a playlist without a connection), each with a sentence. The pictures load when they come near.
 */
export function ProductTour({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  return (
    <Box
      component="section"
      id={id}
      className={`${classes.section} ${classes.alt}`}
      aria-labelledby="tour-title"
    >
      <Container size="lg" py={{ base: 48, sm: 72 }}>
        <Stack gap="xs" align="center" ta="center" mb="xl">
          <Title order={2} id="tour-title">
            {t("landing.tour.title")}
          </Title>
          <Text size="lg" c="dimmed" maw={640}>
            {t("landing.tour.subtitle")}
          </Text>
        </Stack>
        <ul className={classes.tour}>
          {TOUR.map((stop) => (
            <li key={stop} className={classes.stop} data-testid={`tour-${stop}`}>
              <img
                className={classes.picture}
                src={picturePath(stop, language)}
                alt={t(`landing.tour.${stop}.alt`)}
                width={PICTURE_WIDTH}
                height={PICTURE_HEIGHT}
                loading="lazy"
                decoding="async"
              />
              <Title order={3} size="h4" mt="md">
                {t(`landing.tour.${stop}.title`)}
              </Title>
              <Text mt={4}>{t(`landing.tour.${stop}.description`)}</Text>
            </li>
          ))}
        </ul>
      </Container>
    </Box>
  );
}
