import { Box, Container, Text, Title } from "@mantine/core";
import { IconCheck } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import classes from "../landing.module.css";

const POINTS = ["plan", "library", "invite"] as const;

/** What the director does with it, in three plain lines. */
export function ForDirectors() {
  const { t } = useTranslation();
  return (
    <Box component="section" className={classes.section} aria-labelledby="directors-title">
      <Container size="sm" py={{ base: 48, sm: 72 }}>
        <Title order={2} id="directors-title" ta="center">
          {t("landing.directors.title")}
        </Title>
        <ul className={classes.points}>
          {POINTS.map((point) => (
            <li key={point}>
              <span className={classes.check} aria-hidden="true">
                <IconCheck size={16} />
              </span>
              <Text component="span" size="lg">
                {t(`landing.directors.${point}`)}
              </Text>
            </li>
          ))}
        </ul>
      </Container>
    </Box>
  );
}
