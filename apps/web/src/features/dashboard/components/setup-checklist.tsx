import {
  Anchor,
  Button,
  Card,
  Group,
  List,
  Progress,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import {
  IconArrowRight,
  IconCheck,
  IconChevronDown,
  IconChevronUp,
  IconCircleDashed,
} from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { touchLink } from "../../../components/touch-link";
import { setupFolded } from "../../../lib/storage";
import type { SetupStep } from "../dashboard";

/**
 * What a director still has to set up: each step a link to where it is done; the steps already done ticked off. The
 * list folds away (remembered on this device) and the card is gone once everything is done (the page leaves it out).
 */
export function SetupChecklist({ steps, percent }: { steps: SetupStep[]; percent: number }) {
  const { t } = useTranslation();
  const [isFolded, setFolded] = useState(setupFolded.get);
  const fold = (folded: boolean) => {
    setupFolded.set(folded);
    setFolded(folded);
  };

  return (
    <Card component="section" aria-labelledby="setup-title" data-testid="setup-progress">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Title order={2} size="h3" id="setup-title">
          {t("dashboard.setup.title")}
        </Title>
        <Text fw={700} data-testid="setup-percent">
          {t("dashboard.setup.percent", { percent })}
        </Text>
      </Group>
      <Progress value={percent} size="lg" mt="sm" aria-label={t("dashboard.setup.title")} />
      {isFolded ? null : (
        <List id="setup-steps" mt="md" spacing="xs" center listStyleType="none" data-testid="setup-steps">
          {steps.map((step) => (
            <List.Item
              key={step.id}
              data-done={step.done || undefined}
              data-testid={`setup-step-${step.id}`}
              icon={
                <ThemeIcon
                  size={26}
                  radius="xl"
                  variant={step.done ? "filled" : "default"}
                  aria-hidden="true"
                >
                  {step.done ? <IconCheck size={16} /> : <IconCircleDashed size={16} />}
                </ThemeIcon>
              }
            >
              {step.done ? (
                <Text span td="line-through" c="dimmed">
                  {t(`dashboard.setup.${step.id}`)}
                  <VisuallyHidden>{` (${t("dashboard.setup.done")})`}</VisuallyHidden>
                </Text>
              ) : (
                <Anchor
                  component={Link}
                  to={step.to}
                  fw={600}
                  className={touchLink}
                  data-testid={`setup-link-${step.id}`}
                >
                  {t(`dashboard.setup.${step.id}`)}
                  <IconArrowRight
                    size={18}
                    aria-hidden="true"
                    style={{ marginInlineStart: 6, verticalAlign: "middle" }}
                  />
                </Anchor>
              )}
            </List.Item>
          ))}
        </List>
      )}
      <Group justify="flex-end" mt="xs">
        <Button
          variant="subtle"
          size="sm"
          onClick={() => fold(!isFolded)}
          aria-expanded={!isFolded}
          aria-controls="setup-steps"
          rightSection={
            isFolded ? (
              <IconChevronDown size={18} aria-hidden="true" />
            ) : (
              <IconChevronUp size={18} aria-hidden="true" />
            )
          }
          data-testid="setup-fold"
        >
          {isFolded ? t("dashboard.setup.show") : t("dashboard.setup.hide")}
        </Button>
      </Group>
    </Card>
  );
}
