import { Box, Button, Card, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { IconArrowRight, IconCheck, IconCrown, IconMusic } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { type KeyboardEvent, type ReactNode, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { PageLayout } from "../../../components/page-layout";
import { currentUserKey } from "../../../lib/session";
import { pendingInviteToken } from "../../../lib/storage";
import { authErrorPath } from "../../auth/auth-error";
import { acceptPendingInvite } from "../../invitations/api";
import { destinationAfterOnboarding, type UsageType, useCompleteOnboarding } from "../api";
import classes from "../onboarding.module.css";

interface Choice {
  type: UsageType;
  icon: ReactNode;
  points: string[];
}

const CHOICES: Choice[] = [
  { type: "admin", icon: <IconCrown size={32} />, points: ["create", "invite", "playlists"] },
  { type: "general", icon: <IconMusic size={32} />, points: ["browse", "join"] },
];

export function OnboardingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [selected, setSelected] = useState<UsageType | null>(null);
  const cardRefs = useRef<Record<UsageType, HTMLDivElement | null>>({ admin: null, general: null });
  const completion = useCompleteOnboarding();
  const queryClient = useQueryClient();
  useDocumentTitle(`${t("onboarding.title")} · ${t("app.name")}`);

  const select = (type: UsageType, focus = false) => {
    setSelected(type);
    if (focus) cardRefs.current[type]?.focus();
  };

  // Radio-group keyboard behaviour: arrows move and select, Space and Enter select.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>, index: number) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (step) {
      event.preventDefault();
      const next = CHOICES[(index + step + CHOICES.length) % CHOICES.length]!;
      select(next.type, true);
    } else if (event.key === " " || event.key === "Enter") {
      event.preventDefault();
      select(CHOICES[index]!.type);
    }
  };

  const submit = async () => {
    if (!selected) return;
    try {
      await completion.mutateAsync(selected);
    } catch {
      navigate(authErrorPath("generic"), { replace: true });
      return;
    }
    const inviteToken = pendingInviteToken.get();
    if (inviteToken) {
      try {
        await acceptPendingInvite(inviteToken);
        await queryClient.invalidateQueries({ queryKey: currentUserKey });
        navigate("/dashboard", { replace: true });
        return;
      } catch {
        // The invitation could not be used; continue as if there was none.
      }
    }
    navigate(destinationAfterOnboarding(selected), { replace: true });
  };

  return (
    <PageLayout size="md" data-testid="onboarding-page">
      <Stack gap="xs" align="center" ta="center" mb="xl">
        <Title order={1} id="onboarding-title">
          {t("onboarding.title")}
        </Title>
        <Text size="lg" c="dimmed" maw={560}>
          {t("onboarding.subtitle")}
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" role="radiogroup" aria-labelledby="onboarding-title">
        {CHOICES.map((choice, index) => {
          const isSelected = selected === choice.type;
          const isTabStop = isSelected || (selected === null && index === 0);
          return (
            <Card
              key={choice.type}
              ref={(node: HTMLDivElement | null) => {
                cardRefs.current[choice.type] = node;
              }}
              role="radio"
              aria-checked={isSelected}
              aria-labelledby={`onboarding-${choice.type}-title`}
              aria-describedby={`onboarding-${choice.type}-description`}
              tabIndex={isTabStop ? 0 : -1}
              className={classes.choice}
              data-selected={isSelected || undefined}
              onClick={() => select(choice.type)}
              onKeyDown={(event: KeyboardEvent<HTMLDivElement>) => onKeyDown(event, index)}
              data-testid={`onboarding-${choice.type}`}
            >
              <Box className={classes.check} aria-hidden="true">
                {isSelected ? <IconCheck size={20} /> : null}
              </Box>
              <ThemeIcon size={60} radius="md" variant={isSelected ? "filled" : "light"} aria-hidden="true">
                {choice.icon}
              </ThemeIcon>
              <Text component="span" fw={700} size="xl" mt="md" id={`onboarding-${choice.type}-title`}>
                {t(`onboarding.${choice.type}.title`)}
              </Text>
              <Text mt={4} id={`onboarding-${choice.type}-description`}>
                {t(`onboarding.${choice.type}.description`)}
              </Text>
              <List
                mt="md"
                spacing={6}
                icon={<IconCheck size={18} className={classes.pointIcon} aria-hidden="true" />}
              >
                {choice.points.map((point) => (
                  <List.Item key={point}>{t(`onboarding.${choice.type}.${point}`)}</List.Item>
                ))}
              </List>
            </Card>
          );
        })}
      </SimpleGrid>
      {selected ? (
        <Stack align="center" mt="xl">
          <Button
            size="lg"
            onClick={() => void submit()}
            loading={completion.isPending}
            rightSection={<IconArrowRight size={22} aria-hidden="true" />}
            data-testid="onboarding-continue"
          >
            {t("onboarding.continue")}
          </Button>
        </Stack>
      ) : null}
    </PageLayout>
  );
}
